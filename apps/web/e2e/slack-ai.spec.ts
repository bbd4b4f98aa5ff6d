import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './fixtures/site';
import { expect, test } from './fixtures/test';

/** Same values as playwright.config.ts gives the app server and the fakes (the two ports after E2E_PORT). */
const port = Number(process.env.E2E_PORT ?? 3199);
const FAKE_SLACK = `http://127.0.0.1:${port + 1}`;
const SIGNING_SECRET = 'e2e-signing-secret';

async function sendSignedEvent(request: APIRequestContext, body: unknown) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = `v0=${createHmac('sha256', SIGNING_SECRET).update(`v0:${ts}:${raw}`).digest('hex')}`;
  return request.post('/api/slack/events', {
    data: raw,
    headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': ts, 'x-slack-signature': sig },
  });
}

test('connect a workspace, get a threaded answer from knowledge, manage it in the console', async ({ signedInPage: page, request }) => {
  test.setTimeout(60_000);
  await page.goto('/slack-ai');
  await page.getByRole('button', { name: '내 워크스페이스 연결하기' }).click();
  // The fake Slack authorize page, then back through the server's callback to the result screen.
  await expect(page.getByRole('heading', { name: '테스트 워크스페이스' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('scope')).toContain('app_mentions:read');
  await page.getByRole('link', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/oauth\/slack\/callback\?status=success/);
  await expect(page.getByRole('heading', { name: 'Slack 워크스페이스가 연결되었습니다' })).toBeVisible();
  await expect(page.getByText('테스트 워크스페이스 워크스페이스에 AI 비서가 설치되었습니다.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'slack callback');
  await page.getByRole('button', { name: '지금 이동' }).click();

  await expect(page).toHaveURL('/admin/services/slack-ai');
  await expect(page.getByRole('combobox', { name: '워크스페이스' })).toContainText('테스트 워크스페이스');
  await expect(page.getByTestId('slack-mode')).toContainText('AI 모드');

  // Knowledge: a Markdown document, found by the search test with a particle attached.
  await page.getByRole('tab', { name: '지식' }).click();
  await page.getByLabel('제목').fill('조직 안내');
  await page.getByLabel('내용').fill('# 검색팀\n검색팀의 팀장은 박지민입니다. 주간 회의는 화요일 오전 10시입니다.');
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page.getByText('지식 문서를 등록했습니다.')).toBeVisible();
  await page.getByLabel('검색 시험').fill('검색팀을 누가 이끌어요?');
  await expect(page.getByRole('list', { name: '검색 시험' })).toContainText('조직 안내');

  // A signed mention from Slack → a threaded answer posted to the fake Slack.
  const teamId = 'T0FAKE001';
  const ts = `${Math.floor(Date.now() / 1000)}.000100`;
  const ack = await sendSignedEvent(request, {
    type: 'event_callback',
    team_id: teamId,
    event_id: `EvE2E${Date.now()}`,
    event: { type: 'app_mention', channel: 'C0E2E', user: 'UE2EUSER', text: '<@UBOT0001> 검색팀 팀장이 누구예요?', ts },
  });
  expect(ack.status()).toBe(200);
  await expect
    .poll(async () => {
      const r = (await (await request.get(`${FAKE_SLACK}/_fake/posts`)).json()) as { posts: { thread_ts?: string; text: string }[] };
      return r.posts.find((p) => p.thread_ts === ts)?.text ?? '';
    })
    .toContain('조직 안내');

  // Logs (searchable), users and statistics reflect it.
  await page.getByRole('tab', { name: '로그' }).click();
  await page.getByRole('searchbox', { name: '질문, 답변, 사용자, 채널로 검색' }).fill('팀장이');
  await expect(page.getByRole('list', { name: '로그' })).toContainText('UE2EUSER');
  await expect(page.getByRole('list', { name: '로그' })).toContainText('답변함');
  await page.getByRole('tab', { name: '사용자' }).click();
  await expect(page.getByRole('cell', { name: 'UE2EUSER' })).toBeVisible();
  await page.getByRole('tab', { name: '통계' }).click();
  await expect(page.getByRole('img', { name: /일별 요청 수: 합계 1/ })).toBeVisible();
  // (after the toast of the knowledge step has gone: its colours are the toast library's)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'slack console statistics');

  // Settings: a bad channel id is refused in Korean; a good change is saved by the server.
  await page.getByRole('tab', { name: '설정' }).click();
  await page.getByLabel('읽고 답할 채널').fill('general');
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('채널 ID는');
  await page.getByLabel('읽고 답할 채널').fill('C0E2E');
  await page.getByLabel('메시지 보관 기간 (일)').fill('30');
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(page.getByText('설정을 저장했습니다.')).toBeVisible();

  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page, 'slack console @360');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'slack console settings, dark, 360');
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('button', { name: '연결 해제' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: '연결 해제' }).click();
  await expect(page.getByText('워크스페이스 연결을 해제했습니다.')).toBeVisible();
  await expect(page.getByText('연결 해제됨', { exact: true })).toBeVisible();
});

test('the result screen shows the spec’s errors and an invalid callback', async ({ page }) => {
  await page.goto('/oauth/slack/callback?error=access_denied');
  await expect(page.getByRole('heading', { name: '연결이 취소되었습니다' })).toBeVisible();
  await expect(page.getByRole('button', { name: '다시 시도' })).toBeVisible();
  await page.goto('/oauth/slack/callback');
  await expect(page.getByText('올바르지 않은 OAuth 콜백입니다.')).toBeVisible();
  await expect(page).toHaveURL(/\/slack-ai$/, { timeout: 6_000 });
});
