// `npm run bench`: the server's throughput next to a bare node:http baseline measured in the same run.
// Starts the real server (PGlite by default, PostgreSQL when BENCH_DATABASE_URL is set) and appends to bench/RESULTS.md.
import { appendFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { bareBaseline, databaseLabel, run, startServer, summary, table } from './http.mjs';

const port = 3290;
const base = `http://127.0.0.1:${port}`;

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const sections = [];
const baseline = await bareBaseline();
console.log('baseline', baseline);

const modes = [['PGlite (embedded)', {}]];
if (process.env.BENCH_DATABASE_URL) modes.push([await databaseLabel(process.env.BENCH_DATABASE_URL), { DATABASE_URL: process.env.BENCH_DATABASE_URL }]);
for (const [label, env] of modes) {
  const proc = await startServer(port, env);
  try {
    const rows = [baseline];
    rows.push(summary(`GET /api/health (${label})`, await run({ url: `${base}/api/health` })));
    rows.push(summary(`GET /api/ready — database read (${label})`, await run({ url: `${base}/api/ready` })));
    for (const r of rows.slice(1)) console.log(r);
    sections.push(`### Server basics on ${label}\n\n${table(rows, baseline)}`);
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.on('exit', r));
  }
}

if (process.env.BENCH_DATABASE_URL) {
  const { usersListSection } = await import('./users-list.mjs');
  sections.push(await usersListSection({ adminUrl: process.env.BENCH_DATABASE_URL }));
}

const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
const text = `\n## ${stamp} UTC — ${machine}\n\nautocannon, 50 connections, 5 s per endpoint.\n\n${sections.join('\n\n')}\n`;
appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
console.log(text);

// Accounts: login, refresh rotation, the guard and 200 concurrent refreshes (appends its own section).
await import('./auth.mjs');

// Services: each appends its own section when its benchmark exists.
import { existsSync } from 'node:fs';
// paths.mjs: issue 18's hot paths next to a minimal node:http + pg + jose server (PostgreSQL: BENCH_DATABASE_URL or the local one).
for (const file of [
  './slack.mjs',
  './slack-vectors.mjs',
  './pdf-latency.mjs',
  './rooms.mjs',
  './instance.mjs',
  './api-builder.mjs',
  './chatbot.mjs',
  './paths.mjs',
  './admin-builder.mjs',
]) {
  if (existsSync(new URL(file, import.meta.url))) await import(file);
}
