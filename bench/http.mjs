// Shared helpers for the HTTP benchmarks: the real server in a child process, a throwaway PostgreSQL database,
// autocannon runs and a bare node:http baseline in the same run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

/**
 * Starts `apps/server/src/main.ts` on 127.0.0.1:`port` with a fresh DATA_DIR and `env` on top of this process's
 * environment; resolves once /api/ready answers (about 30 s at most), rejects if it exits or never gets ready.
 */
export async function startServer(port, env = {}, { stdio = 'inherit' } = {}) {
  const base = `http://127.0.0.1:${port}`;
  const busy = await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`포트 ${port}을(를) 이미 다른 프로세스가 쓰고 있습니다`);
  const proc = spawn(process.execPath, ['apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'suite-bench-')),
      // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it exits (open it in Chrome DevTools).
      ...(process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` } : {}),
      ...env,
    },
    stdio,
  });
  let exited = false;
  proc.on('exit', () => {
    exited = true;
  });
  for (let i = 0; i < 150 && !exited; i++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return proc;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill();
  throw new Error('서버가 시작되지 않았습니다');
}

/** A database of its own on the PostgreSQL server at `adminUrl` (two benchmarks never drop each other's), and its drop. */
export async function throwawayDatabase(adminUrl, tag) {
  const name = `suite_bench_${tag}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

/** The database server as it names itself ("PostgreSQL 15.19"), for the results' labels. */
export async function databaseLabel(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const v = (await c.query('SHOW server_version')).rows[0].server_version;
    return `PostgreSQL ${String(v).split(' ')[0]}`;
  } finally {
    await c.end();
  }
}

/** Seconds per autocannon run (BENCH_SECONDS, default 5) and alternating rounds (BENCH_ROUNDS, default 3). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: SECONDS, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export function summary(name, r) {
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

/** A bare node:http hello-world at `connections` (default 50, as `run`), measured in this process. */
export async function bareBaseline(connections = 50) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const result = summary(`bare node:http hello-world (${connections} connections)`, await run({ url, connections }));
  await new Promise((r) => server.close(r));
  return result;
}

export function table(rows, baseline) {
  const lines = ['| endpoint | req/s | p50 ms | p99 ms | errors | ratio to bare |', '|---|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    lines.push(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${(r.rps / baseline.rps).toFixed(2)} |`);
  }
  return lines.join('\n');
}

// CPU time (ms) of each thread kind of a process and of every PostgreSQL process, read from /proc (Linux only).
const TICK = 100; // USER_HZ
const ticks = (statFile) => {
  const x = readFileSync(statFile, 'utf8');
  const f = x.slice(x.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICK;
};
export const cpuByThread = (pid) => {
  const out = {};
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim();
      const kind = name === 'libuv-worker' ? 'libuv' : t === String(pid) ? 'main' : 'other';
      out[kind] = (out[kind] ?? 0) + ticks(`/proc/${pid}/task/${t}/stat`);
    } catch {
      // a thread that ended meanwhile
    }
  }
  // PostgreSQL per process, so a backend or autovacuum worker that exits during a round does not count negative.
  const postgres = new Map();
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${p}/comm`, 'utf8').startsWith('postgres')) postgres.set(p, ticks(`/proc/${p}/stat`));
    } catch {
      // gone
    }
  }
  return { ...out, postgres };
};
// The load generator (autocannon, in this process): its CPU shares the same two cores.
export const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
export const cpuPer = (before, after, n) =>
  Object.fromEntries(
    Object.keys(after).map((k) => [
      k,
      k === 'postgres'
        ? [...after.postgres].reduce((sum, [pid, t]) => sum + t - (before.postgres.get(pid) ?? 0), 0) / n
        : ((after[k] ?? 0) - (before[k] ?? 0)) / n,
    ]),
  );
