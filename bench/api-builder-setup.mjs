// Shared by bench/api-builder.mjs and bench/admin-builder.mjs: a throw-away customer database (filled by `prepare`),
// a throw-away product database, the real server on it, and a signed-up user with a seed and a connection to the
// customer database, all through the real endpoints. `close()` stops the server and drops both databases.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startServer, throwawayDatabase } from './http.mjs';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** @param {{ port: number, tag: string, prepare: (client: pg.Client) => Promise<void>, env?: Record<string, string>, stdio?: unknown[] }} opts */
export async function apiBuilderBench({ port, tag, prepare, env = {}, stdio = ['ignore', 'ignore', 'inherit'] }) {
  const base = `http://127.0.0.1:${port}`;
  const customer = await throwawayDatabase(adminUrl, tag);
  const c = new pg.Client({ connectionString: customer.url });
  await c.connect();
  try {
    await prepare(c);
  } finally {
    await c.end();
  }
  // The product's own database on the same PostgreSQL server (a fresh PGlite takes ~30 s to create on a busy machine).
  const product = await throwawayDatabase(adminUrl, `${tag}prod`);
  let proc;
  try {
    proc = await startServer(port, { AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false', DATABASE_URL: product.url, ...env }, { stdio });
  } catch (e) {
    await customer.drop();
    await product.drop();
    throw e;
  }
  const close = async () => {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.on('exit', r));
    await customer.drop();
    await product.drop();
  };
  try {
    const json = async (path, body, token, method = 'POST') => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const out = await res.json();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(out)}`);
      return out;
    };
    const signup = await json('/api/auth-signup', {
      email: `bench.${tag}.${Date.now()}@example.com`,
      password: 'Haneul2026x',
      full_name: '벤치',
      marketing_consent: false,
      terms: true,
      age_bracket: '14_or_over',
    });
    const token = signup.tokens.access_token;
    const seed = (await json('/api/seeds', { seed_name: '벤치' }, token)).data;
    const u = new URL(customer.url);
    const connection = (
      await json(
        `/api/seeds/${seed.id}/api-builder/connections`,
        {
          name: 'bench',
          engine: 'postgres',
          host: u.hostname,
          port: Number(u.port || 5432),
          database: u.pathname.slice(1),
          user: decodeURIComponent(u.username || 'postgres'),
          password: decodeURIComponent(u.password),
        },
        token,
      )
    ).data;
    return { base, json, token, seed, connection, customer, product, close, pid: proc.pid };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * The baseline of the API-builder benchmarks (bench/api-builder-minimal.mjs) in a process of its own on `port`,
 * checking `key` and reading `databaseUrl`; resolves once it is ready. `profileDir`: a V8 CPU profile written there.
 */
export async function startMinimal({ databaseUrl, key, port, profileDir }) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./api-builder-minimal.mjs', import.meta.url))], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      KEY_HASH: createHash('sha256').update(key).digest('hex'),
      PORT: String(port),
      NODE_OPTIONS: profileDir ? `--cpu-prof --cpu-prof-dir=${profileDir}` : '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.on('exit', () => reject(new Error('baseline server exited')));
  });
  return child;
}
