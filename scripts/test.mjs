// `npm test`: every check; stops at the first failure and exits non-zero. The type check and the lint are two
// single-threaded processes, so they run side by side (their output is printed in order once both end); the test
// suites, which use both cores themselves, run one after the other. The web build the end-to-end step serves (the
// build half of `npm run test:e2e`) runs beside Vitest, its output printed when Vitest ends: it needs ≈ 9 s of CPU,
// which Vitest's waits on processes and databases leave (decision 054); Playwright then runs on that build.
import { spawn } from 'node:child_process';

const parallel = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
];
const steps = [
  ['unit and integration (Vitest)', ['run', 'test:unit']],
  ['end-to-end (Playwright)', ['run', 'test:e2e']],
];
const only = process.argv[2];
let passed = 0;

function fail(status) {
  console.log(`\nsteps: ${passed} passed, 1 failed`);
  process.exit(status ?? 1);
}

/** Runs a step with its output captured; resolves with its status and output. */
function captured(args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (status) => resolve({ status, out: Buffer.concat(out).toString(), seconds: (Date.now() - started) / 1000 }));
  });
}

const chosen = parallel.filter(([name]) => !only || name.startsWith(only));
const results = await Promise.all(chosen.map(([, args]) => captured(args)));
for (const [i, [name]] of chosen.entries()) {
  const r = results[i];
  console.log(`\n=== ${name} ===`);
  process.stdout.write(r.out);
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${r.seconds.toFixed(1)} s, beside ${chosen.length - 1} other) ===`);
}
const failed = results.find((r) => r.status !== 0);
if (failed) fail(failed.status);
passed += chosen.length;

/** Runs a step with its output on ours; resolves with its status. */
function inherited(command, args) {
  return new Promise((resolve) => spawn(command, args, { stdio: 'inherit' }).on('close', (status) => resolve(status)));
}

const chosenSteps = steps.filter(([name]) => !only || name.startsWith(only));
// Both suites: the build starts with Vitest; the end-to-end step is then `test:e2e` without its build.
const early = chosenSteps.length === steps.length ? captured(['run', 'build']) : undefined;
for (const [name, args] of chosenSteps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  let status;
  if (early && args[1] === 'test:e2e') {
    const build = await early;
    console.log(`--- web build (beside Vitest, ${build.seconds.toFixed(1)} s) ---`);
    process.stdout.write(build.out);
    status = build.status === 0 ? await inherited(process.execPath, ['scripts/check-chromium.mjs']) : build.status;
    if (status === 0) status = await inherited('npx', ['playwright', 'test']);
  } else status = await inherited('npm', args);
  console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s) ===`);
  if (status !== 0) fail(status);
  passed += 1;
}
console.log(`\nsteps: ${passed} passed, 0 failed`);
