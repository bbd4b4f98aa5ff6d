/**
 * Aggregates (issue 36): `select=amount.sum(),status,count()` as PostgREST v12 defines it, on a customer PostgreSQL
 * and a customer MariaDB database. Off by default per API (PGRST123, PostgREST's shape); once turned on in the API's
 * settings every answer is compared with the same SQL run directly on the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { createCustomerDb, customerEngines, listenOnLoopback, publishedShop, type TCustomerDb } from './testing/api-builder-kit.ts';

type TRow = Record<string, unknown>;

/** Same representation on both sides: numeric text as numbers. */
function norm(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(norm);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, norm(x)]));
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && !/^0\d/.test(v)) return Number(v);
  return v;
}

const sqlFor = (kind: 'postgres' | 'mysql', text: string) => {
  if (kind === 'mysql') return text;
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

const nullsFirst = (k: string, col: string) => (k === 'mysql' ? `(${col} IS NULL) DESC, ${col} ASC` : `${col} ASC NULLS FIRST`);
const nullsLast = (k: string, col: string, dir = 'ASC') => (k === 'mysql' ? `(${col} IS NULL) ASC, ${col} ${dir}` : `${col} ${dir} NULLS LAST`);
const castInt = (k: string, e: string) => (k === 'mysql' ? `CAST(${e} AS SIGNED)` : `CAST(${e} AS integer)`);

/** A request and the hand-written SQL (with `?` placeholders) whose rows it must equal. */
const cases: { name: string; path: string; sql: (k: 'postgres' | 'mysql') => [string, unknown[]] }[] = [
  { name: 'sum alone', path: '/orders?select=amount.sum()', sql: () => ['SELECT SUM(amount) AS sum FROM orders', []] },
  { name: 'count() alone', path: '/orders?select=count()', sql: () => ['SELECT COUNT(*) AS count FROM orders', []] },
  {
    name: 'grouped by the other selected column',
    path: '/orders?select=amount.sum(),status,count()&order=status',
    sql: (k) => [`SELECT SUM(amount) AS sum, status, COUNT(*) AS count FROM orders GROUP BY status ORDER BY ${nullsLast(k, 'status')}`, []],
  },
  {
    name: 'every function with aliases and a filter',
    path: '/orders?select=status,total:amount.sum(),average:amount.avg(),amount.max(),amount.min(),n:ordered_on.count()&status=neq.cancelled&order=status.desc',
    sql: () => [
      `SELECT status, SUM(amount) AS total, AVG(amount) AS average, MAX(amount) AS max, MIN(amount) AS min, COUNT(ordered_on) AS n FROM orders WHERE status <> ? GROUP BY status ORDER BY status DESC`,
      ['cancelled'],
    ],
  },
  {
    name: 'NULL group and NULL values (decimal column)',
    path: '/customers?select=city,balance.sum(),people:id.count()&order=city.nullsfirst',
    sql: (k) => [`SELECT city, SUM(balance) AS sum, COUNT(id) AS people FROM customers GROUP BY city ORDER BY ${nullsFirst(k, 'city')}`, []],
  },
  {
    name: 'page of groups (limit, offset)',
    path: '/orders?select=customer_id,amount.sum()&order=customer_id&limit=2&offset=1',
    sql: (k) => [`SELECT customer_id, SUM(amount) AS sum FROM orders GROUP BY customer_id ORDER BY ${nullsLast(k, 'customer_id')} LIMIT 2 OFFSET 1`, []],
  },
  {
    name: 'casts on the input and on the result',
    path: '/orders?select=status,amount::int.sum(),mean:amount.avg()::int&order=status',
    sql: (k) => [
      `SELECT status, SUM(${castInt(k, 'amount')}) AS sum, ${castInt(k, 'AVG(amount)')} AS mean FROM orders GROUP BY status ORDER BY ${nullsLast(k, 'status')}`,
      [],
    ],
  },
  {
    name: 'Korean text grouped, with an or filter',
    path: '/order_items?select=product,qty.sum()&or=(product.eq.모니터,qty.gte.2)&order=product',
    sql: (k) => [
      `SELECT product, SUM(qty) AS sum FROM order_items WHERE (product = ? OR qty >= ?) GROUP BY product ORDER BY ${nullsLast(k, 'product')}`,
      ['모니터', 2],
    ],
  },
];

const ENGINES = customerEngines(['postgres', 'mysql'] as const);

describe.each(ENGINES)('aggregates on a published %s database', (kind) => {
  let t: TTestContext;
  let db: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let baseUrl: string;

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, { headers: { apikey: shop.key, ...headers } });
    return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
  };
  const setAggregates = async (on: boolean) => {
    const res = await shop.o('PATCH', `${shop.base}/apis/${shop.apiId}`, { aggregatesEnabled: on });
    expect(res.status).toBe(200);
    expect(res.body.data.aggregatesEnabled).toBe(on);
  };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    db = await createCustomerDb(kind);
    shop = await publishedShop(t, db);
    baseUrl = `${await listenOnLoopback(t)}/api/v1/${shop.apiId}`;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('off by default: an aggregate gets PostgREST 400 PGRST123, plain reads still work', async () => {
    const listed = await shop.o('GET', `${shop.base}/apis`);
    expect(listed.body.data.find((a: TRow) => a.id === shop.apiId).aggregatesEnabled).toBe(false);
    for (const path of ['/orders?select=amount.sum()', '/orders?select=status,count()']) {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'PGRST123',
        message: '집계 함수를 사용할 수 없습니다.',
        details: null,
        hint: expect.stringContaining('db-aggregates-enabled'),
      });
    }
    expect((await get('/orders?select=amount&order=id')).status).toBe(200);
  });

  it('only the seed owner or an admin can turn it on; the bad value is a 400', async () => {
    const bad = await shop.o('PATCH', `${shop.base}/apis/${shop.apiId}`, { aggregatesEnabled: 'yes' });
    expect(bad.status).toBe(400);
    await setAggregates(true);
  });

  it.each(cases.map((c) => [c.name, c] as const))('same answer as SQL: %s', async (_name, c) => {
    const res = await get(c.path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [text, params] = c.sql(kind);
    const expected = await db.query(sqlFor(kind, text), params);
    expect(expected.length).toBeGreaterThan(0);
    expect(norm(res.body)).toEqual(norm(expected));
  });

  it('count=exact counts the groups', async () => {
    const res = await get('/orders?select=status,count()&order=status&limit=2', { prefer: 'count=exact' });
    const groups = Number((await db.query('SELECT COUNT(DISTINCT status) AS n FROM orders'))[0]!.n);
    expect(groups).toBeGreaterThan(2);
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`0-1/${groups}`);
  });

  it('a plain read and an aggregate of the same column are cached apart, and a write shows in the next sum', async () => {
    const plain = await get('/orders?select=amount&status=eq.paid');
    expect(Array.isArray(plain.body) && (plain.body as TRow[]).every((r) => 'amount' in r && !('sum' in r))).toBe(true);
    const sum = async () => norm(((await get('/orders?select=amount.sum()&status=eq.paid')).body as TRow[])[0]!.sum) as number;
    const before = await sum();
    expect(before).toBe(norm((await db.query(sqlFor(kind, 'SELECT SUM(amount) AS s FROM orders WHERE status = ?'), ['paid']))[0]!.s));
    expect(await sum()).toBe(before);
    const write = await fetch(`${baseUrl}/orders`, {
      method: 'POST',
      headers: { apikey: shop.key, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 500, customer_id: 2, status: 'paid', amount: 777 }),
    });
    expect(write.status).toBe(201);
    expect(await sum()).toBe(before + 777);
  });

  it.each([
    ['ordering by an aggregate (PostgREST does not)', '/orders?select=status,total:amount.sum()&order=total', 'PGRST100'],
    ['ordering by a column that is not grouped', '/orders?select=status,amount.sum()&order=id', 'PGRST100'],
    ['an aggregate inside an embed', '/customers?select=id,orders(amount.sum())', 'PGRST100'],
    ['an aggregate next to an embed', '/customers?select=city,balance.sum(),orders(id)', 'PGRST100'],
    ['a cast outside the list', '/orders?select=amount::xml.sum()', 'PGRST100'],
    ['sum() without a column', '/orders?select=sum()', 'PGRST100'],
    ['an unknown column', '/orders?select=nope.sum()', '42703'],
    ['SQL in the cast', '/orders?select=amount::int);DROP%20TABLE%20orders;--.sum()', 'PGRST100'],
  ])('refused with 400: %s', async (_name, path, code) => {
    const res = await get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ code });
    expect(Number((await db.query('SELECT COUNT(*) AS n FROM orders'))[0]!.n)).toBeGreaterThan(0);
  });

  it('turned off again: refused again at once', async () => {
    await setAggregates(false);
    expect((await get('/orders?select=amount.sum()')).body).toMatchObject({ code: 'PGRST123' });
  });
});
