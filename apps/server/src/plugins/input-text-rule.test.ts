import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, type TTestContext } from '../test/helpers.ts';
import { api, signedIn } from '../modules/admin-users/testing/console-test-kit.ts';
import { createSeed } from '../modules/seeds/seeds.service.ts';
import { findBadText } from './input-text-rule.ts';

const count = async (t: TTestContext, table: string) =>
  Number(((await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe('findBadText', () => {
  it('finds NUL and unpaired surrogates anywhere, and leaves paired surrogates (emoji) and Korean alone', () => {
    expect(findBadText({ a: ['ok', '한글 😀'] })).toBeUndefined();
    expect(findBadText({ a: ['ok', 'x\u0000'] })).toBe('a[1]');
    expect(findBadText({ deep: { v: '\ud800x' } })).toBe('deep.v');
    expect(findBadText({ v: 'x\udc00' })).toBe('v');
    expect(findBadText({ v: '\ud83d' })).toBe('v');
    expect(findBadText({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findBadText(Buffer.from([0, 1]))).toBeUndefined();
  });
});

describe.each(dbKinds)('the input text rule on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a lone surrogate in a body with a Korean 400 and writes nothing (no seed, no audit row)', async () => {
    const u = await signedIn(t);
    const [seeds0, audit0] = [await count(t, 'seeds'), await count(t, 'audit_log')];
    const res = await api(t, u.token)('POST', '/api/seeds', { seed_name: '\ud800x' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_TEXT' });
    expect(res.body.error).toBe(ko.security.invalidTextAt('body.seed_name'));
    expect(await count(t, 'seeds')).toBe(seeds0);
    expect(await count(t, 'audit_log')).toBe(audit0);
  });

  it('refuses NUL in queries, path parameters and unauthenticated bodies', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const a = api(t, admin.token);
    const search = await a('GET', '/api/admin/users?search=a%00b');
    expect(search.status).toBe(400);
    expect(search.body.code).toBe('INVALID_TEXT');
    const param = await a('GET', '/api/seeds/a%00b');
    expect(param.status).toBe(400);
    const beta0 = await count(t, 'beta_applications');
    const beta = await api(t)('POST', '/api/beta-applications', { name: 'a\u0000b', email: 'x@example.com', company: '회사', service: 'meeting-rooms' });
    expect(beta.status).toBe(400);
    expect(beta.body.code).toBe('INVALID_TEXT');
    expect(await count(t, 'beta_applications')).toBe(beta0);
    const outbox = await api(t)('GET', '/dev/outbox?to=a%00b');
    expect(outbox.status).toBe(400);
  });

  it('refuses a stored header (user agent) with a NUL', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth-login',
      headers: { 'user-agent': 'x\ud800' },
      payload: { email: 'a@example.com', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TEXT');
  });

  it('a seed whose audit insert fails leaves no seed behind (one transaction)', async () => {
    const u = await signedIn(t);
    const before = await count(t, 'seeds');
    // Past the HTTP rule (called directly): the audit row's JSON cannot hold a lone surrogate, so the write fails.
    await expect(createSeed(t.database.db, { id: u.id, ip: '127.0.0.1' }, { seed_name: '\ud800x' })).rejects.toThrow();
    expect(await count(t, 'seeds')).toBe(before);
  });
});
