import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { PASSWORD } from './fixtures/users';
import { totp } from './fixtures/totp';

async function signIn(page: Page, email: string, base = '') {
  await page.goto(`${base}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

/** Signed in: tokens stored and the login pages left behind. */
async function signedIn(page: Page) {
  await expect(page).not.toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('__access_token'))).toBeTruthy();
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

async function secondStep(page: Page, code: string) {
  await expect(page).toHaveURL(/\/login\/second-factor$/);
  await page.getByLabel('인증 코드 또는 복구 코드').fill(code);
  await page.getByRole('button', { name: '확인', exact: true }).click();
}

async function enrolTotp(page: Page): Promise<{ secret: string; recovery: string[] }> {
  await page.goto('/settings');
  await page.getByRole('button', { name: '인증 앱 등록' }).click();
  await expect(page.getByRole('img', { name: 'QR' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('6자리 코드').fill(totp(secret));
  await page.getByRole('button', { name: '등록 확인' }).click();
  await expect(page.getByTestId('totp-status')).toHaveText('사용 중');
  const recovery = await page.getByTestId('recovery-codes').locator('li').allTextContents();
  expect(recovery).toHaveLength(10);
  return { secret, recovery };
}

test('TOTP: enrolled from the shown secret; sign-in asks for a code; a recovery code works once', async ({ page, user }) => {
  await signIn(page, user.email);
  await signedIn(page);
  const { secret, recovery } = await enrolTotp(page);

  await signOut(page);
  await signIn(page, user.email);
  // The enrolment used this step's code; the next step's is inside the ±1 window and unused.
  await secondStep(page, totp(secret, 1));
  await signedIn(page);

  await signOut(page);
  await signIn(page, user.email);
  await secondStep(page, recovery[0]!);
  await signedIn(page);

  await signOut(page);
  await signIn(page, user.email);
  await secondStep(page, recovery[0]!);
  await expect(page.getByText('인증 코드가 올바르지 않습니다.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/second-factor$/);
});

test('passkey (virtual authenticator): enrolled in settings, then signs in without a password and as a second step', async ({ page, user, baseURL }) => {
  // WebAuthn refuses IP addresses as relying-party ids: this test uses the same server as localhost.
  const base = (baseURL ?? '').replace('127.0.0.1', 'localhost');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await signIn(page, user.email, base);
  await signedIn(page);
  await page.goto(`${base}/settings`);
  await page.getByRole('button', { name: '패스키 추가' }).click();
  await expect(page.getByTestId('passkeys').locator('li')).toHaveCount(1);

  await signOut(page);
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: '패스키로 로그인' }).click();
  await signedIn(page);

  await signOut(page);
  await signIn(page, user.email, base);
  await expect(page).toHaveURL(/\/login\/second-factor$/);
  await page.getByRole('button', { name: '패스키로 인증' }).click();
  await signedIn(page);
});

/**
 * The rule is the instance's (every admin, every session): tagged @instance, so it runs in the config's
 * 'instance-wide' project, after every other spec and never beside one that signs an admin in.
 */
test('an admin required to use a second factor cannot reach the console without one', { tag: '@instance' }, async ({ page, request, admin: user }) => {
  await signIn(page, user.email);
  await signedIn(page);
  const token = await page.evaluate(() => localStorage.getItem('__access_token'));
  const put = (required: boolean, bearer: string | null) =>
    request.put('/api/admin/security/second-factor', { headers: { authorization: `Bearer ${bearer}` }, data: { required } });
  expect((await put(true, token)).ok()).toBe(true);
  try {
    await page.goto('/admin/users');
    await expect(page.getByText('이 계정은 2단계 인증이 필요합니다.', { exact: false }).first()).toBeVisible();
    const direct = await request.get('/api/admin/users', { headers: { authorization: `Bearer ${token}` } });
    expect(direct.status()).toBe(403);
    await enrolTotp(page);
    await page.goto('/admin/users');
    await expect(page.getByText(user.email).first()).toBeVisible();
  } finally {
    // The rule is the instance's: switch it off again (from the session that passed a second factor).
    const verified = await page.evaluate(() => localStorage.getItem('__access_token'));
    expect((await put(false, verified)).ok()).toBe(true);
  }
});
