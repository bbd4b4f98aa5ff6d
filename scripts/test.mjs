// `npm test`: every check in order; stops at the first failure and exits non-zero.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit and integration (Vitest)', ['run', 'test:unit']],
  ['end-to-end (Playwright)', ['run', 'test:e2e']],
];
const only = process.argv[2];
let passed = 0;
for (const [name, args] of steps) {
  if (only && !name.startsWith(only)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync('npm', args, { stdio: 'inherit', shell: false });
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s) ===`);
  if (r.status !== 0) {
    console.log(`\nsteps: ${passed} passed, 1 failed`);
    process.exit(r.status ?? 1);
  }
  passed += 1;
}
console.log(`\nsteps: ${passed} passed, 0 failed`);
