import type { APIRequestContext } from '@playwright/test';
import { expect, resetMailThrottle, test } from './fixtures/test';
import { createUser, loginApi, PASSWORD } from './fixtures/users';
import { latestMail } from './fixtures/outbox';

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

/**
 * Invites a freshly signed-up user and accepts. Mail to one address is limited to one a minute and sign-up just sent
 * the confirmation: the test-only reset (E2E_TEST_HOOKS) clears that limit so the invitation goes at once.
 */
async function joinSeed(request: APIRequestContext, ownerHeaders: Record<string, string>, seedId: string, user: { email: string }) {
  await resetMailThrottle(request, user.email);
  const invited = await request.post(`/api/seeds/${seedId}/invitations`, { headers: ownerHeaders, data: { email: user.email, role: 'member' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = await latestMail(request, user.email, /초대/);
  const link = mail.links.find((l) => l.includes('/invite/seed?token='))!;
  const token = new URL(link).searchParams.get('token');
  const session = await loginApi(request, user.email);
  const headers = { authorization: `Bearer ${session.tokens.access_token}` };
  expect((await request.post('/api/seed-invitations/accept', { headers, data: { token } })).ok()).toBe(true);
  return { ...user, headers };
}

test('plays the ladder on a phone and verifies the draw in the browser', async ({ page, request }) => {
  const owner = await createUser(request, '김주최', 'meal-owner');
  const ownerSession = await loginApi(request, owner.email);
  const headers = { authorization: `Bearer ${ownerSession.tokens.access_token}` };
  const seed = (await (await request.post('/api/seeds', { headers, data: { seed_name: '점심 팀' } })).json()) as { data: { id: string } };
  const seedId = seed.data.id;
  const users = [await createUser(request, '이하나', 'meal-member'), await createUser(request, '박두리', 'meal-member')];
  const members = await Promise.all(users.map((u) => joinSeed(request, headers, seedId, u)));
  const deadline = new Date(Date.now() + 60 * 60_000).toISOString();
  const created = await request.post(`/api/seeds/${seedId}/meals`, {
    headers,
    data: {
      title: '금요일 점심',
      date: '2026-11-27',
      deadline,
      mode: 'menu',
      options: [
        { name: '김치찌개', price: 9000 },
        { name: '제육볶음', price: 10000 },
      ],
      split: 'ladder',
    },
  });
  expect(created.status()).toBe(201);
  const meal = ((await created.json()) as { data: { id: string; options: { id: string }[] } }).data;
  for (const [i, m] of members.entries()) {
    expect(
      (
        await request.post(`/api/seeds/${seedId}/meals/${meal.id}/join`, { headers: m.headers, data: { choice: meal.options[i]!.id, clientSeed: `seed-${i}` } })
      ).ok(),
    ).toBe(true);
  }

  await page.goto('/login?redirect=%2Fadmin%2Fservices%2Fmeal');
  await page.locator('input[name="email"]').fill(owner.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL('/admin/services/meal');
  await page
    .getByRole('link', { name: /금요일 점심/ })
    .first()
    .click();
  await expect(page).toHaveURL(`/admin/services/meal/${meal.id}`);

  // The host joins in the page with a client seed of their own; the list updates.
  await page.getByRole('radio', { name: '제육볶음' }).check();
  await page.getByLabel('내 행운의 문구 (선택)').fill('오늘은 내가 안 낸다');
  await page.getByRole('button', { name: '참여하기' }).click();
  await expect(page.getByTestId('participants').locator('li')).toHaveCount(3);
  await expect(page.getByText('추첨 전에는 공개되지 않습니다.')).toBeVisible();

  await page.getByRole('button', { name: '주문 마감' }).click();
  await expect(page.getByTestId('total')).toHaveText('29,000원');
  await page.getByRole('button', { name: '추첨하기' }).click();
  await expect(page.getByTestId('server-seed')).toHaveText(/^[0-9a-f]{64}$/);
  // Drawn, not yet played: who pays stays hidden on the screen.
  await expect(page.getByTestId('shares-hidden')).toBeVisible();
  await expect(page.getByText(/님이 먼저 결제/)).toHaveCount(0);

  await page.getByRole('button', { name: '게임 보기' }).click();
  const ladder = page.getByTestId('ladder');
  await expect(ladder).toBeVisible();
  await expect(ladder.getByText('당첨')).toHaveCount(1);
  const box = await ladder.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(360);
  const drawn = (await (await request.get(`/api/seeds/${seedId}/meals/${meal.id}`, { headers })).json()) as { data: { draw: { payers: { name: string }[] } } };
  const payer = drawn.data.draw.payers[0]!.name;
  await expect(page.getByTestId('game-result')).toHaveText(`결제자: ${payer}`);
  await expect(page.getByTestId('game-result')).toBeVisible();
  await expect(page.getByText(`${payer} 님이 먼저 결제`)).toBeVisible();

  await page.getByRole('button', { name: '내 브라우저에서 직접 확인' }).click();
  await expect(page.getByTestId('verify-result')).toHaveText(/^확인 완료/);
  // No horizontal scrolling of the page on a 360 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
