// Issue 34's 'done when' from one run: bench/data-api.mjs (the data API next to a minimal server, a minimal server with
// an in-memory cache and PostGraphile, the cache's spread and miss-path reads, the access line's cost), then
// bench/auth-burst.mjs (sign-in next to a bare argon2id verify loop, with reads beside both), one after the other in
// processes of their own (never together: they would share the two cores). Each appends its own section to
// bench/RESULTS.md; this script appends a last one judging every bar from the figures those two produced in this run.
//   node bench/issue34.mjs        (BENCH_ROUNDS applies to both; default 5 here)
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const figuresFile = join(mkdtempSync(join(tmpdir(), 'bench-34-')), 'figures.jsonl');
const env = {
  ...process.env,
  BENCH_ROUNDS: process.env.BENCH_ROUNDS ?? '5',
  BENCH_FIGURES_FILE: figuresFile,
  BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
};
delete env.BENCH_ONLY;
const started = new Date().toISOString().slice(0, 16).replace('T', ' ');
for (const script of ['bench/data-api.mjs', 'bench/auth-burst.mjs']) {
  console.log(`\n> node ${script}`);
  const r = spawnSync(process.execPath, [script], { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`node ${script} failed (${r.status})`);
}

const f = Object.assign(
  {},
  ...readFileSync(figuresFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l)),
);
const d = f.dataApi ?? {};
const bars = [
  ['data API uncached ÷ minimal server, single row (default logging)', d['uncached single ÷ minimal'], 0.9],
  ['data API uncached ÷ minimal server, list of 20 (default logging)', d['uncached list ÷ minimal'], 0.9],
  ['cached ÷ minimal server with an in-memory cache, single row', d['cached single ÷ minimal + cache'], 0.8],
  ['cached ÷ minimal server with an in-memory cache, list of 20', d['cached list ÷ minimal + cache'], 0.8],
  ['`ttl` ÷ cache off at ≈ 10 % hits', d['ttl ÷ off, ≈ 10 % hits'], 0.97],
  ['uncached ÷ PostGraphile, single row', d['uncached single ÷ PostGraphile'], 1.8],
  ['uncached ÷ PostGraphile, list of 20', d['uncached list ÷ PostGraphile'], 1.8],
  ['sign-in ÷ bare argon2id, reads beside both', f.loginBesideReads, 0.9],
];
// Asked for in 'What to build', judged the same way: the miss path alone and the access line's cost (≤ 5 %).
const also = [
  ['`ttl` ÷ cache off, miss path alone (uniform reads)', d['ttl ÷ off, miss path alone'], 0.97],
  ['access line on ÷ LOG_LEVEL=warn, uncached single row', d['access log on: uncached single ÷ LOG_LEVEL=warn'], 0.95],
  ['access line on ÷ LOG_LEVEL=warn, cached single row', d['access log on: cached single ÷ LOG_LEVEL=warn'], 0.95],
];
const row = ([label, x, goal]) =>
  `| ${label} | ${x === undefined ? '—' : `**${x.toFixed(2)}**`} | ≥ ${goal} | ${x !== undefined && x >= goal ? 'yes' : '**no**'} |`;
const met = bars.filter(([, x, goal]) => x !== undefined && x >= goal).length;
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${loadavg()
  .map((x) => x.toFixed(1))
  .join(' ')}`;
const text = `
## ${started} UTC — issue 34: every 'done when' bar from one run (node bench/issue34.mjs) — ${machine}

The two sections just above ("issue 34: the data API next to a minimal server and PostGraphile" and the sign-in part
of "a signed-in request while others sign in") were produced by this run, one after the other; their tables hold the medians, spreads and CPU
figures these ratios come from.

| bar | measured | goal | met |
|---|---:|---:|---|
${bars.map(row).join('\n')}

${met} of ${bars.length} bars met. Also asked for by the issue:

| | measured | goal | met |
|---|---:|---:|---|
${also.map(row).join('\n')}
`;
appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
console.log(text);
