/**
 * End-user access on MariaDB/MySQL (issue 36, decision 090): no roles or RLS there, so a per-table row filter bound to
 * a claim (`user_id = claims.sub`) is ANDed into every read, update and delete and forced on insert. HS256 tokens.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { ALL_TABLES, createCustomerDb, customerEngines, listenOnLoopback, publishedShop, type TCustomerDb } from './testing/api-builder-kit.ts';

describe.each(customerEngines(['mysql'] as const))('end-user JWTs with a row filter on a customer %s database', () => {
  let t: TTestContext;
  let db: TCustomerDb;
  let origin: string;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  const SECRET = randomBytes(32).toString('base64url');
  const token = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('5m').sign(new TextEncoder().encode(SECRET));
  const call = async (method: string, path: string, sub: string | undefined, body?: unknown) => {
    const res = await fetch(`${origin}/api/v1/${shop.apiId}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(sub === undefined ? {} : { authorization: `Bearer ${await token({ sub })}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const settings = () => `${shop.base}/apis/${shop.apiId}/end-user-auth`;

  beforeAll(async () => {
    db = await createCustomerDb('mysql');
    await db.query(`CREATE TABLE notes (id integer AUTO_INCREMENT PRIMARY KEY, user_id varchar(40) NOT NULL, body varchar(100) NOT NULL)`);
    await db.query(`INSERT INTO notes (user_id, body) VALUES ('alice', 'a1'), ('alice', 'a2'), ('bob', 'b1')`);
    t = await createTestApp('pglite');
    shop = await publishedShop(t, db, { tables: [...ALL_TABLES, { name: 'notes', methods: ['GET', 'POST', 'PATCH', 'DELETE'] }] });
    origin = await listenOnLoopback(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('validates the filter against the published tables and columns, and refuses roles on MariaDB', async () => {
    const base = { enabled: true, mode: 'secret', secret: SECRET };
    const noColumn = await shop.o('PUT' as 'PATCH', settings(), { ...base, rowFilters: [{ table: 'notes', column: 'owner', claim: 'sub' }] });
    expect(noColumn.status).toBe(400);
    expect(JSON.stringify(noColumn.body)).toContain('owner');
    const badClaim = await shop.o('PUT' as 'PATCH', settings(), { ...base, rowFilters: [{ table: 'notes', column: 'user_id', claim: 'sub; drop' }] });
    expect(badClaim.status).toBe(400);
    const roles = await shop.o('PUT' as 'PATCH', settings(), { ...base, allowedRoles: ['web_user'] });
    expect(roles.status).toBe(400);
    const ok = await shop.o('PUT' as 'PATCH', settings(), { ...base, rowFilters: [{ table: 'notes', column: 'user_id', claim: 'sub' }] });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ enabled: true, mode: 'secret', hasSecret: true, rowFilters: [{ table: 'notes', column: 'user_id', claim: 'sub' }] });
  });

  it("reads only the token's rows; another token reads its own; the key reads all", async () => {
    const alice = await call('GET', '/notes?select=user_id,body&order=id', 'alice');
    expect(alice).toEqual({
      status: 200,
      body: [
        { user_id: 'alice', body: 'a1' },
        { user_id: 'alice', body: 'a2' },
      ],
    });
    const bob = await call('GET', '/notes?select=body', 'bob');
    expect(bob.body).toEqual([{ body: 'b1' }]);
    // A filter that names another user's rows finds nothing (ANDed, not replaced).
    expect((await call('GET', '/notes?user_id=eq.bob', 'alice')).body).toEqual([]);
    const key = await fetch(`${origin}/api/v1/${shop.apiId}/notes?select=id`, { headers: { apikey: shop.key } });
    expect(((await key.json()) as unknown[]).length).toBe(3);
  });

  it('forces the claim on insert and update, and keeps updates and deletes to own rows', async () => {
    const made = await call('POST', '/notes?select=user_id,body', 'alice', { user_id: 'bob', body: 'a3' });
    expect(made).toEqual({ status: 201, body: [{ user_id: 'alice', body: 'a3' }] });
    const [bobRow] = await db.query(`SELECT id FROM notes WHERE user_id = 'bob'`);
    const patched = await call('PATCH', `/notes?id=eq.${bobRow!.id}`, 'alice', { body: 'hacked' });
    expect(patched).toEqual({ status: 200, body: [] });
    const deleted = await call('DELETE', `/notes?id=eq.${bobRow!.id}`, 'alice');
    expect(deleted).toEqual({ status: 200, body: [] });
    expect(await db.query(`SELECT body FROM notes WHERE user_id = 'bob'`)).toEqual([{ body: 'b1' }]);
    // Moving one's own row to someone else is not possible either.
    const moved = await call('PATCH', `/notes?body=eq.a3&select=user_id`, 'alice', { user_id: 'bob' });
    expect(moved).toEqual({ status: 200, body: [{ user_id: 'alice' }] });
    expect((await call('PATCH', '/notes', 'alice', { body: 'all' })).status).toBe(400);
    expect((await db.query(`SELECT count(*) AS n FROM notes WHERE user_id = 'alice'`))[0]!.n).toBe(3);
    // An upsert that could update another user's row is refused.
    const upsert = await fetch(`${origin}/api/v1/${shop.apiId}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'resolution=merge-duplicates', authorization: `Bearer ${await token({ sub: 'alice' })}` },
      body: JSON.stringify({ id: bobRow!.id, user_id: 'alice', body: 'taken' }),
    });
    expect(upsert.status).toBe(403);
  });

  it('refuses a token without the claim, and anonymous requests without an anonymous role', async () => {
    const noSub = await fetch(`${origin}/api/v1/${shop.apiId}/notes`, { headers: { authorization: `Bearer ${await token({ name: 'x' })}` } });
    expect(noSub.status).toBe(401);
    expect(await noSub.json()).toMatchObject({ code: 'PGRST303', details: null, hint: null });
    const anon = await call('GET', '/notes', undefined);
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({ code: 'PGRST302' });
    // Tables without a filter read as the API allows.
    expect((await call('GET', '/customers?select=id&order=id&limit=1', 'alice')).body).toEqual([{ id: 1 }]);
  });
});
