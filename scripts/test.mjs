// `npm test`: every check; stops at the first failure and exits non-zero. The type check and the lint are two
// single-threaded processes, so they run side by side (their output is printed in order once both end); the test
// suites, which use both cores themselves, run one after the other.
import { spawn, spawnSync } from 'node:child_process';

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

for (const [name, args] of steps) {
  if (only && !name.startsWith(only)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync('npm', args, { stdio: 'inherit', shell: false });
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s) ===`);
  if (r.status !== 0) fail(r.status);
  passed += 1;
}
console.log(`\nsteps: ${passed} passed, 0 failed`);
