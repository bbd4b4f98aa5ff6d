import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { createCustomerDb, customerEngines, publishedShop, type TCustomerDb } from '../api-builder/testing/api-builder-kit.ts';

const engines = customerEngines(['postgres', 'mysql'] as const);

describe.each(dbKinds.flatMap((kind) => engines.map((engine) => [kind, engine] as const)))('admin-page builder (%s, customer %s)', (kind, engine) => {
  let t: TTestContext;
  let db: TCustomerDb;
  let shop: Awaited<ReturnType<typeof publishedShop>>;
  let appId: string;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = await createCustomerDb(engine);
    await db.query('ALTER TABLE customers ADD CONSTRAINT customers_email_key UNIQUE (email)');
    await db.query('ALTER TABLE orders ADD CONSTRAINT orders_amount_check CHECK (amount >= 0)');
    shop = await publishedShop(t, db);
    base = `/api/seeds/${shop.seedId}/admin-builder`;
    // The app the other tests use, made here so that each of them also runs alone (-t); the first test makes its own.
    const made = await shop.o('POST', `${base}/apps`, {
      name: '주문 백오피스',
      connectionId: shop.connectionId,
      tables: ['customers', 'orders', 'order_items'],
    });
    if (made.status !== 201) throw new Error(`admin app: ${made.status} ${JSON.stringify(made.body)}`);
    appId = made.body.id as string;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('creates an app with a page per table, lists, renames; its internal API stays out of the API builder', async () => {
    const bad = await shop.o('POST', `${base}/apps`, { name: '백오피스', connectionId: shop.connectionId, tables: ['nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("'nope' 테이블이 없습니다");
    const res = await shop.o('POST', `${base}/apps`, {
      name: '쇼핑몰 백오피스',
      connectionId: shop.connectionId,
      tables: ['customers', 'orders', 'order_items'],
    });
    expect(res.status).toBe(201);
    const created = res.body.id as string;
    const detail = await shop.o('GET', `${base}/apps/${created}`);
    expect(detail.status).toBe(200);
    const orders = detail.body.data.schema.find((x: { name: string }) => x.name === 'orders');
    expect(orders.columns.find((c: { name: string }) => c.name === 'customer_id').ref).toEqual({ table: 'customers', column: 'id', display: 'name' });
    // The owner's: every right, with export, import and 열람 (decision 092).
    expect(orders.rights).toEqual(['view', 'create', 'edit', 'delete', 'export', 'import', 'unmask']);
    const customers = detail.body.data.schema.find((x: { name: string }) => x.name === 'customers');
    expect(customers.related).toEqual([{ table: 'orders', column: 'customer_id', refColumn: 'id' }]);
    expect((await shop.o('PATCH', `${base}/apps/${created}`, { name: '운영팀 백오피스' })).status).toBe(200);
    // Beside the app every test uses (beforeAll).
    expect((await shop.o('GET', `${base}/apps`)).body.data.map((a: { name: string }) => a.name).sort()).toEqual(['운영팀 백오피스', '주문 백오피스']);
    const apis = await shop.o('GET', `/api/seeds/${shop.seedId}/api-builder/apis`);
    expect(apis.body.data).toHaveLength(1);
  });

  it('lists with paging, sort, search and filters, with readable foreign keys', async () => {
    const rows = (q: string) => shop.o('GET', `${base}/apps/${appId}/tables/orders/rows?${q}`);
    const page = await rows('pageSize=3&page=2&sort=amount.desc');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(8);
    expect(page.body.data.map((r: { id: number }) => r.id)).toEqual([2, 4, 3]);
    const filtered = await rows(`f.status=${encodeURIComponent('eq:paid')}&f.amount=gte:2000&f.amount=lte:50000&sort=amount.asc`);
    expect(filtered.body.data.map((r: { id: number }) => r.id)).toEqual([3, 1]);
    expect(filtered.body.refs.customer_id).toEqual({ '1': '김민수', '2': '이서연' });
    const dated = await rows('f.ordered_on=gte:2026-02-01&f.ordered_on=lte:2026-02-28');
    expect(dated.body.total).toBe(3);
    const search = await shop.o('GET', `${base}/apps/${appId}/tables/customers/rows?q=${encodeURIComponent('example.com')}&f.active=is:true`);
    expect(search.body.data.map((r: { id: number }) => r.id)).toEqual([1, 2, 4, 6]);
    const options = await shop.o('GET', `${base}/apps/${appId}/tables/customers/options?q=${encodeURIComponent('서')}`);
    expect(options.body.data).toEqual([{ value: 2, label: '이서연' }]);
    const badFilter = await rows('f.amount=gte:abc');
    expect(badFilter.status).toBe(400);
  });

  it('writes through the data API: edit, create, Korean field errors from the database, delete, audit', async () => {
    const edit = await shop.o('PATCH', `${base}/apps/${appId}/tables/orders/row?key=${encodeURIComponent('[3]')}`, { status: 'shipped' });
    expect(edit.status).toBe(200);
    expect((await db.query('SELECT status FROM orders WHERE id = 3'))[0]!.status).toBe('shipped');
    const created = await shop.o('POST', `${base}/apps/${appId}/tables/customers/rows`, {
      name: '정하늘',
      email: 'sky@example.com',
      city: 'Suwon',
      active: 'true',
    });
    expect(created.status).toBe(201);
    const newId = created.body.data.id as number;
    expect((await db.query('SELECT name FROM customers WHERE email = ?'.replace('?', engine === 'postgres' ? '$1' : '?'), ['sky@example.com']))[0]!.name).toBe(
      '정하늘',
    );
    const required = await shop.o('POST', `${base}/apps/${appId}/tables/customers/rows`, { email: 'x@example.com' });
    expect(required.status).toBe(400);
    expect(required.body.details).toEqual([{ path: 'name', message: "'name' 값을 입력해 주세요." }]);
    const fk = await shop.o('POST', `${base}/apps/${appId}/tables/orders/rows`, { customer_id: 999, status: 'paid', amount: 10 });
    expect(fk.status).toBe(409);
    expect(fk.body.details).toEqual([{ path: 'customer_id', message: "'customer_id'에 입력한 값을 참조하는 행이 없습니다." }]);
    const dup = await shop.o('POST', `${base}/apps/${appId}/tables/customers/rows`, { name: '중복', email: 'sky@example.com' });
    expect(dup.status).toBe(409);
    expect(dup.body.details[0].path).toBe('email');
    const check = await shop.o('PATCH', `${base}/apps/${appId}/tables/orders/row?key=${encodeURIComponent('[1]')}`, { amount: -5 });
    expect(check.status).toBe(400);
    expect(check.body.details[0]).toEqual({ path: 'amount', message: "'amount' 값이 데이터베이스의 검사 조건에 맞지 않습니다." });
    const bulk = await shop.o('POST', `${base}/apps/${appId}/tables/order_items/rows/delete`, { keys: ['[1]', '[2]'] });
    expect(bulk.status).toBe(200);
    expect(Number((await db.query('SELECT COUNT(*) AS n FROM order_items'))[0]!.n)).toBe(4);
    const audit = await shop.o('GET', `${base}/apps/${appId}/audit?q=shipped`);
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({
      table: 'orders',
      rowKey: '[3]',
      action: 'update',
      actorName: shop.owner.fullName,
      before: { status: 'paid' },
      after: { status: 'shipped' },
    });
    const all = await shop.o('GET', `${base}/apps/${appId}/audit`);
    expect(all.body.data.map((e: { action: string; table: string }) => `${e.action}:${e.table}`).sort()).toEqual([
      'create:customers',
      'delete:order_items',
      'delete:order_items',
      'update:orders',
    ]);
    expect(all.body.data.find((e: { action: string }) => e.action === 'create').rowKey).toBe(`[${newId}]`);
  });

  it('exports the current filter as CSV and imports CSV with a preview and per-row errors', async () => {
    // Order 3 shipped (as the write test leaves it; set here too, so this test runs alone): the export leaves it out.
    await db.query(`UPDATE orders SET status = 'shipped' WHERE id = 3`);
    const csv = await t.app.inject({
      url: `${base}/apps/${appId}/tables/orders/export.csv?f.status=eq:paid&sort=id.asc`,
      headers: { authorization: `Bearer ${shop.owner.token}` },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,customer_id,status,amount,ordered_on');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['1', '5', '6']);
    const path = `${base}/apps/${appId}/tables/customers/import`;
    const preview = await shop.o('POST', path, { csv: 'name,email,active\n"한, 가람",garam@example.com,true\n,nobody@example.com,maybe\n' });
    expect(preview.status).toBe(200);
    expect(preview.body.success).toBe(false);
    expect(preview.body.rows.find((r: { line: number }) => r.line === 2)).toMatchObject({ values: { name: '한, 가람' }, errors: [] });
    expect(preview.body.rows.find((r: { line: number }) => r.line === 3).errors.map((e: { path: string }) => e.path)).toEqual(['name', 'active']);
    const ok = await shop.o('POST', path, { csv: 'name,email,active\n"한, 가람",garam@example.com,true\n두리,,false\n', commit: true });
    expect(ok.body).toMatchObject({ success: true, imported: 2 });
    expect(Number((await db.query("SELECT COUNT(*) AS n FROM customers WHERE name IN ('한, 가람', '두리')"))[0]!.n)).toBe(2);
  });

  it('enforces role rights on the server: a member without edit rights reads but gets 403 on writes', async () => {
    const member = await signedIn(t, { fullName: '박멤버' });
    await addMember(t.database.db, shop.seedId, member.id, 'member');
    const mm = api(t, member.token);
    const detail = await mm('GET', `${base}/apps/${appId}`);
    expect(detail.body.data.canManage).toBe(false);
    expect(detail.body.data.schema.find((x: { name: string }) => x.name === 'orders').rights).toEqual(['view', 'export']);
    expect((await mm('GET', `${base}/apps/${appId}/tables/orders/rows`)).status).toBe(200);
    const edit = await mm('PATCH', `${base}/apps/${appId}/tables/orders/row?key=${encodeURIComponent('[1]')}`, { status: 'cancelled' });
    expect(edit.status).toBe(403);
    expect(edit.body.error).toBe('이 테이블의 행을 수정할 권한이 없습니다.');
    expect((await mm('POST', `${base}/apps`, { name: 'x', connectionId: shop.connectionId, tables: ['orders'] })).status).toBe(403);
    expect((await mm('GET', `${base}/apps/${appId}/audit`)).status).toBe(403);
    // The owner grants edit to members (and hides customers from them): it applies at once.
    expect(
      (
        await shop.o('PATCH', `${base}/apps/${appId}/tables/orders/settings`, {
          permissions: { admin: ['view', 'create', 'edit', 'delete'], member: ['view', 'edit'] },
          readOnlyColumns: ['amount'],
        })
      ).status,
    ).toBe(200);
    expect((await shop.o('PATCH', `${base}/apps/${appId}/tables/customers/settings`, { permissions: { admin: ['view'], member: [] } })).status).toBe(200);
    expect((await mm('PATCH', `${base}/apps/${appId}/tables/orders/row?key=${encodeURIComponent('[1]')}`, { status: 'cancelled' })).status).toBe(200);
    const ro = await mm('PATCH', `${base}/apps/${appId}/tables/orders/row?key=${encodeURIComponent('[1]')}`, { amount: 1 });
    expect(ro.status).toBe(400);
    expect(ro.body.details[0].path).toBe('amount');
    expect((await mm('GET', `${base}/apps/${appId}/tables/customers/rows`)).status).toBe(403);
    const stranger = await signedIn(t);
    expect((await api(t, stranger.token)('GET', `${base}/apps/${appId}`)).status).toBe(404);
  });
});
