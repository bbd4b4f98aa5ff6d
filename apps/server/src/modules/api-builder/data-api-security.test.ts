/**
 * Issue 27, the data API side, on a customer PostgreSQL and a customer MariaDB database: embedding and upserts need
 * the rights they use (GET, PATCH), embedded children are capped per parent and responses bounded in bytes, the
 * cache key is what the grammar executes, Korean identifiers work, `{base}/openapi.json` needs a key, and the
 * database's refusals are Korean and name the column, key or table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { ALL_TABLES, createCustomerDb, customerEngines, dataGet, listenOnLoopback, publishedShop, type TCustomerDb } from './testing/api-builder-kit.ts';

const ROW_CAP = 5;

function extraDdl(kind: 'postgres' | 'mysql'): string[] {
  const big = kind === 'postgres' ? 'text' : 'longtext';
  return [
    `CREATE TABLE cards (id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers(id), card varchar(40) NOT NULL)`,
    `CREATE TABLE kids (id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers(id), n integer NOT NULL)`,
    `CREATE TABLE notes (id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers(id), body ${big})`,
    `CREATE TABLE 직원 (번호 integer PRIMARY KEY, 이름 varchar(40) NOT NULL, 부서 varchar(40), 입사일 date)`,
    `CREATE TABLE tags (id integer PRIMARY KEY, label varchar(20) NOT NULL UNIQUE)`,
  ];
}

describe.each(customerEngines(['postgres', 'mysql'] as const))('data API rights, bounds and identifiers (%s customer database)', (engine) => {
  let t: TTestContext;
  let db: TCustomerDb;
  let origin: string;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let postOnlyKey: string;
  const p = (n: number) => (engine === 'postgres' ? `$${n}` : '?');
  const call = async (path: string, init: { method?: string; key?: string; headers?: Record<string, string>; body?: unknown } = {}) => {
    const res = await fetch(`${origin}/api/v1/${shop.apiId}${path}`, {
      method: init.method ?? 'GET',
      headers: { apikey: init.key ?? shop.key, 'content-type': 'application/json', ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await res.text();
    return { status: res.status, cache: res.headers.get('x-cache'), body: text ? JSON.parse(text) : undefined };
  };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    db = await createCustomerDb(engine);
    for (const s of extraDdl(engine)) await db.query(s);
    await db.query(`INSERT INTO cards (id, customer_id, card) VALUES (1, 1, '4111-1111'), (2, 2, '5500-0000')`);
    for (let i = 1; i <= 12; i++) await db.query(`INSERT INTO kids (id, customer_id, n) VALUES (${p(1)}, 1, ${p(2)})`, [i, i]);
    await db.query(`INSERT INTO kids (id, customer_id, n) VALUES (100, 2, 1), (101, 2, 2)`);
    const big = 'x'.repeat(4_000_000);
    for (let i = 1; i <= 5; i++) await db.query(`INSERT INTO notes (id, customer_id, body) VALUES (${p(1)}, 3, ${p(2)})`, [i, big]);
    await db.query(
      `INSERT INTO 직원 (번호, 이름, 부서, 입사일) VALUES (1, '김하나', '영업', '2024-03-02'), (2, '이두리', '개발', '2023-07-10'), (3, '박세나', '개발', '2025-01-15')`,
    );
    await db.query(`INSERT INTO tags (id, label) VALUES (1, 'vip')`);
    db.connectionInput = { ...db.connectionInput, rowCap: ROW_CAP };
    shop = await publishedShop(t, db, {
      tables: [
        ...ALL_TABLES.map((x) => (x.name === 'customers' ? { ...x, methods: ['GET', 'POST', 'PATCH', 'DELETE'] } : x)),
        { name: 'cards', methods: ['POST'] },
        { name: 'kids', methods: ['GET'] },
        { name: 'notes', methods: ['GET'] },
        { name: '직원', methods: ['GET'] },
        { name: 'tags', methods: ['GET', 'POST'] },
      ],
    });
    const k = await shop.o('POST', `${shop.base}/keys`, { name: '쓰기 전용', apiId: shop.apiId, methods: ['POST'], rateLimitPerMinute: 100_000 });
    expect(k.status).toBe(201);
    postOnlyKey = k.body.key;
    // The cache on (TTL), as a customer runs it.
    expect((await shop.o('PATCH', `${shop.base}/apis/${shop.apiId}`, { cacheMode: 'ttl', cacheTtlSeconds: 60 })).status).toBe(200);
    origin = await listenOnLoopback(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('refuses embedding a table published without GET, or through a key without GET (item 2)', async () => {
    const viaApi = await call('/customers?select=id,cards(card)&id=eq.1');
    expect(viaApi.status).toBe(403);
    expect(viaApi.body).toMatchObject({ code: 'PGRST403', message: expect.stringContaining("'cards'") });
    expect(JSON.stringify(viaApi.body)).not.toContain('4111');
    // Also as an !inner filter, and on a write's representation.
    expect((await call('/customers?select=id,cards!inner(card)&cards.card=eq.4111-1111')).status).toBe(403);
    // The kids table is published with GET, but this key may only POST: it cannot read through an embed either.
    const viaKey = await call('/cards?select=id,customers(name)', {
      method: 'POST',
      key: postOnlyKey,
      headers: { prefer: 'return=representation' },
      body: { id: 9, customer_id: 1, card: '1' },
    });
    expect(viaKey.status).toBe(403);
    expect(JSON.stringify(viaKey.body)).not.toContain('김민수');
    expect(await db.query('SELECT id FROM cards WHERE id = 9')).toEqual([]);
  });

  it('refuses merge-duplicates without PATCH, and a representation without GET (item 3)', async () => {
    const merge = await call('/tags', { method: 'POST', headers: { prefer: 'resolution=merge-duplicates' }, body: { id: 1, label: 'hacked' } });
    expect(merge.status).toBe(403);
    expect(merge.body.message).toContain('PATCH');
    const viaKey = await call('/customers', {
      method: 'POST',
      key: postOnlyKey,
      headers: { prefer: 'resolution=merge-duplicates,return=representation' },
      body: { id: 1, name: '덮어씀' },
    });
    expect(viaKey.status).toBe(403);
    expect(JSON.stringify(viaKey.body)).not.toContain('minsu@example.com');
    expect(await db.query(`SELECT label FROM tags WHERE id = 1`)).toEqual([{ label: 'vip' }]);
    expect(await db.query(`SELECT name FROM customers WHERE id = 1`)).toEqual([{ name: '김민수' }]);
    const returned = await call('/cards', {
      method: 'POST',
      key: postOnlyKey,
      headers: { prefer: 'return=representation' },
      body: { id: 10, customer_id: 1, card: '2' },
    });
    expect(returned.status).toBe(403);
    expect(returned.body.message).toContain('GET');
    // A plain insert with the rights it needs still works; ignore-duplicates needs no update right.
    expect((await call('/cards', { method: 'POST', key: postOnlyKey, body: { id: 11, customer_id: 1, card: '3' } })).status).toBe(201);
    expect((await call('/tags', { method: 'POST', headers: { prefer: 'resolution=ignore-duplicates' }, body: { id: 1, label: 'x' } })).status).toBe(201);
  });

  it('caps embedded children per parent at the row cap, and refuses a response over the byte bound (item 5)', async () => {
    const res = await call('/customers?select=id,kids(n)&id=in.(1,2)&order=id');
    expect(res.status).toBe(200);
    expect(res.body[0].kids).toHaveLength(ROW_CAP);
    expect(res.body[1].kids.map((k: { n: number }) => k.n).sort()).toEqual([1, 2]);
    const ordered = await call('/customers?select=id,kids(n)&id=eq.1&kids.order=n.desc&kids.limit=2&kids.offset=1');
    expect(ordered.body[0].kids).toEqual([{ n: 11 }, { n: 10 }]);
    const big = await call('/customers?select=id,notes(body)&id=eq.3');
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ code: 'PGRST413', message: expect.stringContaining('응답이 너무 큽니다'), details: null, hint: expect.any(String) });
  });

  it('keys the cache on what the grammar executes (item 6)', async () => {
    const a = await dataGet(origin, shop, '/orders?select=id&select=status&id=eq.1');
    const b = await dataGet(origin, shop, '/orders?select=status&select=id&id=eq.1');
    expect(a.body).toEqual([{ status: 'paid' }]);
    expect(b.body).toEqual([{ id: 1 }]);
    const three = await dataGet(origin, shop, '/orders?select=id&order=id&limit=1&limit=3');
    const one = await dataGet(origin, shop, '/orders?select=id&order=id&limit=3&limit=1');
    expect(three.body).toHaveLength(3);
    expect(one.body).toHaveLength(1);
    // The same execution in another spelling is still one entry.
    await dataGet(origin, shop, '/orders?select=id&status=eq.paid&amount=gt.1000&order=id');
    expect((await dataGet(origin, shop, '/orders?amount=gt.1000&order=id&status=eq.paid&select=id')).cache).toBe('HIT');
  });

  it('accepts Korean table and column names in select, filters and order (item 18)', async () => {
    const res = await call(
      `/${encodeURIComponent('직원')}?select=${encodeURIComponent('이름,부서')}&${encodeURIComponent('부서')}=eq.${encodeURIComponent('개발')}&order=${encodeURIComponent('입사일')}.desc`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { 이름: '박세나', 부서: '개발' },
      { 이름: '이두리', 부서: '개발' },
    ]);
    const aliased = await call(
      `/${encodeURIComponent('직원')}?select=${encodeURIComponent('사람:이름')}&${encodeURIComponent('이름')}=like.${encodeURIComponent('김*')}`,
    );
    expect(aliased.body).toEqual([{ 사람: '김하나' }]);
    const quoted = await call(`/${encodeURIComponent('직원')}?select=${encodeURIComponent('"번호"')}&order=${encodeURIComponent('번호')}`);
    expect(quoted.body).toEqual([{ 번호: 1 }, { 번호: 2 }, { 번호: 3 }]);
    // Grammar characters are still refused, and an unknown name says so in Korean.
    expect((await call(`/${encodeURIComponent('직원')}?select=${encodeURIComponent('없는컬럼')}`)).body.message).toContain('컬럼이 없습니다');
  });

  it('the admin builder over the Korean table lists, filters and sorts through the same grammar (item 18)', async () => {
    const base = `/api/seeds/${shop.seedId}/admin-builder`;
    const app = await shop.o('POST', `${base}/apps`, { name: '인사', connectionId: shop.connectionId, tables: ['직원'] });
    expect(app.status).toBe(201);
    const q = `sort=${encodeURIComponent('입사일.desc')}&${encodeURIComponent('f.부서')}=${encodeURIComponent('eq:개발')}`;
    const rows = await shop.o('GET', `${base}/apps/${app.body.id}/tables/${encodeURIComponent('직원')}/rows?${q}`);
    expect(rows.status).toBe(200);
    expect(rows.body.data.map((r: Record<string, unknown>) => r['이름'])).toEqual(['박세나', '이두리']);
  });

  it('serves {base}/openapi.json only with a key, describing what the key may call (item 28)', async () => {
    const anon = await fetch(`${origin}/api/v1/${shop.apiId}/openapi.json`);
    expect(anon.status).toBe(401);
    const doc = await fetch(`${origin}/api/v1/${shop.apiId}/openapi.json`, { headers: { apikey: postOnlyKey } });
    expect(doc.status).toBe(200);
    const paths = ((await doc.json()) as { paths: Record<string, Record<string, unknown>> }).paths as Record<string, Record<string, unknown>>;
    expect(paths['/cards']!.post).toBeDefined();
    expect(paths['/customers']!.get).toBeUndefined();
    expect(paths['/kids']).toBeUndefined();
  });

  it('names the column, key or table in Korean when the database refuses (item 28)', async () => {
    const dup = await call('/tags', { method: 'POST', body: { id: 2, label: 'vip' } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: '23505', message: expect.stringContaining('label') });
    const dupPk = await call('/tags', { method: 'POST', body: { id: 1, label: 'new' } });
    expect(dupPk.body.message).toMatch(/'id'|기본 키/);
    const missing = await call('/customers', { method: 'POST', body: { id: 50, email: 'x@example.com' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: '23502', message: "'name' 컬럼은 비워 둘 수 없습니다." });
    const orphan = await call('/orders', { method: 'POST', body: { id: 50, customer_id: 999, status: 'paid', amount: 1 } });
    expect(orphan.status).toBe(409);
    expect(orphan.body).toMatchObject({ code: '23503', message: "참조하는 'customers' 테이블에 해당 행이 없습니다." });
    const referenced = await call('/customers?id=eq.1', { method: 'DELETE' });
    expect(referenced.status).toBe(409);
    expect(referenced.body.message).toMatch(/'(cards|kids|notes)' 테이블의 행이 이 행을 참조/);
    for (const body of [dup.body, missing.body, orphan.body, referenced.body]) expect(body.message).not.toMatch(/ER_|Duplicate|violat|constraint/i);
  });

  it.runIf(engine === 'postgres')('says in Korean that the database user lacks a privilege', async () => {
    const role = `ab_ro_${Date.now().toString(36)}`;
    await db.query(`CREATE ROLE ${role} LOGIN PASSWORD 'pw'`);
    await db.query(`GRANT SELECT ON customers TO ${role}`);
    const conn = await shop.o('POST', `${shop.base}/connections`, { ...db.connectionInput, name: '읽기 전용', user: role, password: 'pw' });
    expect(conn.status).toBe(201);
    const api = await shop.o('POST', `${shop.base}/apis`, { connectionId: conn.body.data.id, tables: [{ name: 'customers', methods: ['GET'] }] });
    const key = await shop.o('POST', `${shop.base}/keys`, { name: 'ro', apiId: api.body.id });
    // Taken away after publishing: the database refuses ("permission denied for table customers").
    await db.query(`REVOKE SELECT ON customers FROM ${role}`);
    const res = await fetch(`${origin}/api/v1/${api.body.id}/customers?select=id`, { headers: { apikey: key.body.key } });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { message: string };
    expect(body).toMatchObject({ code: '42501', message: expect.stringContaining('권한') });
    expect(body.message).not.toMatch(/permission denied/);
    await shop.o('DELETE', `${shop.base}/connections/${conn.body.data.id}?confirm=true`);
    await db.query(`DROP ROLE ${role}`).catch(() => undefined);
  });
});
