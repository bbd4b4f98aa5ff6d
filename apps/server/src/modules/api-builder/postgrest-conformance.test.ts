/**
 * Conformance: the official PostgREST client (@supabase/postgrest-js) pointed at a published base URL, on a
 * customer PostgreSQL database and a customer MariaDB database. Every query's rows, order and counts are compared
 * with what the equivalent hand-written SQL returns on the same database; injection attempts fail closed.
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { createCustomerDb, customerEngines, listenOnLoopback, publishedShop, type TCustomerDb } from './testing/api-builder-kit.ts';

type TRow = Record<string, unknown>;
type TClient = PostgrestClient;
type TResult = { data: unknown; error: unknown; count?: number | null; status: number };
type TCase = {
  name: string;
  run: (c: TClient) => PromiseLike<TResult>;
  /** Hand-written SQL with `?` placeholders (numbered for PostgreSQL), and how its rows become the expected data. */
  sql: (k: 'postgres' | 'mysql') => [string, unknown[]];
  expect?: (rows: TRow[]) => unknown;
  count?: boolean;
};

/** Same representation on both sides: booleans as 0/1 (MySQL has none), numeric text as numbers. */
function norm(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(norm);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, norm(x)]));
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && !/^0\d/.test(v)) return Number(v);
  return v;
}

const like = (k: string) => (k === 'mysql' ? 'LIKE BINARY' : 'LIKE');
const ilike = (k: string, col: string) => (k === 'mysql' ? `LOWER(${col}) LIKE LOWER(?)` : `${col} ILIKE ?`);
const nullsLast = (k: string, col: string, dir = 'ASC') => (k === 'mysql' ? `(${col} IS NULL) ASC, ${col} ${dir}` : `${col} ${dir} NULLS LAST`);
const nullsFirst = (k: string, col: string, dir = 'ASC') => (k === 'mysql' ? `(${col} IS NULL) DESC, ${col} ${dir}` : `${col} ${dir} NULLS FIRST`);
const TRUE = (k: string) => (k === 'mysql' ? '1' : 'true');

const groupBy = (rows: TRow[], key: string) => {
  const m = new Map<unknown, TRow[]>();
  for (const r of rows) m.set(r[key], [...(m.get(r[key]) ?? []), r]);
  return m;
};

const readCases: TCase[] = [
  { name: 'all rows', run: (c) => c.from('customers').select().order('id'), sql: () => ['SELECT * FROM customers ORDER BY id', []] },
  { name: 'columns', run: (c) => c.from('customers').select('id,name').order('id'), sql: () => ['SELECT id, name FROM customers ORDER BY id', []] },
  {
    name: 'alias',
    run: (c) => c.from('customers').select('key:id,fullName:name').order('id'),
    sql: () => ['SELECT id AS "key", name AS "fullName" FROM customers ORDER BY id', []],
  },
  {
    name: 'eq text',
    run: (c) => c.from('customers').select('id').eq('city', 'Seoul').order('id'),
    sql: () => ['SELECT id FROM customers WHERE city = ? ORDER BY id', ['Seoul']],
  },
  { name: 'eq number', run: (c) => c.from('orders').select('id').eq('amount', 5000), sql: () => ['SELECT id FROM orders WHERE amount = ?', [5000]] },
  {
    name: 'eq korean',
    run: (c) => c.from('customers').select('id,name').eq('name', '김민수'),
    sql: () => ['SELECT id, name FROM customers WHERE name = ?', ['김민수']],
  },
  {
    name: 'neq',
    run: (c) => c.from('orders').select('id').neq('status', 'paid').order('id'),
    sql: () => ['SELECT id FROM orders WHERE status <> ? ORDER BY id', ['paid']],
  },
  {
    name: 'gt',
    run: (c) => c.from('orders').select('id,amount').gt('amount', 10000).order('id'),
    sql: () => ['SELECT id, amount FROM orders WHERE amount > ? ORDER BY id', [10000]],
  },
  {
    name: 'gte',
    run: (c) => c.from('orders').select('id').gte('amount', 12000).order('id'),
    sql: () => ['SELECT id FROM orders WHERE amount >= ? ORDER BY id', [12000]],
  },
  {
    name: 'lt',
    run: (c) => c.from('orders').select('id').lt('amount', 5000).order('id'),
    sql: () => ['SELECT id FROM orders WHERE amount < ? ORDER BY id', [5000]],
  },
  {
    name: 'lte',
    run: (c) => c.from('orders').select('id').lte('amount', 5000).order('id'),
    sql: () => ['SELECT id FROM orders WHERE amount <= ? ORDER BY id', [5000]],
  },
  {
    name: 'gt decimal',
    run: (c) => c.from('customers').select('id,balance').gt('balance', 100).order('id'),
    sql: () => ['SELECT id, balance FROM customers WHERE balance > ? ORDER BY id', [100]],
  },
  {
    name: 'gte date',
    run: (c) => c.from('orders').select('id,ordered_on').gte('ordered_on', '2026-02-01').order('id'),
    sql: () => ['SELECT id, ordered_on FROM orders WHERE ordered_on >= ? ORDER BY id', ['2026-02-01']],
  },
  {
    name: 'like',
    run: (c) => c.from('customers').select('id').like('email', '%example.com').order('id'),
    sql: (k) => [`SELECT id FROM customers WHERE email ${like(k)} ? ORDER BY id`, ['%example.com']],
  },
  {
    name: 'like star',
    run: (c) => c.from('customers').select('id').like('name', 'A*').order('id'),
    sql: (k) => [`SELECT id FROM customers WHERE name ${like(k)} ? ORDER BY id`, ['A%']],
  },
  {
    name: 'like case',
    run: (c) => c.from('customers').select('id').like('email', 'bob%').order('id'),
    sql: (k) => [`SELECT id FROM customers WHERE email ${like(k)} ? ORDER BY id`, ['bob%']],
  },
  {
    name: 'ilike',
    run: (c) => c.from('customers').select('id').ilike('email', 'bob%').order('id'),
    sql: (k) => [`SELECT id FROM customers WHERE ${ilike(k, 'email')} ORDER BY id`, ['bob%']],
  },
  {
    name: 'ilike middle',
    run: (c) => c.from('customers').select('id').ilike('name', '%LI%').order('id'),
    sql: (k) => [`SELECT id FROM customers WHERE ${ilike(k, 'name')} ORDER BY id`, ['%li%']],
  },
  {
    name: 'in numbers',
    run: (c) => c.from('orders').select('id').in('id', [1, 3, 5]).order('id'),
    sql: () => ['SELECT id FROM orders WHERE id IN (?, ?, ?) ORDER BY id', [1, 3, 5]],
  },
  {
    name: 'in strings',
    run: (c) => c.from('orders').select('id').in('status', ['paid', 'refunded']).order('id'),
    sql: () => ['SELECT id FROM orders WHERE status IN (?, ?) ORDER BY id', ['paid', 'refunded']],
  },
  {
    name: 'in with comma',
    run: (c) => c.from('customers').select('id').in('city', ['Seoul', 'a,b']).order('id'),
    sql: () => ['SELECT id FROM customers WHERE city IN (?, ?) ORDER BY id', ['Seoul', 'a,b']],
  },
  { name: 'in empty', run: (c) => c.from('orders').select('id').in('id', []), sql: () => ['SELECT id FROM orders WHERE 1 = 0', []] },
  {
    name: 'is null',
    run: (c) => c.from('customers').select('id').is('email', null).order('id'),
    sql: () => ['SELECT id FROM customers WHERE email IS NULL ORDER BY id', []],
  },
  {
    name: 'is true',
    run: (c) => c.from('customers').select('id').is('active', true).order('id'),
    sql: () => ['SELECT id FROM customers WHERE active IS TRUE ORDER BY id', []],
  },
  {
    name: 'eq boolean',
    run: (c) => c.from('customers').select('id').eq('active', false).order('id'),
    sql: (k) => [`SELECT id FROM customers WHERE active = ${k === 'mysql' ? '0' : 'false'} ORDER BY id`, []],
  },
  {
    name: 'not is null',
    run: (c) => c.from('customers').select('id').not('city', 'is', null).order('id'),
    sql: () => ['SELECT id FROM customers WHERE city IS NOT NULL ORDER BY id', []],
  },
  {
    name: 'not eq',
    run: (c) => c.from('orders').select('id').not('status', 'eq', 'paid').order('id'),
    sql: () => ['SELECT id FROM orders WHERE NOT (status = ?) ORDER BY id', ['paid']],
  },
  {
    name: 'not in',
    run: (c) => c.from('orders').select('id').not('id', 'in', '(1,2,3)').order('id'),
    sql: () => ['SELECT id FROM orders WHERE id NOT IN (1, 2, 3) ORDER BY id', []],
  },
  {
    name: 'not like',
    run: (c) => c.from('customers').select('id').not('name', 'like', '*i*').order('id'),
    sql: (k) => [`SELECT id FROM customers WHERE NOT (name ${like(k)} ?) ORDER BY id`, ['%i%']],
  },
  {
    name: 'two filters',
    run: (c) => c.from('orders').select('id').eq('status', 'paid').gt('amount', 2000).order('id'),
    sql: () => ['SELECT id FROM orders WHERE status = ? AND amount > ? ORDER BY id', ['paid', 2000]],
  },
  {
    name: 'or',
    run: (c) => c.from('orders').select('id').or('status.eq.shipped,amount.lt.3000').order('id'),
    sql: () => ['SELECT id FROM orders WHERE (status = ? OR amount < ?) ORDER BY id', ['shipped', 3000]],
  },
  {
    name: 'or with and',
    run: (c) => c.from('orders').select('id').or('id.eq.1,and(status.eq.paid,amount.gt.50000)').order('id'),
    sql: () => ['SELECT id FROM orders WHERE (id = ? OR (status = ? AND amount > ?)) ORDER BY id', [1, 'paid', 50000]],
  },
  {
    name: 'or with in',
    run: (c) => c.from('orders').select('id').or('id.in.(2,4),status.eq.refunded').order('id'),
    sql: () => ['SELECT id FROM orders WHERE (id IN (2, 4) OR status = ?) ORDER BY id', ['refunded']],
  },
  {
    name: 'or + filter',
    run: (c) => c.from('orders').select('id').eq('customer_id', 4).or('amount.gt.50000,status.eq.refunded').order('id'),
    sql: () => ['SELECT id FROM orders WHERE customer_id = ? AND (amount > ? OR status = ?) ORDER BY id', [4, 50000, 'refunded']],
  },
  {
    name: 'or is null',
    run: (c) => c.from('customers').select('id').or('email.is.null,city.is.null').order('id'),
    sql: () => ['SELECT id FROM customers WHERE (email IS NULL OR city IS NULL) ORDER BY id', []],
  },
  {
    name: 'or not',
    run: (c) => c.from('orders').select('id').or('status.not.eq.paid,id.eq.1').order('id'),
    sql: () => ['SELECT id FROM orders WHERE (NOT (status = ?) OR id = ?) ORDER BY id', ['paid', 1]],
  },
  {
    name: 'and param',
    run: (c) => c.from('orders').select('id').filter('and', '', '').order('id').setHeader('x', 'y'),
    sql: () => ['SELECT id FROM orders ORDER BY id', []],
    expect: () => 'error',
  },
  {
    name: 'order desc',
    run: (c) => c.from('orders').select('id,amount').order('amount', { ascending: false }),
    sql: () => ['SELECT id, amount FROM orders ORDER BY amount DESC', []],
  },
  {
    name: 'order two columns',
    run: (c) => c.from('orders').select('id,customer_id,amount').order('customer_id').order('amount', { ascending: false }),
    sql: () => ['SELECT id, customer_id, amount FROM orders ORDER BY customer_id, amount DESC', []],
  },
  {
    name: 'order nulls last default',
    run: (c) => c.from('customers').select('id,balance').order('balance').order('id'),
    sql: (k) => [`SELECT id, balance FROM customers ORDER BY ${nullsLast(k, 'balance')}, id`, []],
  },
  {
    name: 'order desc nulls first default',
    run: (c) => c.from('customers').select('id,city').order('city', { ascending: false }).order('id'),
    sql: (k) => [`SELECT id, city FROM customers ORDER BY ${nullsFirst(k, 'city', 'DESC')}, id`, []],
  },
  {
    name: 'order nullsfirst',
    run: (c) => c.from('orders').select('id,ordered_on').order('ordered_on', { nullsFirst: true }).order('id'),
    sql: (k) => [`SELECT id, ordered_on FROM orders ORDER BY ${nullsFirst(k, 'ordered_on')}, id`, []],
  },
  {
    name: 'order desc nullslast',
    run: (c) => c.from('customers').select('id,email').order('email', { ascending: false, nullsFirst: false }).order('id'),
    sql: (k) => [`SELECT id, email FROM customers ORDER BY ${nullsLast(k, 'email', 'DESC')}, id`, []],
  },
  { name: 'limit', run: (c) => c.from('orders').select('id').order('id').limit(3), sql: () => ['SELECT id FROM orders ORDER BY id LIMIT 3', []] },
  { name: 'range', run: (c) => c.from('orders').select('id').order('id').range(2, 4), sql: () => ['SELECT id FROM orders ORDER BY id LIMIT 3 OFFSET 2', []] },
  {
    name: 'range past end',
    run: (c) => c.from('orders').select('id').order('id').range(6, 20),
    sql: () => ['SELECT id FROM orders ORDER BY id LIMIT 15 OFFSET 6', []],
  },
  {
    name: 'count exact',
    run: (c) => c.from('orders').select('id', { count: 'exact' }).eq('status', 'paid').order('id'),
    sql: () => ['SELECT id FROM orders WHERE status = ? ORDER BY id', ['paid']],
    count: true,
  },
  {
    name: 'count exact with range',
    run: (c) => c.from('orders').select('id', { count: 'exact' }).order('id').range(0, 1),
    sql: () => ['SELECT id FROM orders ORDER BY id LIMIT 2', []],
    count: true,
  },
  {
    name: 'count head',
    run: (c) => c.from('customers').select('*', { count: 'exact', head: true }).eq('active', true),
    sql: (k) => [`SELECT id FROM customers WHERE active = ${TRUE(k)}`, []],
    count: true,
    expect: () => null,
  },
  {
    name: 'count estimated',
    run: (c) => c.from('order_items').select('id', { count: 'estimated' }).order('id'),
    sql: () => ['SELECT id FROM order_items ORDER BY id', []],
    count: true,
  },
  {
    name: 'single',
    run: (c) => c.from('customers').select('id,name').eq('id', 2).single(),
    sql: () => ['SELECT id, name FROM customers WHERE id = ?', [2]],
    expect: (rows) => rows[0],
  },
  {
    name: 'maybeSingle none',
    run: (c) => c.from('customers').select('id').eq('id', 999).maybeSingle(),
    sql: () => ['SELECT id FROM customers WHERE id = ?', [999]],
    expect: () => null,
  },
  {
    name: 'view',
    run: (c) => c.from('paid_orders').select('id,amount').order('id'),
    sql: () => ["SELECT id, amount FROM orders WHERE status = 'paid' ORDER BY id", []],
  },
  {
    name: 'embed many-to-one',
    run: (c) => c.from('orders').select('id,customers(name)').order('id'),
    sql: () => ['SELECT o.id, c.name FROM orders o LEFT JOIN customers c ON c.id = o.customer_id ORDER BY o.id', []],
    expect: (rows) => rows.map((r) => ({ id: r.id, customers: { name: r.name } })),
  },
  {
    name: 'embed many-to-one aliased',
    run: (c) => c.from('orders').select('id,buyer:customers(id,city)').eq('status', 'paid').order('id'),
    sql: () => ['SELECT o.id, c.id AS cid, c.city FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.status = ? ORDER BY o.id', ['paid']],
    expect: (rows) => rows.map((r) => ({ id: r.id, buyer: { id: r.cid, city: r.city } })),
  },
  {
    name: 'embed one-to-many',
    run: (c) => c.from('customers').select('id,orders(id,amount)').order('id'),
    sql: () => ['SELECT c.id AS cid, o.id, o.amount FROM customers c LEFT JOIN orders o ON o.customer_id = c.id ORDER BY c.id, o.id', []],
    expect: (rows) =>
      [...groupBy(rows, 'cid')].map(([cid, g]) => ({ id: cid, orders: g.filter((r) => r.id !== null).map((r) => ({ id: r.id, amount: r.amount })) })),
  },
  {
    name: 'embed one-to-many ordered and filtered',
    run: (c) =>
      c
        .from('customers')
        .select('id,orders(id)')
        .eq('orders.status', 'paid')
        .order('amount', { referencedTable: 'orders', ascending: false })
        .order('id')
        .lte('id', 4),
    sql: () => [
      "SELECT c.id AS cid, o.id FROM customers c LEFT JOIN orders o ON o.customer_id = c.id AND o.status = 'paid' WHERE c.id <= 4 ORDER BY c.id, o.amount DESC",
      [],
    ],
    expect: (rows) => [...groupBy(rows, 'cid')].map(([cid, g]) => ({ id: cid, orders: g.filter((r) => r.id !== null).map((r) => ({ id: r.id })) })),
  },
  {
    name: 'embed one-to-many limited',
    run: (c) => c.from('customers').select('id,orders(id)').order('id').order('id', { referencedTable: 'orders' }).limit(1, { referencedTable: 'orders' }),
    sql: () => ['SELECT c.id AS cid, (SELECT MIN(o.id) FROM orders o WHERE o.customer_id = c.id) AS id FROM customers c ORDER BY c.id', []],
    expect: (rows) => rows.map((r) => ({ id: r.cid, orders: r.id === null ? [] : [{ id: r.id }] })),
  },
  {
    name: 'embed inner',
    run: (c) => c.from('customers').select('id,orders!inner(id)').eq('orders.status', 'shipped').order('id'),
    sql: () => ["SELECT c.id AS cid, o.id FROM customers c JOIN orders o ON o.customer_id = c.id AND o.status = 'shipped' ORDER BY c.id, o.id", []],
    expect: (rows) => [...groupBy(rows, 'cid')].map(([cid, g]) => ({ id: cid, orders: g.map((r) => ({ id: r.id })) })),
  },
  {
    name: 'embed two levels',
    run: (c) =>
      c
        .from('customers')
        .select('id,orders(id,order_items(product))')
        .in('id', [1, 4])
        .order('id')
        .order('id', { referencedTable: 'orders' })
        .order('id', { referencedTable: 'orders.order_items' }),
    sql: () => [
      'SELECT c.id AS cid, o.id AS oid, i.product FROM customers c LEFT JOIN orders o ON o.customer_id = c.id LEFT JOIN order_items i ON i.order_id = o.id WHERE c.id IN (1, 4) ORDER BY c.id, o.id, i.id',
      [],
    ],
    expect: (rows) =>
      [...groupBy(rows, 'cid')].map(([cid, g]) => ({
        id: cid,
        orders: [
          ...groupBy(
            g.filter((r) => r.oid !== null),
            'oid',
          ),
        ].map(([oid, items]) => ({ id: oid, order_items: items.filter((r) => r.product !== null).map((r) => ({ product: r.product })) })),
      })),
  },
  {
    name: 'embed both directions',
    run: (c) => c.from('orders').select('id,customers(name),order_items(qty)').eq('id', 1).order('id', { referencedTable: 'order_items' }),
    sql: () => [
      'SELECT o.id, c.name, i.qty FROM orders o JOIN customers c ON c.id = o.customer_id LEFT JOIN order_items i ON i.order_id = o.id WHERE o.id = 1 ORDER BY i.id',
      [],
    ],
    expect: (rows) => [{ id: rows[0]!.id, customers: { name: rows[0]!.name }, order_items: rows.map((r) => ({ qty: r.qty })) }],
  },
  {
    name: 'embed star',
    run: (c) => c.from('order_items').select('*,orders(*)').eq('id', 4),
    sql: () => [
      'SELECT i.id, i.order_id, i.product, i.qty, o.id AS oid, o.customer_id, o.status, o.amount, o.ordered_on FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.id = 4',
      [],
    ],
    expect: (rows) =>
      rows.map((r) => ({
        id: r.id,
        order_id: r.order_id,
        product: r.product,
        qty: r.qty,
        orders: { id: r.oid, customer_id: r.customer_id, status: r.status, amount: r.amount, ordered_on: r.ordered_on },
      })),
  },
];

/** Writes: each checks the client's answer and the table afterwards with hand-written SQL. */
const writeCases: {
  name: string;
  run: (c: TClient) => PromiseLike<TResult>;
  check: (db: TCustomerDb, k: 'postgres' | 'mysql', res: TResult) => Promise<void>;
}[] = [
  {
    name: 'insert object, return representation',
    run: (c) => c.from('customers').insert({ id: 100, name: '신규', city: 'Jeju', active: true }).select('id,name,city').single(),
    check: async (db, k, res) => {
      expect(res.status).toBe(201);
      expect(norm(res.data)).toEqual({ id: 100, name: '신규', city: 'Jeju' });
      expect(norm(await db.query(sqlFor(k, 'SELECT name FROM customers WHERE id = ?'), [100]))).toEqual([{ name: '신규' }]);
    },
  },
  {
    name: 'insert array with generated keys',
    run: (c) =>
      c
        .from('orders')
        .insert([
          { customer_id: 100, status: 'paid', amount: 1 },
          { customer_id: 100, status: 'paid', amount: 2 },
        ])
        .select('customer_id,amount'),
    check: async (db, k, res) => {
      expect(res.status).toBe(201);
      expect(norm(res.data)).toEqual([
        { customer_id: 100, amount: 1 },
        { customer_id: 100, amount: 2 },
      ]);
      expect(norm(await db.query(sqlFor(k, 'SELECT amount FROM orders WHERE customer_id = ? ORDER BY id'), [100]))).toEqual([{ amount: 1 }, { amount: 2 }]);
    },
  },
  {
    name: 'insert minimal',
    run: (c) => c.from('customers').insert({ id: 101, name: '최소' }),
    check: async (db, k, res) => {
      expect(res.status).toBe(201);
      expect(res.data).toBeNull();
      // A single object inserts only its own keys: the column default applies (as in PostgREST).
      expect(norm(await db.query(sqlFor(k, 'SELECT active, city FROM customers WHERE id = ?'), [101]))).toEqual([{ active: 1, city: null }]);
    },
  },
  {
    name: 'upsert merge-duplicates',
    run: (c) =>
      c
        .from('customers')
        .upsert([
          { id: 101, name: '갱신됨', active: false },
          { id: 102, name: '새로', active: true },
        ])
        .select('id,name')
        .order('id'),
    check: async (db, k, res) => {
      expect(res.status).toBe(201);
      expect(norm(res.data)).toEqual([
        { id: 101, name: '갱신됨' },
        { id: 102, name: '새로' },
      ]);
      expect(norm(await db.query(sqlFor(k, 'SELECT id, name FROM customers WHERE id IN (?, ?) ORDER BY id'), [101, 102]))).toEqual([
        { id: 101, name: '갱신됨' },
        { id: 102, name: '새로' },
      ]);
    },
  },
  {
    name: 'duplicate key → 409',
    run: (c) => c.from('customers').insert({ id: 1, name: 'dup' }),
    check: async (_db, _k, res) => {
      expect(res.status).toBe(409);
      expect(res.error).toMatchObject({ code: '23505', message: expect.stringMatching(/^('id'|기본 키) 값이 같은 행이 이미 있습니다\.$/) });
    },
  },
  {
    name: 'update with filter',
    run: (c) => c.from('customers').update({ city: 'Ulsan' }).eq('id', 102).select('id,city'),
    check: async (db, k, res) => {
      expect(res.status).toBe(200);
      expect(norm(res.data)).toEqual([{ id: 102, city: 'Ulsan' }]);
      expect(norm(await db.query(sqlFor(k, 'SELECT city FROM customers WHERE id = ?'), [102]))).toEqual([{ city: 'Ulsan' }]);
    },
  },
  {
    name: 'update minimal → 204',
    run: (c) => c.from('customers').update({ balance: 7 }).in('id', [101, 102]),
    check: async (db, k, res) => {
      expect(res.status).toBe(204);
      expect(norm(await db.query(sqlFor(k, 'SELECT balance FROM customers WHERE id IN (?, ?) ORDER BY id'), [101, 102]))).toEqual([
        { balance: 7 },
        { balance: 7 },
      ]);
    },
  },
  {
    name: 'update without filter is refused',
    run: (c) => c.from('customers').update({ city: 'X' }) as unknown as PromiseLike<TResult>,
    check: async (db, k, res) => {
      expect(res.status).toBe(400);
      expect(norm(await db.query(sqlFor(k, 'SELECT COUNT(*) AS n FROM customers WHERE city = ?'), ['X']))).toEqual([{ n: 0 }]);
    },
  },
  {
    name: 'delete without filter is refused',
    run: (c) => c.from('orders').delete() as unknown as PromiseLike<TResult>,
    check: async (db, k, res) => {
      expect(res.status).toBe(400);
      expect(norm(await db.query(sqlFor(k, 'SELECT COUNT(*) AS n FROM orders'), []))).toEqual([{ n: 10 }]);
    },
  },
  {
    name: 'delete with filter, return representation',
    run: (c) => c.from('customers').delete().eq('id', 101).select('id,name'),
    check: async (db, k, res) => {
      expect(res.status).toBe(200);
      expect(norm(res.data)).toEqual([{ id: 101, name: '갱신됨' }]);
      expect(norm(await db.query(sqlFor(k, 'SELECT COUNT(*) AS n FROM customers WHERE id = ?'), [101]))).toEqual([{ n: 0 }]);
    },
  },
];

function sqlFor(kind: 'postgres' | 'mysql', text: string): string {
  if (kind === 'mysql') return text;
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/**
 * Attacks in every parameter: each must be refused or return no more than the literal meaning allows. Each carries the
 * answer it gets, the same on both engines: 200 with no row (the attack is just an odd literal value), or the status
 * and PostgREST code of the refusal.
 */
const injections: [string, string, number, string | null][] = [
  ['filter value', "/customers?name=eq.x'%20OR%20'1'='1", 200, null],
  ['filter value with semicolon', '/customers?name=eq.x%27;DROP%20TABLE%20customers;--', 200, null],
  ['column name', '/customers?id%22%20OR%201=1--=eq.1', 400, 'PGRST100'],
  ['column name with quote', "/customers?name'=eq.1", 400, '42703'],
  ['select list', '/customers?select=id,name;DROP%20TABLE%20customers', 400, 'PGRST100'],
  ['select subquery', '/customers?select=(select%20value%20from%20secrets)', 400, 'PGRST100'],
  ['select alias', '/customers?select=x%22:id', 400, 'PGRST100'],
  ['embed unpublished', '/customers?select=id,secrets(*)', 400, 'PGRST200'],
  ['order', '/customers?order=id;DROP%20TABLE%20customers', 400, 'PGRST100'],
  ['order expression', '/customers?order=(select%201)', 400, 'PGRST100'],
  ['order modifier', '/customers?order=id.desc;--', 400, 'PGRST100'],
  ['limit', '/customers?limit=1;DROP%20TABLE%20customers', 400, 'PGRST100'],
  ['offset', '/customers?offset=-1', 400, 'PGRST100'],
  ['in list', '/customers?id=in.(1)%20OR%201=1', 400, 'PGRST100'],
  ['in list quoted', '/customers?name=in.("x\\")%20OR%20(\\"1")', 200, null],
  ['or tree', '/customers?or=(id.eq.1))%20OR%20((1=1', 400, 'PGRST100'],
  ['or column', '/customers?or=(id;drop.eq.1)', 400, '42703'],
  ['operator', '/customers?id=sql.1', 400, 'PGRST100'],
  ['is value', '/customers?email=is.null%20OR%201=1', 400, 'PGRST100'],
  ['like value', "/customers?name=like.%25'%20OR%20'1'='1", 200, null],
  ['table name', '/customers;DROP%20TABLE%20customers', 404, 'PGRST205'],
  ['table unpublished', '/secrets', 404, 'PGRST205'],
  ['embedded filter path', '/customers?select=id,orders(id)&orders;drop.id=eq.1', 400, 'PGRST108'],
  ['on_conflict', '/customers?on_conflict=id;drop', 400, '42703'],
  ['columns', '/customers?columns=id;drop', 400, '42703'],
];

const ENGINES = customerEngines(['postgres', 'mysql'] as const);

describe.each(ENGINES)('postgrest-js against a published %s database', (kind) => {
  let t: TTestContext;
  let db: TCustomerDb;
  let client: TClient;
  let baseUrl: string;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    db = await createCustomerDb(kind);
    const shop = await publishedShop(t, db);
    baseUrl = `${await listenOnLoopback(t)}/api/v1/${shop.apiId}`;
    key = shop.key;
    client = new PostgrestClient(baseUrl, { headers: { apikey: key, Authorization: `Bearer ${key}` } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it.each(readCases.map((c) => [c.name, c] as const))('read: %s', async (_name, c) => {
    const res = (await c.run(client)) as TResult;
    if (c.name === 'and param') {
      expect(res.status).toBe(400);
      return;
    }
    expect(res.error, JSON.stringify(res.error)).toBeNull();
    const [text, params] = c.sql(kind);
    const rows = await db.query(sqlFor(kind, text), params);
    const expected = c.expect ? c.expect(rows) : rows;
    expect(norm(res.data)).toEqual(norm(expected));
    if (c.count) {
      const [, from] = /FROM (.*?)( ORDER BY| LIMIT|$)/.exec(text)!;
      const total = await db.query(sqlFor(kind, `SELECT COUNT(*) AS n FROM ${from}`), params);
      expect(res.count).toBe(Number(total[0]!.n));
    }
  });

  it('single() with several rows → 406 PGRST116', async () => {
    const res = await client.from('orders').select('id').eq('status', 'paid').single();
    expect(res.status).toBe(406);
    expect(res.error).toMatchObject({ code: 'PGRST116' });
  });

  it('a write asked for as one object that touches another number of rows → 406 PGRST116, rolled back', async () => {
    const snapshot = async () =>
      norm(await db.query(sqlFor(kind, 'SELECT id, status, amount FROM orders ORDER BY id'), [])) as { id: number; status: string; amount: number }[];
    const before = await snapshot();
    const paid = before.filter((o) => o.status === 'paid').length;
    expect(paid).toBeGreaterThan(1);
    // Several rows match: nothing is changed or deleted.
    const patch = await client.from('orders').update({ amount: 1 }).eq('status', 'paid').select('id').single();
    expect(patch.status).toBe(406);
    expect(patch.error).toMatchObject({ code: 'PGRST116' });
    const del = await client.from('orders').delete().eq('status', 'paid').select('id').single();
    expect(del.status).toBe(406);
    const none = await client.from('orders').update({ amount: 1 }).eq('id', 999_999).select('id').single();
    expect(none.status).toBe(406);
    expect(await snapshot()).toEqual(before);
    // Exactly one row: written, and answered as an object.
    const first = before[0]!;
    const one = await client.from('orders').update({ amount: first.amount }).eq('id', first.id).select('id,amount').single();
    expect(one.status).toBe(200);
    expect(norm(one.data)).toEqual(norm({ id: first.id, amount: first.amount }));
    expect(await snapshot()).toEqual(before);
  });

  it('count=planned answers the planner estimate; count=estimated counts exactly below the row cap', async () => {
    const total = async (prefer: string) => {
      const res = await fetch(`${baseUrl}/order_items?select=id&order_id=gte.1`, { headers: { apikey: key, prefer } });
      expect(res.headers.get('preference-applied')).toBe(prefer);
      return Number(res.headers.get('content-range')!.split('/')[1]);
    };
    const explain =
      kind === 'postgres'
        ? (
            (await db.query('EXPLAIN (FORMAT JSON) SELECT 1 FROM order_items t0 WHERE t0.order_id >= 1'))[0]!['QUERY PLAN'] as {
              Plan: { 'Plan Rows': number };
            }[]
          )[0]!.Plan['Plan Rows']
        : Number((await db.query('EXPLAIN SELECT 1 FROM order_items t0 WHERE t0.order_id >= 1'))[0]!.rows);
    const exact = Number((await db.query('SELECT COUNT(*) AS n FROM order_items WHERE order_id >= 1'))[0]!.n);
    expect(await total('count=planned')).toBe(Math.round(explain));
    expect(await total('count=exact')).toBe(exact);
    // Below the connection's row cap (1000 by default) the estimate is the exact count; above it, the planner's.
    expect(await total('count=estimated')).toBe(explain > 1000 ? Math.round(explain) : exact);
  });

  it('Range header and Content-Range', async () => {
    const res = await fetch(`${baseUrl}/orders?select=id&order=id`, { headers: { apikey: key, range: '1-3', prefer: 'count=exact' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('1-3/8');
    expect(await res.json()).toEqual(norm(await db.query(sqlFor(kind, 'SELECT id FROM orders ORDER BY id LIMIT 3 OFFSET 1'), [])));
  });

  it('unknown column → 400 with a PostgREST-shaped Korean error', async () => {
    const res = await client.from('customers').select('id,nope');
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: '42703', details: null });
    expect((res.error as { message: string }).message).toContain('컬럼이 없습니다');
  });

  it.each(writeCases.map((c) => [c.name, c] as const))('write: %s', async (_name, c) => {
    const res = (await c.run(client)) as TResult;
    await c.check(db, kind, res);
  });

  it.each(injections)('injection in %s fails closed', async (_name, path, status, code) => {
    const before = await db.query(sqlFor(kind, 'SELECT COUNT(*) AS n FROM customers'), []);
    const res = await fetch(`${baseUrl}${path}`, { headers: { apikey: key } });
    const body = await res.text();
    expect(res.status, body).toBe(status);
    if (res.ok) {
      // Only possible when the attack is just an odd literal value: then no row matches it.
      expect(JSON.parse(body)).toEqual([]);
    } else {
      expect((JSON.parse(body) as { code: string }).code).toBe(code);
      expect(body).not.toContain('top secret');
    }
    expect(await db.query(sqlFor(kind, 'SELECT COUNT(*) AS n FROM customers'), [])).toEqual(before);
    expect(norm(await db.query(sqlFor(kind, 'SELECT value FROM secrets'), []))).toEqual([{ value: 'top secret' }]);
  });

  it('injection in headers and bodies fails closed', async () => {
    const h = { apikey: key, 'content-type': 'application/json' };
    expect((await fetch(`${baseUrl}/customers`, { headers: { apikey: key, range: '0-1; DROP TABLE customers' } })).status).toBe(200);
    expect((await fetch(`${baseUrl}/customers?id=eq.1`, { headers: { apikey: key, prefer: 'count=exact; DROP TABLE customers' } })).status).toBe(200);
    const badKey = await fetch(`${baseUrl}/customers`, { method: 'POST', headers: h, body: JSON.stringify({ "name\" = 'x'; --": 'x' }) });
    expect(badKey.status).toBe(400);
    const badValue = await fetch(`${baseUrl}/customers`, {
      method: 'POST',
      headers: { ...h, prefer: 'return=representation' },
      body: JSON.stringify({ id: 300, name: "x'); DROP TABLE customers; --" }),
    });
    expect(badValue.status).toBe(201);
    expect(norm(await db.query(sqlFor(kind, 'SELECT name FROM customers WHERE id = ?'), [300]))).toEqual([{ name: "x'); DROP TABLE customers; --" }]);
    expect((await fetch(`${baseUrl}/customers?id=eq.300`, { headers: { apikey: `${key}' OR '1'='1` } })).status).toBe(401);
  });
});
