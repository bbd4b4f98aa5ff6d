/**
 * Functions over the data API (issue 36): `/rpc/{function}` on a customer PostgreSQL and MariaDB database, answers
 * compared with the same SQL run directly; PostgREST's shapes and errors; publishing, key scope and row cap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { ALL_TABLES, createCustomerDb, customerEngines, listenOnLoopback, publishedShop, type TCustomerDb } from './testing/api-builder-kit.ts';

const ROW_CAP = 2;

function functionsDdl(kind: 'postgres' | 'mysql'): string[] {
  if (kind === 'postgres')
    return [
      `CREATE FUNCTION add_nums(a integer, b integer DEFAULT 10) RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT a + b $$`,
      `CREATE FUNCTION orders_of(cust integer) RETURNS SETOF orders LANGUAGE sql STABLE AS $$ SELECT * FROM orders WHERE customer_id = cust $$`,
      `CREATE FUNCTION city_totals() RETURNS TABLE(city varchar, total bigint) LANGUAGE sql STABLE AS $$ SELECT c.city, SUM(o.amount)::bigint FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.city $$`,
      `CREATE FUNCTION bump_balance(cust integer, delta numeric) RETURNS numeric LANGUAGE sql VOLATILE AS $$ UPDATE customers SET balance = balance + delta WHERE id = cust RETURNING balance $$`,
      `CREATE FUNCTION secret_fn() RETURNS text LANGUAGE sql STABLE AS $$ SELECT value FROM secrets LIMIT 1 $$`,
      `CREATE FUNCTION contacts() RETURNS TABLE(name text, phone text) LANGUAGE sql STABLE AS $$ VALUES ('김민수', '010-1234-5678') $$`,
    ];
  return [
    `CREATE FUNCTION add_nums(a INT, b INT) RETURNS INT DETERMINISTIC RETURN a + b`,
    `CREATE PROCEDURE orders_of(IN cust INT) SELECT * FROM orders WHERE customer_id = cust ORDER BY id`,
    `CREATE PROCEDURE bump_balance(IN cust INT, IN delta DECIMAL(10,2), OUT new_balance DECIMAL(10,2))
       BEGIN UPDATE customers SET balance = balance + delta WHERE id = cust; SELECT balance INTO new_balance FROM customers WHERE id = cust; END`,
    `CREATE FUNCTION secret_fn() RETURNS VARCHAR(100) READS SQL DATA RETURN (SELECT value FROM secrets LIMIT 1)`,
    `CREATE PROCEDURE contacts() SELECT '김민수' AS name, '010-1234-5678' AS phone`,
  ];
}

describe.each(customerEngines(['postgres', 'mysql'] as const))('data API functions /rpc (%s customer database)', (engine) => {
  let t: TTestContext;
  let db: TCustomerDb;
  let origin: string;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  const published =
    engine === 'postgres' ? ['add_nums', 'orders_of', 'city_totals', 'bump_balance', 'contacts'] : ['add_nums', 'orders_of', 'bump_balance', 'contacts'];
  const call = async (path: string, init: { method?: string; key?: string; body?: unknown } = {}) => {
    const res = await fetch(`${origin}/api/v1/${shop.apiId}/rpc/${path}`, {
      method: init.method ?? 'POST',
      headers: { apikey: init.key ?? shop.key, 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const keyWith = async (tables: string[]) => {
    const k = await shop.o('POST', `${shop.base}/keys`, { name: `키 ${tables.join(',')}`, apiId: shop.apiId, tables, rateLimitPerMinute: 100_000 });
    expect(k.status).toBe(201);
    return k.body.key as string;
  };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    db = await createCustomerDb(engine);
    for (const s of functionsDdl(engine)) await db.query(s);
    db.connectionInput = { ...db.connectionInput, rowCap: ROW_CAP };
    shop = await publishedShop(t, db, { tables: ALL_TABLES });
    const patched = await shop.o('PATCH', `${shop.base}/apis/${shop.apiId}`, { functions: published.map((name) => ({ name })) });
    expect(patched.status).toBe(200);
    expect(patched.body.data.functions).toEqual(published.map((name) => ({ name })));
    origin = await listenOnLoopback(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('lists the database functions for the publish screen, and refuses publishing one that does not exist', async () => {
    const list = await shop.o('GET', `${shop.base}/connections/${shop.connectionId}/functions`);
    expect(list.status).toBe(200);
    const names = (list.body.data as { name: string; readOnly: boolean }[]).map((f) => f.name).sort();
    expect(names).toEqual([...published, 'secret_fn'].sort());
    const add = (list.body.data as { name: string; readOnly: boolean; args: { name: string }[] }[]).find((f) => f.name === 'add_nums')!;
    expect(add.readOnly).toBe(true);
    expect(add.args.map((a) => a.name)).toEqual(['a', 'b']);
    const bad = await shop.o('PATCH', `${shop.base}/apis/${shop.apiId}`, { functions: [{ name: 'no_such_fn' }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('no_such_fn');
  });

  it('answers a scalar function with its value, by POST and by GET, as the same SQL does', async () => {
    const [expected] = await db.query(engine === 'postgres' ? 'SELECT add_nums(2, 3) AS v' : 'SELECT add_nums(2, 3) AS v');
    const post = await call('add_nums', { body: { a: 2, b: 3 } });
    expect(post).toEqual({ status: 200, body: expected!.v });
    expect(post.body).toBe(5);
    const get = await call('add_nums?a=2&b=3', { method: 'GET' });
    expect(get).toEqual({ status: 200, body: 5 });
    if (engine === 'postgres') {
      // The default argument applies when it is left out.
      expect(await call('add_nums', { body: { a: 1 } })).toEqual({ status: 200, body: 11 });
    }
  });

  it('answers a set of rows as an array, with select, filters and order applied and the row cap kept', async () => {
    if (engine === 'postgres') {
      const expected = await db.query('SELECT id, amount FROM orders_of(1) WHERE amount > $1 ORDER BY amount DESC', [10000]);
      const res = await call('orders_of?select=id,amount&amount=gt.10000&order=amount.desc', { body: { cust: 1 } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected);
      expect((res.body as unknown[]).length).toBe(2);
      const viaGet = await call('orders_of?cust=4&order=id.desc&select=id,status', { method: 'GET' });
      expect(viaGet.body).toEqual(await db.query('SELECT id, status FROM orders WHERE customer_id = 4 ORDER BY id DESC LIMIT 2'));
      // RETURNS TABLE(...): filtered on its own columns.
      const totals = await call('city_totals?total=gte.10000&order=total.desc', { body: {} });
      expect(totals.body).toEqual(await db.query('SELECT * FROM city_totals() WHERE total >= 10000 ORDER BY total DESC LIMIT 2'));
    } else {
      const res = await call('orders_of', { body: { cust: 1 } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(await db.query('SELECT * FROM orders WHERE customer_id = 1 ORDER BY id'));
      const filtered = await call('orders_of?amount=gt.1', { body: { cust: 1 } });
      expect(filtered.status).toBe(400);
    }
    // Customer 4 has three orders: the connection's row cap (2) bounds the answer.
    const capped = await call('orders_of', { body: { cust: 4 } });
    expect((capped.body as unknown[]).length).toBe(ROW_CAP);
  });

  it('runs a writing function by POST only, and its change is in the database', async () => {
    const get = await call(engine === 'postgres' ? 'bump_balance?cust=2&delta=5' : 'bump_balance?cust=2&delta=5', { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.body).toMatchObject({ code: 'PGRST101' });
    const [before] = await db.query('SELECT balance FROM customers WHERE id = 2');
    const res = await call('bump_balance', { body: { cust: 2, delta: 5 } });
    expect(res.status).toBe(200);
    const [after] = await db.query('SELECT balance FROM customers WHERE id = 2');
    expect(Number(after!.balance)).toBe(Number(before!.balance) + 5);
    expect(res.body).toEqual(engine === 'postgres' ? after!.balance : { new_balance: after!.balance });
  });

  it("answers PostgREST's PGRST202 for an unpublished or unknown function and for arguments no function takes", async () => {
    for (const [path, body] of [
      ['secret_fn', {}],
      ['no_such_fn', {}],
      ['add_nums', { x: 1 }],
    ] as const) {
      const res = await call(path, { body });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'PGRST202', message: expect.stringContaining(path), details: expect.any(String), hint: expect.any(String) });
    }
    const notObject = await call('add_nums', { body: [1, 2] });
    expect(notObject.status).toBe(400);
    expect(await call('add_nums', { method: 'POST', key: 'sk_wrong', body: { a: 1, b: 2 } })).toMatchObject({ status: 401 });
  });

  it("masks personal numbers in a function's answer unless the key may read personal data", async () => {
    const masked = await call('contacts', { body: {} });
    expect(masked).toEqual({ status: 200, body: [{ name: '김민수', phone: '010-****-5678' }] });
    const k = await shop.o('POST', `${shop.base}/keys`, { name: '개인정보 키', apiId: shop.apiId, readPersonalData: true, rateLimitPerMinute: 100_000 });
    expect(k.status).toBe(201);
    expect(await call('contacts', { key: k.body.key, body: {} })).toEqual({ status: 200, body: [{ name: '김민수', phone: '010-1234-5678' }] });
    if (engine === 'postgres') {
      // An alias does not unmask, and the masked column cannot be probed with a filter.
      expect((await call('contacts?select=n:name,p:phone', { body: {} })).body).toEqual([{ n: '김민수', p: '010-****-5678' }]);
      expect((await call('contacts?phone=like.010-1234*', { body: {} })).status).toBe(403);
    }
  });

  it('lets a key limited to tables call only the functions it lists as rpc/{name}', async () => {
    const tablesOnly = await keyWith(['customers']);
    const refused = await call('add_nums', { key: tablesOnly, body: { a: 1, b: 2 } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PGRST403' });
    const oneFn = await keyWith(['rpc/add_nums']);
    expect(await call('add_nums', { key: oneFn, body: { a: 1, b: 2 } })).toEqual({ status: 200, body: 3 });
    expect((await call('orders_of', { key: oneFn, body: { cust: 1 } })).status).toBe(403);
    // Only published functions can be named in a key's scope.
    const bad = await shop.o('POST', `${shop.base}/keys`, { name: '나쁜 키', apiId: shop.apiId, tables: ['rpc/secret_fn'] });
    expect(bad.status).toBe(400);
  });
});
