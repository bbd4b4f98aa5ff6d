import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import pg from 'pg';
import { createUser, loginApi, PASSWORD } from './fixtures/users';

const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

async function login(page: Page, email: string) {
  await page.goto('/login?redirect=%2Fadmin');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL('/admin');
}

/** A customer's PostgreSQL database made for this test (dropped at the end). */
async function customerDatabase() {
  const name = `ab_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const c = new pg.Client({ connectionString: PG_ADMIN.replace(/\/postgres$/, `/${name}`) });
  await c.connect();
  await c.query('CREATE TABLE products (id serial PRIMARY KEY, name text NOT NULL, price integer NOT NULL)');
  await c.query("INSERT INTO products (name, price) VALUES ('키보드', 30000), ('마우스', 12000), ('모니터', 250000)");
  await c.end();
  return {
    name,
    drop: async () => {
      const a = new pg.Client({ connectionString: PG_ADMIN });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

test('guided first run: sign in → connect → pick tables → key → first call returns rows', async ({ page, request }) => {
  test.setTimeout(120_000);
  const db = await customerDatabase();
  try {
    const owner = await createUser(request, '김빌더', 'api-builder');
    const session = await loginApi(request, owner.email);
    await request.post('/api/seeds', { headers: { authorization: `Bearer ${session.tokens.access_token}` }, data: { seed_name: 'API 회사' } });

    const started = Date.now();
    await login(page, owner.email);
    await page.goto('/admin/services/api-builder');
    await expect(page.getByRole('heading', { name: '처음 시작하기' })).toBeVisible();

    // 1. Connect (a wrong database name first: the Korean reason is shown, nothing is saved).
    await page.getByLabel('연결 이름').fill('상품 DB');
    await page.getByLabel('호스트').fill('127.0.0.1');
    await page.getByLabel('데이터베이스', { exact: true }).fill('no_such_database_e2e');
    await page.getByLabel('사용자').fill('postgres');
    await page.getByRole('button', { name: '연결 확인 후 저장' }).click();
    await expect(page.getByRole('alert')).toContainText("데이터베이스 'no_such_database_e2e'이(가) 없습니다");
    await page.getByLabel('데이터베이스', { exact: true }).fill(db.name);
    await page.getByRole('button', { name: '연결 확인 후 저장' }).click();

    // 2. Pick tables.
    await page.getByLabel('products', { exact: true }).check();
    await page.getByRole('button', { name: 'API 공개' }).click();

    // 3. Key.
    await page.getByRole('button', { name: 'API 키 발급' }).click();
    await expect(page.getByText('이 키는 지금 한 번만 보여드립니다. 안전한 곳에 보관하세요.')).toBeVisible();

    // 4. First call.
    await page.getByRole('button', { name: '첫 호출 실행' }).click();
    await expect(page.getByTestId('first-call-status')).toHaveText('200');
    await expect(page.getByTestId('first-call-result')).toContainText('키보드');
    const seconds = (Date.now() - started) / 1000;
    test.info().annotations.push({ type: 'first-run-seconds', description: seconds.toFixed(1) });
    console.log(`API builder first run (sign-in to first 200 with rows): ${seconds.toFixed(1)} s`);

    // The console shows the API, its cache mode and today's calls.
    await page.goto('/admin/services/api-builder/apis');
    await expect(page.getByText('products', { exact: true })).toBeVisible();
    await expect(page.getByText(/openapi\.json/).first()).toBeVisible();
    await page.goto('/admin/services/api-builder');
    await expect(page.getByText('유지 시간(TTL)')).toBeVisible();
  } finally {
    await db.drop();
  }
});

test('publish from the API list, edit requests, unpublish; deleting a connection names its admin apps', async ({ page, request }) => {
  test.setTimeout(120_000);
  const db = await customerDatabase();
  try {
    const owner = await createUser(request, '김공개', 'api-builder-publish');
    const session = await loginApi(request, owner.email);
    const headers = { authorization: `Bearer ${session.tokens.access_token}` };
    const seed = (await (await request.post('/api/seeds', { headers, data: { seed_name: 'API 공개 회사' } })).json()).data as { id: string };
    const base = `/api/seeds/${seed.id}/api-builder`;
    const conn = await request.post(`${base}/connections`, {
      headers,
      data: { name: '상품 DB', engine: 'postgres', host: '127.0.0.1', port: 5432, database: db.name, user: 'postgres', password: '' },
    });
    expect(conn.status()).toBe(201);
    const connectionId = ((await conn.json()) as { data: { id: string } }).data.id;

    await login(page, owner.email);
    // A connection but nothing published (e.g. a reload in the middle of the first run): the way forward is shown.
    await page.goto('/admin/services/api-builder');
    await page.getByRole('link', { name: '새 API 공개' }).click();
    await expect(page).toHaveURL('/admin/services/api-builder/apis');
    await page.getByLabel('products', { exact: true }).check();
    await page.getByRole('checkbox', { name: 'products 추가(POST)' }).check();
    await page.getByRole('button', { name: 'API 공개', exact: true }).click();
    await expect(page.getByText('추가(POST)', { exact: true })).toBeVisible();

    // Edit: reads only.
    await page.getByRole('button', { name: '테이블·요청 편집' }).click();
    await page.getByRole('checkbox', { name: 'products 추가(POST)' }).uncheck();
    await page.getByRole('button', { name: '변경 저장' }).click();
    await expect(page.getByText('추가(POST)', { exact: true })).toHaveCount(0);
    const apis = (await (await request.get(`${base}/apis`, { headers })).json()) as { data: { tables: unknown }[] };
    expect(apis.data[0]!.tables).toEqual([{ name: 'products', methods: ['GET'] }]);

    // Unpublish through the confirmation dialog.
    await page.getByRole('button', { name: '공개 중단' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '공개 중단' }).click();
    await expect(page.getByText('아직 공개한 API가 없습니다. ‘새 API 공개’로 테이블을 공개하세요.')).toBeVisible();

    // An admin app on the connection: the deletion dialog names it, and deleting takes it along.
    const app = await request.post(`/api/seeds/${seed.id}/admin-builder/apps`, { headers, data: { name: '상품 관리', connectionId, tables: ['products'] } });
    expect(app.status()).toBe(201);
    await page.goto('/admin/services/api-builder/settings');
    await page.getByRole('button', { name: '연결 삭제' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('상품 관리');
    await dialog.getByRole('button', { name: '관리자 앱 1개와 함께 삭제' }).click();
    await expect(page.getByText('아직 연결한 데이터베이스가 없습니다.')).toBeVisible();
    const left = (await (await request.get(`/api/seeds/${seed.id}/admin-builder/apps`, { headers })).json()) as { data: unknown[] };
    expect(left.data).toEqual([]);
  } finally {
    await db.drop();
  }
});
