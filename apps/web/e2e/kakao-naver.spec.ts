import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { latestMail, linkTo, uniqueEmail } from './fixtures/outbox';

/** The fake Kakao/Naver Login the config starts on E2E_PORT + 3. */
const FAKE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3199) + 3}`;
let counter = 0;

async function fakeAccount(request: APIRequestContext, provider: 'kakao' | 'naver', opts: { email?: string; verified?: boolean }) {
  counter += 1;
  // Unique across parallel workers: the worker's index is part of every id.
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 10;
  const id = provider === 'kakao' ? String(Date.now() * 1000 + worker * 100 + (counter % 100)) : `nv-${Date.now().toString(36)}-${worker}-${counter}`;
  const nickname = `${provider === 'kakao' ? '카카오' : '네이버'}${Date.now().toString(36)}${worker}${counter}`;
  const res = await request.post(`${FAKE}/_fake/users`, { data: { provider, id, nickname, ...opts } });
  expect(res.ok()).toBe(true);
  return { id, nickname };
}

const label = { kakao: '카카오로 시작하기', naver: '네이버로 시작하기' } as const;

/** Press the brand button, then pick the account on the provider's (fake) login screen. */
async function viaProvider(page: Page, from: '/login' | '/signup', provider: 'kakao' | 'naver', nickname: string) {
  await page.goto(from);
  await page.getByRole('button', { name: label[provider] }).click();
  await page.getByRole('link', { name: new RegExp(nickname) }).click();
}

async function signedIn(page: Page) {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('__access_token'))).toBeTruthy();
}

for (const provider of ['kakao', 'naver'] as const) {
  test(`${provider}: sign-up through the consent step, then sign-in; listed in settings`, async ({ page, request }) => {
    const email = uniqueEmail(provider);
    const { nickname } = await fakeAccount(request, provider, { email, verified: true });
    await viaProvider(page, '/signup', provider, nickname);
    await expect(page).toHaveURL(/\/signup\/complete$/);
    await expect(page.getByText(email)).toBeVisible();
    await page.locator('#age-14_or_over').check();
    await page.locator('#terms').click();
    await page.getByRole('button', { name: '동의하고 가입 완료' }).click();
    await signedIn(page);
    // No token ever appeared in an address.
    expect(page.url()).not.toMatch(/token|code=/);

    await page.evaluate(() => localStorage.clear());
    await viaProvider(page, '/login', provider, nickname);
    await expect(page).toHaveURL(/\/dashboard$/);
    await signedIn(page);
    await page.goto('/settings');
    await expect(page.getByText(email).first()).toBeVisible();
  });
}

test('kakao without an email: the address given on the consent step is confirmed by mail first', async ({ page, request }) => {
  const { nickname } = await fakeAccount(request, 'kakao', {});
  await viaProvider(page, '/login', 'kakao', nickname);
  await expect(page).toHaveURL(/\/signup\/complete$/);
  const email = uniqueEmail('kakao-nomail');
  await page.getByLabel('이메일').fill(email);
  await page.locator('#age-14_or_over').check();
  await page.locator('#terms').click();
  await page.getByRole('button', { name: '동의하고 가입 완료' }).click();
  await expect(page.getByText('확인 메일을 보냈습니다.', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('__access_token'))).toBeFalsy();

  const mail = await latestMail(request, email, /가입할 이메일 주소를 확인/);
  await page.goto(linkTo(mail, '/auth/provider-email'));
  await page.getByRole('button', { name: '가입 마치기' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signedIn(page);

  await page.evaluate(() => localStorage.clear());
  await viaProvider(page, '/login', 'kakao', nickname);
  await expect(page).toHaveURL(/\/dashboard$/);
  await signedIn(page);
});
