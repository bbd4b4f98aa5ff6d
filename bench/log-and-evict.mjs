// Issue 34 / decision 076, the two loop measurements behind the logging and eviction choices, in alternating rounds
// (BENCH_ROUNDS, default 5; medians, min–max):
//   1. an access line built by createAccessLog and written through (a) lib/request-log.ts's buffered standard output,
//      (b) pino's asynchronous SonicBoom destination (minLength 8 KB), (c) SonicBoom synchronous (minLength 8 KB) —
//      each in a child process writing to a file, 50 lines an event-loop turn; CPU µs a line;
//   2. evicting the oldest entry of a bounded Map under churn: `map.keys().next()` against lib/oldest-first.ts, at
//      2,000 and 10,000 entries; µs an eviction.
//   node bench/log-and-evict.mjs      (appends to bench/RESULTS.md)
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, openSync, closeSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oldestFirst } from '../apps/server/src/lib/oldest-first.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LINES = 200_000;

// ── Child: one destination, LINES lines, prints CPU µs a line.
if (process.argv[2] === 'child') {
  const { bufferedStdout, createAccessLog } = await import('../apps/server/src/lib/request-log.ts');
  const { default: pino } = await import('pino');
  const kind = process.argv[3];
  const dest =
    kind === 'buffer'
      ? bufferedStdout()
      : pino.destination({ dest: 1, sync: kind === 'sonic-sync', minLength: 8192, ...(kind === 'sonic-async' ? { periodicFlush: 500 } : {}) });
  const log = createAccessLog({ dest, level: 'info', sampleRate: 1 });
  const f = {
    reqId: 'e7fd5768-7641-42c6-8d51-25fac63e9d21',
    method: 'GET',
    url: '/api/v1/addbb5d2-5c6d-4fb4-817f-07fe360cfdbe/items?select=id,name,price,note&id=eq.4242',
    host: '127.0.0.1:3410',
    remoteAddress: '127.0.0.1',
    remotePort: 40790,
    status: 200,
    responseTime: 0.281,
  };
  const c0 = process.cpuUsage();
  let i = 0;
  await new Promise((resolve) => {
    const turn = () => {
      for (let j = 0; j < 50 && i < LINES; j++, i++) log.write(f);
      if (i < LINES) setImmediate(turn);
      else resolve();
    };
    turn();
  });
  dest.flushSync?.();
  const c = process.cpuUsage(c0);
  process.stderr.write(`${(c.user + c.system) / LINES}\n`);
  process.exit(0);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) => `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;

const dir = mkdtempSync(join(tmpdir(), 'suite-bench-logs-'));
const kinds = ['buffer', 'sonic-async', 'sonic-sync'];
const perLine = Object.fromEntries(kinds.map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const kind of kinds) {
    const fd = openSync(join(dir, `${kind}.log`), 'w');
    const out = spawnSync(process.execPath, [fileURLToPath(import.meta.url), 'child', kind], { stdio: ['ignore', fd, 'pipe'] });
    closeSync(fd);
    if (out.status !== 0) throw new Error(`${kind}: ${out.stderr}`);
    perLine[kind].push(Number(String(out.stderr).trim()));
  }
}

// ── Eviction under churn.
const evictions = 200_000;
const evict = { next: { 2000: [], 10000: [] }, live: { 2000: [], 10000: [] } };
for (let r = 0; r < ROUNDS; r++) {
  for (const max of [2000, 10000]) {
    for (const how of ['next', 'live']) {
      const m = new Map();
      let i = 0;
      for (; i < max; i++) m.set(`k${i}`, i);
      const oldest = how === 'live' ? oldestFirst(m) : () => m.keys().next().value;
      const t0 = performance.now();
      for (let j = 0; j < evictions; j++, i++) {
        m.delete(oldest());
        m.set(`k${i}`, i);
      }
      evict[how][max].push(((performance.now() - t0) * 1000) / evictions);
    }
  }
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${loadavg()
  .map((x) => x.toFixed(1))
  .join(' ')}`;
const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
const text = `
## ${stamp} UTC — issue 34: an access line's cost by destination, and Map eviction — ${machine}

${ROUNDS} alternating rounds; medians (min–max). Access lines: ${LINES.toLocaleString('en-US')} lines built by createAccessLog in a child process writing to a file, 50 a turn; CPU µs a line (building included).

| destination | CPU µs a line |
|---|---:|
| lib/request-log.ts bufferedStdout (64 KB chunks to process.stdout) | ${fmt(perLine.buffer)} |
| pino.destination, asynchronous SonicBoom (minLength 8 KB) | ${fmt(perLine['sonic-async'])} |
| pino.destination, synchronous SonicBoom (minLength 8 KB) | ${fmt(perLine['sonic-sync'])} |

Evicting the oldest entry of a bounded Map (delete the oldest, add a new key; ${evictions.toLocaleString('en-US')} times), µs an eviction:

| entries | map.keys().next() | lib/oldest-first.ts |
|---:|---:|---:|
| 2,000 | ${fmt(evict.next[2000])} | ${fmt(evict.live[2000])} |
| 10,000 | ${fmt(evict.next[10000])} | ${fmt(evict.live[10000])} |
`;
appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
console.log(text);
