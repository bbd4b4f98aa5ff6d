import type { APIRequestContext, Page } from '@playwright/test';
import { koNotificationsUi } from '../../../packages/shared/src/messages/ko-notifications-ui';
import { ADMIN, loginApi } from './fixtures/users';
import { latestMail } from './fixtures/outbox';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './fixtures/site';
import { expect, test, type TTestSeed, type TTestUser } from './fixtures/test';

const b = koNotificationsUi.bell;
const QUARTER = 15 * 60_000;

/**
 * A room of the seed open every day, all day, holidays too (a slot moved past midnight may land on one: 2027-01-01 was
 * refused as 신정), and reminders three hours ahead: a meeting booked to start soon is reminded at once.
 */
async function roomWithEarlyReminders(request: APIRequestContext, user: TTestUser, seed: TTestSeed): Promise<string> {
  const room = await request.post(`/api/seeds/${seed.id}/rooms`, {
    headers: user.headers,
    data: {
      name: '대회의실',
      location: '5층',
      capacity: 10,
      equipment: [],
      openMinute: 0,
      closeMinute: 1440,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      openOnHolidays: true,
    },
  });
  expect(room.status()).toBe(201);
  const settings = await request.patch(`/api/seeds/${seed.id}/room-settings`, { headers: user.headers, data: { reminderMinutes: 180 } });
  expect(settings.status()).toBe(200);
  return ((await room.json()) as { data: { id: string } }).data.id;
}

/** Books `title` in the `slot`-th free quarter hour from now (the job runner reminds it on its next poll). */
async function book(request: APIRequestContext, user: TTestUser, seed: TTestSeed, roomId: string, title: string, slot: number) {
  // Both slots (0 and 1, half an hour each) from the next quarter hour — unless they would reach past midnight in Seoul
  // (a booking cannot cross it): then both start at midnight, still well within the 3-hour reminder lead, so each
  // reminder is due at once. Computing the base for both slots the same way keeps them apart.
  const KST = 9 * 3_600_000;
  let base = Math.ceil((Date.now() + 60_000) / QUARTER) * QUARTER;
  const nextMidnight = Math.floor((base + KST) / 86_400_000 + 1) * 86_400_000 - KST;
  if (base + 4 * QUARTER > nextMidnight) base = nextMidnight;
  const start = base + slot * 2 * QUARTER;
  const res = await request.post(`/api/seeds/${seed.id}/bookings`, {
    headers: user.headers,
    data: { roomId, title, startsAt: new Date(start).toISOString(), endsAt: new Date(start + 2 * QUARTER).toISOString() },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The person's notice about `title` (read through the inbox API). */
async function noticeAbout(request: APIRequestContext, user: TTestUser, title: string): Promise<string> {
  const res = await request.get('/api/me/notifications', { headers: user.headers });
  const { data } = (await res.json()) as { data: { id: string; title: string }[] };
  const found = data.find((n) => n.title.includes(title));
  if (!found) throw new Error(`no notice about ${title}`);
  return found.id;
}

/** The channels the delivery log holds for a notice (platform admin's view). */
async function channelsOf(request: APIRequestContext, noticeId: string): Promise<string[]> {
  const root = await loginApi(request, ADMIN.email);
  const res = await request.get('/api/admin/notifications/deliveries?limit=100', { headers: { authorization: `Bearer ${root.tokens.access_token}` } });
  const { data } = (await res.json()) as { data: { noticeId: string; channel: string }[] };
  return data
    .filter((d) => d.noticeId === noticeId)
    .map((d) => d.channel)
    .sort();
}

const bell = (page: Page) => page.getByTestId('notification-bell');

test('the bell shows a booking reminder; with its mail turned off in the matrix the next one arrives only in the console (1440 and 360, light and dark)', async ({
  user,
  seed,
  signedInPage: page,
  request,
}) => {
  test.setTimeout(120_000);
  const roomId = await roomWithEarlyReminders(request, user, seed);
  // Quiet hours off for this person, so the first reminder is mailed whatever the hour of the run.
  const quiet = await request.put('/api/me/notification-preferences', { headers: user.headers, data: { quietHours: null } });
  expect(quiet.status()).toBe(200);

  // 1440, light: the bell starts empty and shows the reminder as it arrives (live, without a reload).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/admin');
  await expect(bell(page)).toHaveAttribute('aria-label', b.label);
  await book(request, user, seed, roomId, '주간 회의', 0);
  await expect(bell(page)).toHaveAttribute('aria-label', b.labelUnread(1), { timeout: 20_000 });
  // The first reminder is also mailed (the default for booking reminders).
  await latestMail(request, user.email, /회의 알림: 주간 회의/);

  await bell(page).click();
  const first = page.getByTestId('bell-notice').filter({ hasText: '주간 회의' });
  await expect(first).toHaveAttribute('data-read', 'false');
  await expectNoSeriousA11yViolations(page, 'bell open light 1440');
  // Choosing it marks it read and opens the booking on the schedule.
  await first.click();
  await expect(page).toHaveURL(/\/admin\/services\/schedule\?date=.+&booking=/);
  await expect(bell(page)).toHaveAttribute('aria-label', b.label);

  // The preference matrix for the selected seed: booking reminders' mail off.
  await page.goto('/admin/notifications?tab=preferences');
  const mail = page.getByRole('checkbox', { name: koNotificationsUi.matrix.toggle('회의실 예약 알림', '메일') });
  await expect(mail).toBeChecked();
  // Security notices stay on and cannot be switched off.
  await expect(page.getByRole('checkbox', { name: koNotificationsUi.matrix.toggle('새 기기 로그인', '메일') })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'preferences light 1440');
  await mail.click();
  await expect(mail).not.toBeChecked();
  await page.getByRole('button', { name: koNotificationsUi.save }).click();
  await expect(page.getByRole('status').filter({ hasText: koNotificationsUi.saved })).toBeVisible();

  // 360, dark: the next reminder reaches the bell and the inbox only.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/admin/notifications');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await book(request, user, seed, roomId, '디자인 리뷰', 1);
  await expect(bell(page)).toHaveAttribute('aria-label', b.labelUnread(1), { timeout: 20_000 });
  const row = page.getByTestId('inbox-notice').filter({ hasText: '디자인 리뷰' });
  await expect(row).toHaveAttribute('data-read', 'false');
  await expectNoHorizontalScroll(page, 'inbox at 360');
  await expectNoSeriousA11yViolations(page, 'inbox dark 360');

  // The notice and its deliveries are written together: the log has the console delivery and no mail at all.
  const second = await noticeAbout(request, user, '디자인 리뷰');
  expect(await channelsOf(request, second)).toEqual(['inApp']);
  const firstId = await noticeAbout(request, user, '주간 회의');
  expect(await channelsOf(request, firstId)).toEqual(['inApp', 'mail']);
  const outbox = (await (await request.get(`/dev/outbox?to=${encodeURIComponent(user.email)}`)).json()) as { messages: { subject: string }[] };
  expect(outbox.messages.filter((m) => m.subject.includes('회의 알림')).map((m) => m.subject)).toEqual([expect.stringContaining('주간 회의')]);

  await page.goto('/admin/notifications?tab=preferences');
  await expect(page.getByRole('checkbox', { name: koNotificationsUi.matrix.toggle('회의실 예약 알림', '메일') })).not.toBeChecked();
  await expectNoHorizontalScroll(page, 'preferences at 360');
  await expectNoSeriousA11yViolations(page, 'preferences dark 360');
  await bell(page).click();
  await expect(page.getByTestId('bell-notice').filter({ hasText: '디자인 리뷰' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'bell open dark 360');
});
