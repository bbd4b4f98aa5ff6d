/**
 * End-user access (issue 36, decision 090) on a customer PostgreSQL with a row-level security policy the test creates:
 * an end user's JWT (RS256/ES256 from a JWKS served by a fake on loopback, or HS256 with a shared secret) reads only the
 * rows its policy allows, under `SET LOCAL ROLE` and `request.jwt.claims`; bad tokens get PostgREST's 401 shapes;
 * anonymous access only with an anonymous role; the response cache never hands one user's rows to another.
 * RLS needs roles and a real server: the customer database is the machine's PostgreSQL (TEST_DATABASE_URL); the app's
 * own database runs in both shapes (PGlite, and PostgreSQL + Redis when REDIS_URL is set).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { ALL_TABLES, PG_ADMIN_URL, createCustomerDb, customerEngines, listenOnLoopback, publishedShop, type TCustomerDb } from './testing/api-builder-kit.ts';
import { clearJwksCache, jwksMaxAge, jwksOptions } from './end-user-auth.ts';
import { endUserRow } from './end-user-auth.repository.ts';

type TKeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

/** A JWKS endpoint on loopback: serves the public keys it holds now, counts its fetches. */
async function fakeJwks(cacheControl: string | null = 'public, max-age=300') {
  const keys: JWK[] = [];
  let fetches = 0;
  const server = http.createServer((_req, res) => {
    fetches++;
    res.writeHead(200, { 'content-type': 'application/json', ...(cacheControl ? { 'cache-control': cacheControl } : {}) });
    res.end(JSON.stringify({ keys }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`,
    add: async (pair: TKeyPair, kid: string, alg: string) => keys.push({ ...(await exportJWK(pair.publicKey)), kid, alg, use: 'sig' }),
    fetches: () => fetches,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const shapes = (['pglite', 'postgres'] as const).filter((k) => k === 'pglite' || Boolean(process.env.TEST_DATABASE_URL));

describe.each(customerEngines(['postgres'] as const).flatMap(() => shapes))('end-user JWTs and RLS on a customer PostgreSQL (app on %s)', (shape) => {
  let t: TTestContext;
  let db: TCustomerDb;
  let origin: string;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let jwks: Awaited<ReturnType<typeof fakeJwks>>;
  let rsa: TKeyPair;
  let ec: TKeyPair;
  let stranger: TKeyPair;
  const tag = randomBytes(3).toString('hex');
  const USER = `eu_user_${tag}`;
  const ANON = `eu_anon_${tag}`;
  const UNGRANTED = `eu_none_${tag}`;
  const SECRET = randomBytes(32).toString('base64url');
  const settings = `/end-user-auth`;
  // JWKS mode needs aud or iss (decision 090): every token names this issuer unless a test says otherwise.
  const ISS = 'https://auth.test.example';

  const sign = (
    claims: Record<string, unknown>,
    key: TKeyPair['privateKey'] | Uint8Array,
    header: { alg: string; kid?: string },
    expiresIn: string | number = '5m',
  ) => new SignJWT({ iss: ISS, ...claims }).setProtectedHeader(header).setIssuedAt().setExpirationTime(expiresIn).sign(key);
  const userToken = (sub: string, extra: Record<string, unknown> = {}) => sign({ sub, role: USER, ...extra }, rsa.privateKey, { alg: 'RS256', kid: 'k1' });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${origin}/api/v1/${shop.apiId}${path}`, { headers });
    const text = await res.text();
    return {
      status: res.status,
      cache: res.headers.get('x-cache'),
      auth: res.headers.get('www-authenticate'),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
  };
  const send = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${origin}/api/v1/${shop.apiId}${path}`, {
      method,
      headers: { 'content-type': 'application/json', prefer: 'return=representation', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const owners = (body: unknown) => (body as { owner: string }[]).map((r) => r.owner).sort();
  const configure = async (patch: Record<string, unknown>) => {
    const res = await shop.o('PUT' as 'PATCH', `${shop.base}/apis/${shop.apiId}${settings}`, {
      enabled: true,
      mode: 'jwks',
      jwksUrl: jwks.url,
      issuer: ISS,
      allowedRoles: [USER, UNGRANTED],
      ...patch,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Record<string, unknown>;
  };
  const expectPgrst401 = (res: Awaited<ReturnType<typeof get>>, code: string) => {
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code, details: null, hint: null, message: expect.any(String) });
    expect(res.auth).toMatch(/^Bearer/);
  };

  beforeAll(async () => {
    jwksOptions.refetchMinMs = 0;
    clearJwksCache();
    [rsa, ec, stranger] = await Promise.all([generateKeyPair('RS256'), generateKeyPair('ES256'), generateKeyPair('RS256')]);
    jwks = await fakeJwks();
    await jwks.add(rsa, 'k1', 'RS256');
    await jwks.add(ec, 'e1', 'ES256');
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE ROLE ${USER} NOLOGIN`);
    await admin.query(`CREATE ROLE ${ANON} NOLOGIN`);
    await admin.end();
    db = await createCustomerDb('postgres');
    // The customer's own policy, as a PostgREST user writes it.
    for (const s of [
      `CREATE TABLE notes (id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, owner text NOT NULL, body text NOT NULL, public boolean NOT NULL DEFAULT false)`,
      `INSERT INTO notes (owner, body, public) VALUES ('alice', '앨리스 메모 1', false), ('alice', '앨리스 메모 2', false), ('bob', '밥 메모', false), ('carol', '공개 메모', true)`,
      `ALTER TABLE notes ENABLE ROW LEVEL SECURITY`,
      `CREATE POLICY own_notes ON notes TO ${USER} USING (owner = current_setting('request.jwt.claims', true)::json->>'sub') WITH CHECK (owner = current_setting('request.jwt.claims', true)::json->>'sub')`,
      `CREATE POLICY public_notes ON notes FOR SELECT TO ${ANON} USING (public)`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON notes TO ${USER}`,
      `GRANT SELECT ON notes TO ${ANON}`,
      `GRANT SELECT ON customers TO ${USER}`,
      `GRANT USAGE ON SCHEMA public TO ${USER}, ${ANON}`,
      `CREATE FUNCTION my_notes() RETURNS SETOF notes LANGUAGE sql STABLE AS $$ SELECT * FROM notes ORDER BY id $$`,
    ])
      await db.query(s);
    t = await createTestApp(shape);
    shop = await publishedShop(t, db, { tables: [...ALL_TABLES, { name: 'notes', methods: ['GET', 'POST', 'PATCH', 'DELETE'] }] });
    const fns = await shop.o('PATCH', `${shop.base}/apis/${shop.apiId}`, { functions: [{ name: 'my_notes' }] });
    expect(fns.status).toBe(200);
    origin = await listenOnLoopback(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await jwks?.close();
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${USER}`).catch(() => undefined);
    await admin.query(`DROP ROLE IF EXISTS ${ANON}`).catch(() => undefined);
    await admin.end();
  });

  it('is off until configured: a token is an unknown key, no credentials is PGRST302', async () => {
    expectPgrst401(await get('/notes', bearer(await userToken('alice'))), 'PGRST301');
    expectPgrst401(await get('/notes'), 'PGRST302');
    const view = await shop.o('GET', `${shop.base}/apis/${shop.apiId}${settings}`);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ enabled: false, hasSecret: false, roleClaim: '.role' });
  });

  it("an end user's token reads only the rows its RLS policy allows; another user's token reads its own", async () => {
    await configure({});
    const alice = await get('/notes?select=owner,body&order=id', bearer(await userToken('alice')));
    expect(alice.status).toBe(200);
    expect(owners(alice.body)).toEqual(['alice', 'alice']);
    const bob = await get('/notes?select=owner,body&order=id', bearer(await userToken('bob')));
    expect(bob.body).toEqual([{ owner: 'bob', body: '밥 메모' }]);
    // ES256 from the same JWKS.
    const es = await get('/notes?select=owner', bearer(await sign({ sub: 'bob', role: USER }, ec.privateKey, { alg: 'ES256', kid: 'e1' })));
    expect(es.body).toEqual([{ owner: 'bob' }]);
    // Counting runs under the policy too.
    const counted = await fetch(`${origin}/api/v1/${shop.apiId}/notes?select=id`, { headers: { ...bearer(await userToken('alice')), prefer: 'count=exact' } });
    expect(counted.headers.get('content-range')).toBe('0-1/2');
    // The API key is unchanged: the connection's user, every row.
    const key = await get('/notes?select=owner', { apikey: shop.key });
    expect(owners(key.body)).toEqual(['alice', 'alice', 'bob', 'carol']);
  });

  it('runs published functions under the token too: /rpc answers only what the policy allows', async () => {
    await configure({}); // stands alone (test-by-name): the JWKS settings an earlier test saved
    const rpc = async (headers: Record<string, string>) => {
      const res = await fetch(`${origin}/api/v1/${shop.apiId}/rpc/my_notes?select=owner`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    expect(await rpc(bearer(await userToken('bob')))).toEqual({ status: 200, body: [{ owner: 'bob' }] });
    expect(owners((await rpc(bearer(await userToken('alice')))).body)).toEqual(['alice', 'alice']);
    expect(owners((await rpc({ apikey: shop.key })).body)).toEqual(['alice', 'alice', 'bob', 'carol']);
    expect((await rpc(bearer(await sign({ sub: 'bob', role: 'postgres' }, rsa.privateKey, { alg: 'RS256', kid: 'k1' })))).status).toBe(401);
  });

  it('never serves one user’s cached answer to another (end users bypass the cache; keys still use it)', async () => {
    await configure({}); // stands alone (test-by-name): the JWKS settings an earlier test saved
    const path = '/notes?select=owner&order=id';
    const k1 = await get(path, { apikey: shop.key });
    const k2 = await get(path, { apikey: shop.key });
    expect([k1.cache, k2.cache]).toEqual(['MISS', 'HIT']);
    for (const who of ['alice', 'bob', 'alice', 'bob']) {
      const r = await get(path, bearer(await userToken(who)));
      expect(r.cache).toBeNull();
      expect(new Set(owners(r.body))).toEqual(new Set([who]));
    }
    // A key read after the end users' reads is still the key's whole table, from the cache.
    const k3 = await get(path, { apikey: shop.key });
    expect(k3.cache).toBe('HIT');
    expect(owners(k3.body)).toEqual(['alice', 'alice', 'bob', 'carol']);
  });

  it('writes under the policy: own rows only, another owner refused, updates reach only own rows', async () => {
    await configure({}); // stands alone (test-by-name): the JWKS settings an earlier test saved
    const alice = bearer(await userToken('alice'));
    const made = await send('POST', '/notes?select=owner,body', alice, { owner: 'alice', body: '새 메모' });
    expect(made.status).toBe(201);
    expect(made.body).toEqual([{ owner: 'alice', body: '새 메모' }]);
    const forged = await send('POST', '/notes', alice, { owner: 'bob', body: '남의 메모' });
    expect(forged.status).toBe(403);
    expect((await db.query(`SELECT count(*)::int AS n FROM notes WHERE body = '남의 메모'`))[0]!.n).toBe(0);
    const patched = await send('PATCH', '/notes?owner=eq.bob&select=id', alice, { body: '바꿈' });
    expect(patched).toEqual({ status: 200, body: [] });
    expect((await db.query(`SELECT body FROM notes WHERE owner = 'bob'`))[0]!.body).toBe('밥 메모');
    const gone = await send('DELETE', '/notes?body=eq.새 메모&select=owner', alice);
    expect(gone).toEqual({ status: 200, body: [{ owner: 'alice' }] });
  });

  it('refuses expired, forged, alg:none, unknown-kid and disallowed-role tokens with PostgREST’s 401 shape', async () => {
    await configure({}); // stands alone (test-by-name): the JWKS settings the earlier tests saved
    const expired = await get(
      '/notes',
      bearer(await sign({ sub: 'alice', role: USER }, rsa.privateKey, { alg: 'RS256', kid: 'k1' }, Math.floor(Date.now() / 1000) - 3600)),
    );
    expectPgrst401(expired, 'PGRST303');
    expect(expired.auth).toContain('error="invalid_token"');
    // Signed by a key that is not in the JWKS, under the JWKS key's kid.
    expectPgrst401(await get('/notes', bearer(await sign({ sub: 'alice', role: USER }, stranger.privateKey, { alg: 'RS256', kid: 'k1' }))), 'PGRST301');
    // Unsigned (alg "none"): header and payload with an empty signature.
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'alice', role: USER, exp: Math.floor(Date.now() / 1000) + 300 })}.`;
    expectPgrst401(await get('/notes', bearer(none)), 'PGRST301');
    // HS256 signed with the public key's text (the key-confusion trick) is refused: a JWKS API takes RS256/ES256 only.
    expectPgrst401(
      await get('/notes', bearer(await sign({ sub: 'alice', role: USER }, new TextEncoder().encode(jwks.url), { alg: 'HS256', kid: 'k1' }))),
      'PGRST301',
    );
    const before = jwks.fetches();
    expectPgrst401(await get('/notes', bearer(await sign({ sub: 'alice', role: USER }, stranger.privateKey, { alg: 'RS256', kid: 'nope' }))), 'PGRST301');
    expect(jwks.fetches()).toBeGreaterThan(before);
    // A role the owner did not allow; an allowed role the database does not have.
    expectPgrst401(await get('/notes', bearer(await sign({ sub: 'alice', role: 'postgres' }, rsa.privateKey, { alg: 'RS256', kid: 'k1' }))), 'PGRST303');
    expectPgrst401(await get('/notes', bearer(await sign({ sub: 'alice', role: UNGRANTED }, rsa.privateKey, { alg: 'RS256', kid: 'k1' }))), 'PGRST303');
    // Garbage.
    expectPgrst401(await get('/notes', bearer('a.b.c')), 'PGRST301');
  });

  it('fetches the JWKS again for a new kid (key rotation), and keeps it per Cache-Control', async () => {
    await configure({}); // stands alone (test-by-name): the JWKS settings an earlier test saved
    expect(jwksMaxAge('public, max-age=300')).toBe(300_000);
    expect(jwksMaxAge('max-age=86400')).toBe(600_000);
    expect(jwksMaxAge('no-store')).toBe(0);
    const rotated = await generateKeyPair('RS256');
    await jwks.add(rotated, 'k2', 'RS256');
    const r = await get('/notes?select=owner', bearer(await sign({ sub: 'bob', role: USER }, rotated.privateKey, { alg: 'RS256', kid: 'k2' })));
    expect(r).toMatchObject({ status: 200, body: [{ owner: 'bob' }] });
    const before = jwks.fetches();
    await get('/notes?select=owner', bearer(await userToken('bob')));
    expect(jwks.fetches()).toBe(before);
  });

  it('checks aud and iss when configured, and the role at a nested claim path', async () => {
    await configure({ audience: 'my-app', issuer: 'https://auth.example.com', roleClaim: '.app_metadata.role' });
    const ok = await sign({ sub: 'bob', aud: 'my-app', iss: 'https://auth.example.com', app_metadata: { role: USER } }, rsa.privateKey, {
      alg: 'RS256',
      kid: 'k1',
    });
    expect((await get('/notes?select=owner', bearer(ok))).body).toEqual([{ owner: 'bob' }]);
    const wrongAud = await sign({ sub: 'bob', aud: 'other', iss: 'https://auth.example.com', app_metadata: { role: USER } }, rsa.privateKey, {
      alg: 'RS256',
      kid: 'k1',
    });
    expectPgrst401(await get('/notes', bearer(wrongAud)), 'PGRST303');
    const wrongIss = await sign({ sub: 'bob', aud: 'my-app', iss: 'https://evil.example.com', app_metadata: { role: USER } }, rsa.privateKey, {
      alg: 'RS256',
      kid: 'k1',
    });
    expectPgrst401(await get('/notes', bearer(wrongIss)), 'PGRST303');
    // No role at the path and no anonymous role.
    expectPgrst401(
      await get(
        '/notes',
        bearer(await sign({ sub: 'bob', aud: 'my-app', iss: 'https://auth.example.com', role: USER }, rsa.privateKey, { alg: 'RS256', kid: 'k1' })),
      ),
      'PGRST303',
    );
  });

  it('allows anonymous requests only with an anonymous role, which reads what its policy allows', async () => {
    await configure({});
    expectPgrst401(await get('/notes'), 'PGRST302');
    await configure({ anonRole: ANON });
    const anon = await get('/notes?select=owner,body');
    expect(anon).toMatchObject({ status: 200, body: [{ owner: 'carol', body: '공개 메모' }] });
    // The anonymous role has no other grants: the customers table is refused by the database.
    expect((await get('/customers')).status).toBe(403);
    // A token without a role claim runs as the anonymous role.
    expect((await get('/notes?select=owner', bearer(await sign({ sub: 'alice' }, rsa.privateKey, { alg: 'RS256', kid: 'k1' })))).body).toEqual([
      { owner: 'carol' },
    ]);
  });

  it('applies an API key sent next to the token: its scope limits the end user', async () => {
    await configure({});
    const k = await shop.o('POST', `${shop.base}/keys`, { name: '고객만', apiId: shop.apiId, tables: ['customers'], rateLimitPerMinute: 1000 });
    expect(k.status).toBe(201);
    const token = await userToken('alice');
    const refused = await get('/notes', { ...bearer(token), apikey: k.body.key as string });
    expect(refused.status).toBe(403);
    const allowed = await get('/customers?select=id&order=id&limit=1', { ...bearer(token), apikey: k.body.key as string });
    expect(allowed).toMatchObject({ status: 200, body: [{ id: 1 }] });
    expectPgrst401(await get('/notes', { ...bearer(token), apikey: 'sk_not_a_key' }), 'PGRST301');
  });

  it('verifies HS256 with the shared secret, which is sealed and never sent back', async () => {
    const saved = await configure({ mode: 'secret', jwksUrl: null, secret: SECRET });
    expect(saved).toMatchObject({ mode: 'secret', hasSecret: true });
    expect(JSON.stringify(saved)).not.toContain(SECRET);
    const view = await shop.o('GET', `${shop.base}/apis/${shop.apiId}${settings}`);
    expect(JSON.stringify(view.body)).not.toContain(SECRET);
    const hs = (claims: Record<string, unknown>, secret = SECRET) => sign(claims, new TextEncoder().encode(secret), { alg: 'HS256' });
    expect((await get('/notes?select=owner', bearer(await hs({ sub: 'bob', role: USER })))).body).toEqual([{ owner: 'bob' }]);
    expectPgrst401(await get('/notes', bearer(await hs({ sub: 'bob', role: USER }, randomBytes(32).toString('hex')))), 'PGRST301');
    // An RS256 token is not accepted by a secret-configured API.
    expectPgrst401(await get('/notes', bearer(await userToken('bob'))), 'PGRST301');
    // Saving again without the secret keeps it.
    await configure({ mode: 'secret', jwksUrl: null });
    expect((await get('/notes?select=owner', bearer(await hs({ sub: 'bob', role: USER })))).status).toBe(200);
    // The stored column is sealed.
    const row = await endUserRow(t.database.db, shop.apiId);
    expect(row?.secretEnc).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(SECRET);
  });

  it('validates the settings in Korean', async () => {
    const bad = await shop.o('PUT' as 'PATCH', `${shop.base}/apis/${shop.apiId}${settings}`, { enabled: true, mode: 'jwks', allowedRoles: ['bad role;'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/[가-힣]/);
    const noTable = await shop.o('PUT' as 'PATCH', `${shop.base}/apis/${shop.apiId}${settings}`, {
      enabled: true,
      mode: 'jwks',
      jwksUrl: jwks.url,
      rowFilters: [{ table: 'secrets', column: 'id', claim: 'sub' }],
    });
    expect(noTable.status).toBe(400);
    // A shared provider's JWKS without aud or iss would let any project's tokens in; http only to loopback in tests.
    const unpinned = await shop.o('PUT' as 'PATCH', `${shop.base}/apis/${shop.apiId}${settings}`, { enabled: true, mode: 'jwks', jwksUrl: jwks.url });
    expect(unpinned.status).toBe(400);
    expect(JSON.stringify(unpinned.body)).toContain('aud 또는 iss');
    const plain = await shop.o('PUT' as 'PATCH', `${shop.base}/apis/${shop.apiId}${settings}`, {
      enabled: true,
      mode: 'jwks',
      jwksUrl: 'http://keys.example.com/jwks.json',
      issuer: ISS,
    });
    expect(plain.status).toBe(400);
    expect(JSON.stringify(plain.body)).toContain('https://');
  });

  it('requires exp, and refuses a token of another project of the same JWKS (aud or iss pinned)', async () => {
    await configure({});
    const noExp = await new SignJWT({ iss: ISS, sub: 'alice', role: USER }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuedAt().sign(rsa.privateKey);
    expectPgrst401(await get('/notes', bearer(noExp)), 'PGRST303');
    const otherProject = await sign({ sub: 'alice', role: USER, iss: 'https://auth.test.example/other-project' }, rsa.privateKey, { alg: 'RS256', kid: 'k1' });
    expectPgrst401(await get('/notes', bearer(otherProject)), 'PGRST303');
  });

  it('refuses end users /rpc when the API has row filters (functions do not apply them)', async () => {
    await configure({ rowFilters: [{ table: 'notes', column: 'owner', claim: 'sub' }] });
    const res = await fetch(`${origin}/api/v1/${shop.apiId}/rpc/my_notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(await userToken('bob')) },
      body: '{}',
    });
    const body = (await res.json()) as { code: string; message: string };
    expect(res.status).toBe(403);
    expect(body).toMatchObject({ code: 'PGRST403', message: expect.stringMatching(/행 필터/) });
    // Tables still answer, with the filter.
    expect((await get('/notes?select=owner', bearer(await userToken('bob')))).body).toEqual([{ owner: 'bob' }]);
    await configure({});
  });

  it('fetches a JWKS without Cache-Control once a minute at most, forged kids do not refetch, and failures are limited', async () => {
    const bare = await fakeJwks(null);
    const saved = { ...jwksOptions };
    try {
      const key = await generateKeyPair('RS256');
      await bare.add(key, 'b1', 'RS256');
      await configure({ jwksUrl: bare.url });
      jwksOptions.refetchMinMs = 30_000;
      const token = () => sign({ sub: 'bob', role: USER }, key.privateKey, { alg: 'RS256', kid: 'b1' });
      for (let i = 0; i < 5; i++) expect((await get('/notes?select=owner', bearer(await token()))).status).toBe(200);
      expect(bare.fetches()).toBe(1);
      for (let i = 0; i < 5; i++)
        expectPgrst401(
          await get('/notes', bearer(await sign({ sub: 'bob', role: USER }, stranger.privateKey, { alg: 'RS256', kid: `forged${i}` }))),
          'PGRST301',
        );
      expect(bare.fetches()).toBe(1);
      // Past the failures limit, tokens are refused before any verification (429), valid ones included for the minute.
      jwksOptions.failuresPerMinute = 5;
      const forged = await sign({ sub: 'bob', role: USER }, stranger.privateKey, { alg: 'RS256', kid: 'b1' });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await get('/notes', bearer(forged))).status);
      expect(statuses).toContain(429);
      const limited = await get('/notes', bearer(await token()));
      expect(limited.status).toBe(429);
      expect(JSON.stringify(limited.body)).toMatch(/[가-힣]/);
    } finally {
      Object.assign(jwksOptions, saved);
      await bare.close();
    }
  });
});
