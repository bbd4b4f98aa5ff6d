import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { createTestApp, dbKinds } from '../test/helpers.ts';
import { checkoutPreviousRelease, PREVIOUS_RELEASE, startRelease } from '../test-support/previous-release.ts';

// Expand/contract (docs/decisions/012-migrations-on-a-running-fleet.md): during a rolling upgrade the previous release
// keeps serving on the schema the new code has migrated. Its smoke paths must still work there, and what it writes
// must be readable by the new code.
const admin = process.env.TEST_DATABASE_URL;
let release: ReturnType<typeof checkoutPreviousRelease>;
beforeAll(() => {
  release = checkoutPreviousRelease();
});

describe.each(dbKinds)(`the previous release (${PREVIOUS_RELEASE}) on the new schema, %s`, (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'suite-prev-data-'));
  const secrets = { AUTH_SECRET: randomBytes(48).toString('base64url'), ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  let url: string | undefined;
  let dbName = '';

  beforeAll(async () => {
    if (kind === 'postgres') {
      dbName = `suite_prev_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`CREATE DATABASE ${dbName}`);
      await c.end();
      url = Object.assign(new URL(admin!), { pathname: `/${dbName}` }).toString();
    }
    // Migrate with the current code first, as the first upgraded instance does.
    const database = await openDatabase({ url, dataDir });
    await database.close();
  });
  afterAll(async () => {
    if (!dbName) return;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  });

  it('serves health, sign-up, login, seeds and bookings; the new code reads what it wrote', async () => {
    const port = kind === 'pglite' ? 3480 : 3481;
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      ...secrets,
    };
    if (url) env.DATABASE_URL = url;
    const old = await startRelease(release.dir, port, env, process.env.PATH ?? '');
    const email = `prev.${randomBytes(4).toString('hex')}@example.com`;
    let seedId: string;
    try {
      const call = async (method: string, path: string, body?: unknown, token?: string) => {
        const res = await fetch(`${old.base}${path}`, {
          method,
          headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of several shapes, checked by the assertions
        return { status: res.status, body: (await res.json()) as Record<string, any> };
      };
      expect((await call('GET', '/api/health')).status).toBe(200);
      expect((await call('GET', '/api/ready')).body).toMatchObject({ status: 'ready' });
      const signup = await call('POST', '/api/auth-signup', {
        email,
        password: 'Zq7mLw2pXv',
        full_name: '이전판',
        phone: '010-1234-5678',
        marketing_consent: false,
        terms: true,
        age_bracket: '14_or_over',
      });
      expect(signup.status).toBe(200);
      const login = await call('POST', '/api/auth-login', { email, password: 'Zq7mLw2pXv' });
      expect(login.status).toBe(200);
      const token = login.body.tokens.access_token as string;
      const seed = await call('POST', '/api/seeds', { seed_name: '이전 릴리스 시드' }, token);
      expect(seed.status).toBe(201);
      seedId = seed.body.data.id;
      const seeds = await call('GET', '/api/seeds', undefined, token);
      expect(seeds.body.data.map((s: { id: string }) => s.id)).toContain(seedId);
      const from = new Date().toISOString();
      const to = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const bookings = await call('GET', `/api/seeds/${seedId}/bookings?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, undefined, token);
      expect(bookings.status).toBe(200);
      expect(bookings.body.data).toEqual([]);
    } finally {
      await old.stop();
    }

    // The new code on the same database: the account and seed made by the previous release work.
    const { app, close } = await createTestApp(kind, {
      env: { DATA_DIR: dataDir, AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false', ...secrets, ...(url ? { DATABASE_URL: url } : {}) },
      database: 'config',
      state: 'config',
    });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/auth-login', payload: { email, password: 'Zq7mLw2pXv' } });
      expect(login.statusCode).toBe(200);
      const seeds = await app.inject({ method: 'GET', url: '/api/seeds', headers: { authorization: `Bearer ${login.json().tokens.access_token}` } });
      expect(seeds.json().data.map((s: { id: string }) => s.id)).toContain(seedId);
    } finally {
      await close();
    }
  });
});
