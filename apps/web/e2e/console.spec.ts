import type { Page } from '@playwright/test';
import { expect, freshUser, test } from './fixtures/test';
import { createUser, PASSWORD } from './fixtures/users';

async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login?redirect=%2Fadmin');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL('/admin');
}

const rows = (page: Page) => page.getByTestId('user-row');

test('an admin manages seeds and users from the console', async ({ page, request, admin }) => {
  test.setTimeout(120_000);
  // Twelve members, so the list has a second page; names chosen for the initial-consonant search.
  const names = ['김민수', '이영희', '박철수', '최지우', '정하나', '강다온', '조은별', '윤서진', '장도윤', '임채원', '한예린', '오세훈'];
  const people: { email: string; name: string }[] = [];
  for (const name of names) people.push(await createUser(request, name, 'console'));

  // A fresh platform admin (the fixture): no seeds yet, whatever other specs made.
  await login(page, admin.email);
  await expect(page.getByRole('heading', { level: 1, name: '관리자 콘솔 대시보드' })).toBeVisible();
  await expect(page.getByText('전체 사용자')).toBeVisible();

  // Seeds: empty state, validation, creation and auto-selection.
  await expect(page.getByText('시드가 없습니다. 새로 만들어보세요')).toBeVisible();
  // The sign-in toast can sit over the button; a pointer resting on a toast keeps it open, so wait for it to go.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: '새 시드 만들기' }).click();
  const dialog = page.getByRole('dialog', { name: '새 시드 만들기' });
  await dialog.getByRole('button', { name: '만들기' }).click();
  await expect(dialog.getByText('시드 이름을 입력해주세요.')).toBeVisible();
  await dialog.locator('input[name="seed_name"]').fill('우리 회사');
  await dialog.getByRole('button', { name: '만들기' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: '시드 선택' })).toContainText('우리 회사');

  // Users: list, initial-consonant search, filter, sort, pages.
  await page.getByRole('link', { name: '사용자', exact: true }).click();
  await expect(page).toHaveURL('/admin/users');
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByTestId('user-count')).toContainText(/10명 \/ 전체 \d+명/);
  await page.getByRole('button', { name: '2페이지' }).click();
  await expect(rows(page).first()).toBeVisible();

  await page.getByRole('searchbox', { name: '사용자 검색' }).fill('ㄱㅁㅅ');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('김민수');
  await page.getByRole('button', { name: /"ㄱㅁㅅ" 필터 제거/ }).click();

  await page.getByRole('combobox', { name: '역할' }).selectOption('admin');
  // Other specs add platform admins too: the filter keeps admins only, this test's admin among them.
  await expect(rows(page).filter({ hasText: admin.email })).toHaveCount(1);
  for (const p of people) await expect(rows(page).filter({ hasText: p.email })).toHaveCount(0);
  await page.getByRole('button', { name: '초기화' }).click();

  await page.getByRole('button', { name: '이메일' }).click();
  await expect(page.getByRole('columnheader', { name: '이메일' })).toHaveAttribute('aria-sort', 'ascending');
  // Other specs add users to the same database, so only the order is checked (by first letter: every collation agrees).
  await expect(rows(page).first().locator('td').nth(1)).toHaveText(/^a/);
  const initials = (await rows(page).locator('td:nth-child(2)').allTextContents()).map((e) => e.trim()[0]);
  expect(initials).toEqual([...initials].sort());

  // Suspend one: that user can no longer log in.
  const minsu = people[0]!;
  await page.getByRole('searchbox', { name: '사용자 검색' }).fill(minsu.email);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: `${minsu.email} 작업 메뉴` }).click();
  await page.getByRole('menuitem', { name: '정지' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
  await expect(rows(page).first()).toContainText('정지');
  const refused = await request.post('/api/auth-login', { data: { email: minsu.email, password: PASSWORD } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe('이용이 정지된 계정입니다. 관리자에게 문의해주세요.');

  // Delete one and restore it from the trash.
  const younghee = people[1]!;
  await page.getByRole('searchbox', { name: '사용자 검색' }).fill(younghee.email);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: `${younghee.email} 작업 메뉴` }).click();
  await page.getByRole('menuitem', { name: '삭제' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(younghee.email);
  await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
  await expect(page.getByText(`"${younghee.email}"에 대한 검색 결과가 없습니다.`)).toBeVisible();
  const gone = await request.post('/api/auth-login', { data: { email: younghee.email, password: PASSWORD } });
  expect(gone.status()).toBeGreaterThanOrEqual(400);
  await page.getByRole('tab', { name: '휴지통' }).click();
  const trashRow = page.getByTestId('trash-row').filter({ hasText: younghee.email });
  await expect(trashRow).toBeVisible();
  await trashRow.getByRole('button', { name: '복원' }).click();
  await expect(trashRow).toBeHidden();
  await page.getByRole('tab', { name: '사용자 목록' }).click();
  await expect(rows(page)).toHaveCount(1);
  expect((await request.post('/api/auth-login', { data: { email: younghee.email, password: PASSWORD } })).status()).toBe(200);

  // Every action is in the audit log.
  await page.getByRole('tab', { name: '감사 로그' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(younghee.email);
});

test('a member gets the console without the admin pages', async ({ page, request, user: member }) => {
  await login(page, member.email);
  await expect(page.getByText('플랫폼 전체 지표는 관리자만 볼 수 있습니다. 내 시드의 서비스 현황입니다.')).toBeVisible();
  await expect(page.getByRole('link', { name: '사용자', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '통계' })).toHaveCount(0);
  await page.goto('/admin/users');
  await expect(page.getByText('관리자만 볼 수 있는 페이지입니다.')).toBeVisible();

  const headers = member.headers;
  expect((await request.get('/api/admin/users', { headers })).status()).toBe(403);
  expect((await request.get('/api/admin/overview', { headers })).status()).toBe(403);
  // Seeds are private to their members.
  // Another account makes its own seed here, so the check never depends on other specs' data and can never be skipped.
  const other = await freshUser(request, '김다른', 'other');
  const made = await request.post('/api/seeds', { headers: other.headers, data: { seed_name: '다른 사람의 시드' } });
  expect(made.status()).toBe(201);
  const adminSeed = ((await made.json()) as { data: { id: string } }).data;
  expect((await request.get(`/api/seeds/${adminSeed.id}/members`, { headers })).status()).toBe(404);
  expect(((await (await request.get('/api/seeds', { headers })).json()) as { data: unknown[] }).data).toEqual([]);
});

test('signed-out visitors are sent to the login page', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers/);
});
