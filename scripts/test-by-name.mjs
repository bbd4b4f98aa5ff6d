// `node scripts/test-by-name.mjs`: every Vitest test must pass when it is the only one selected (issue 28 item 6).
// Picks a sample of tests by name — COUNT (12) at random from every server, shared and web test file, seeded by the
// day (TEST_BY_NAME_SEED overrides) so that CI tries other ones each day, plus the fixed list below of tests that once
// leaned on an earlier test's data — and runs each one alone: `npx vitest run <file> -t "<exact name>"`. Fails when
// one fails or when a name selects no test. Two at a time, one worker each (the CI runner's two cores).
//
//   node scripts/test-by-name.mjs                      # the day's sample and the fixed list
//   node scripts/test-by-name.mjs --count 40 --seed x  # another sample
//   node scripts/test-by-name.mjs --all <files...>     # every test of these files, each alone (local use)
//   node scripts/test-by-name.mjs --list               # only print what would run
//
// Names come from the source (TypeScript's parser): `it('…')` / `test('…')` with a literal name. Tests made by
// `it.each`, and tests under `skip`/`skipIf`/`runIf`/`todo`, are left out of the random sample (their name or their
// running depends on a table or on the machine).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitestBin = join(root, 'node_modules/vitest/vitest.mjs');

/** Tests that once depended on an earlier test of their file (a row, an id, a count): they must stay standalone. */
const FIXED = [
  ['apps/server/src/modules/admin-builder/admin-builder.test.ts', 'exports the current filter as CSV and imports CSV with a preview and per-row errors'],
  [
    'apps/server/src/modules/admin-builder/admin-builder.test.ts',
    'enforces role rights on the server: a member without edit rights reads but gets 403 on writes',
  ],
  ['apps/server/src/modules/api-builder/api-builder.test.ts', 'counts calls per key per day and shows the hit ratio'],
  ['apps/server/src/modules/api-builder/end-user-auth.test.ts', 'writes under the policy: own rows only, another owner refused, updates reach only own rows'],
];

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const count = Number(opt('--count', process.env.TEST_BY_NAME_COUNT ?? 12));
const seed = opt('--seed', process.env.TEST_BY_NAME_SEED ?? new Date().toISOString().slice(0, 10));
const allAt = args.indexOf('--all');
const parallel = Number(opt('--parallel', 2));

/** The literal test names of a file, each with whether it may be picked at random. */
function testsOf(file) {
  const text = readFileSync(join(root, file), 'utf8');
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  /** The identifiers of a callee chain: it.skipIf(x) → ['it', 'skipIf']. */
  const chain = (e) => {
    const names = [];
    for (;;) {
      if (ts.isCallExpression(e)) e = e.expression;
      else if (ts.isPropertyAccessExpression(e)) {
        names.unshift(e.name.text);
        e = e.expression;
      } else break;
    }
    if (ts.isIdentifier(e)) names.unshift(e.text);
    return names;
  };
  const conditional = (names) => names.some((n) => ['skip', 'skipIf', 'runIf', 'todo', 'each', 'for', 'only', 'fails'].includes(n));
  const visit = (node, guarded) => {
    if (ts.isCallExpression(node) && node.arguments.length >= 2) {
      const names = chain(node.expression);
      const first = node.arguments[0];
      const literal = ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first) ? first.text : undefined;
      if (names[0] === 'describe' || names[0] === 'suite') {
        node.arguments.forEach((a) => visit(a, guarded || names.some((n) => ['skip', 'skipIf', 'runIf', 'todo'].includes(n))));
        return;
      }
      if ((names[0] === 'it' || names[0] === 'test') && literal !== undefined) {
        found.push({ file, name: literal, pickable: !guarded && !conditional(names) && !/%[sdifjo#$]/.test(literal) });
        return;
      }
    }
    ts.forEachChild(node, (c) => visit(c, guarded));
  };
  visit(src, false);
  return found;
}

/** A small seeded generator (mulberry32 over a string hash), so one seed gives one sample. */
function random(seedText) {
  let h = 1779033703 ^ seedText.length;
  for (const ch of seedText) h = Math.imul(h ^ ch.charCodeAt(0), 3432918353);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let chosen;
if (allAt >= 0) {
  chosen = args
    .slice(allAt + 1)
    .filter((a) => !a.startsWith('--'))
    .flatMap((f) => testsOf(relative(root, join(process.cwd(), f))))
    .filter((t) => !/%[sdifjo#$]/.test(t.name));
} else {
  const files = ['apps/server/src', 'packages/shared/src', 'apps/web/src']
    .flatMap((dir) => readdirSync(join(root, dir), { recursive: true }).map((f) => join(dir, String(f))))
    .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes('node_modules'))
    .sort();
  const pool = files.flatMap(testsOf).filter((t) => t.pickable);
  const next = random(seed);
  const picked = [];
  while (picked.length < Math.min(count, pool.length)) {
    const [t] = pool.splice(Math.floor(next() * pool.length), 1);
    picked.push(t);
  }
  const fixed = FIXED.map(([file, name]) => ({ file, name }));
  chosen = [...fixed, ...picked.filter((p) => !fixed.some((f) => f.file === p.file && f.name === p.name))];
  console.log(`test-by-name: seed ${seed}, ${picked.length} picked from ${pool.length + picked.length} + ${fixed.length} fixed`);
}

if (args.includes('--list')) {
  for (const t of chosen) console.log(`${t.file} › ${t.name}`);
  process.exit(0);
}

const out = mkdtempSync(join(tmpdir(), 'test-by-name-'));

/** Runs one test alone; resolves with what happened. */
function runOne(t, i) {
  return new Promise((resolve) => {
    const report = join(out, `${i}.json`);
    // Vitest matches -t against "<describe names> <test name>": the name must end the full name, after a space or alone.
    const pattern = `(^| )${escape(t.name)}$`;
    const started = Date.now();
    // --testTimeout: a test selected alone pays its file's cold start (imports, the first render), which in a whole-file
    // run the first test pays; the web project's 5 s (and the server's 30 s) are too tight for that on a loaded
    // two-core machine. A hang still fails.
    // Vitest's own entry, without npx's start-up (≈ 1 s of a two-core machine's time per test), on the Node npx would
    // pick (the project's, from node_modules/.bin).
    const child = spawn(
      'node',
      [vitestBin, 'run', t.file, '-t', pattern, '--maxWorkers=1', '--testTimeout=120000', '--reporter=json', `--outputFile=${report}`],
      {
        cwd: root,
        env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}` },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const log = [];
    child.stdout.on('data', (d) => log.push(d));
    child.stderr.on('data', (d) => log.push(d));
    child.on('close', (status) => {
      const seconds = (Date.now() - started) / 1000;
      let ran = [];
      let fileError = '';
      let failures = '';
      try {
        const json = JSON.parse(readFileSync(report, 'utf8'));
        ran = json.testResults.flatMap((f) => f.assertionResults).filter((a) => a.status === 'passed' || a.status === 'failed');
        failures = ran.flatMap((a) => a.failureMessages ?? []).join('\n');
        fileError = json.testResults
          .map((f) => f.message ?? '')
          .join(' ')
          .trim();
      } catch {
        // no report: the run failed before any test (a syntax error, a missing file); the status says so
      }
      const failed = ran.filter((a) => a.status === 'failed');
      const other = ran.filter((a) => a.title !== t.name).map((a) => a.title);
      const ok = status === 0 && ran.length > 0 && failed.length === 0;
      const why = fileError
        ? `the file failed: ${fileError.slice(0, 300)}`
        : !ran.length
          ? 'selected no test'
          : failed.length
            ? `${failed.length} failed`
            : status !== 0
              ? `exit ${status}`
              : '';
      resolve({ t, ok, why, seconds, ran: ran.length, other, log: failures || Buffer.concat(log).toString() });
    });
  });
}

const results = [];
let next = 0;
async function worker() {
  while (next < chosen.length) {
    const i = next++;
    const r = await runOne(chosen[i], i);
    results.push(r);
    console.log(
      `${r.ok ? 'ok  ' : 'FAIL'} ${r.seconds.toFixed(1).padStart(5)} s  ${r.t.file} › ${r.t.name}${r.ok ? ` (${r.ran} run${r.other.length ? `, also: ${r.other.join(' | ')}` : ''})` : ` — ${r.why}`}`,
    );
    if (!r.ok) console.log(r.log.split('\n').slice(-60).join('\n'));
  }
}
const started = Date.now();
await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
rmSync(out, { recursive: true, force: true });
const bad = results.filter((r) => !r.ok);
console.log(`test-by-name: ${results.length - bad.length} of ${results.length} passed alone in ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (bad.length) {
  for (const r of bad) console.log(`  FAILED alone: ${r.t.file} -t "${r.t.name}" (${r.why})`);
  process.exit(1);
}
