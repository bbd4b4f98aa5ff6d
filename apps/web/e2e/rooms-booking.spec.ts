import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { uniqueEmail } from './fixtures/outbox';
import { expect, test } from './fixtures/test';
import { createUser, loginApi, PASSWORD } from './fixtures/users';

/** Tomorrow in Asia/Seoul (a day that is wholly in the future whatever the hour of the run). */
const tomorrow = new Date(Date.now() + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
const schedule = `/admin/services/schedule?date=${tomorrow}`;

async function login(page: Page, email: string) {
  await page.goto('/login?redirect=%2Fadmin');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL('/admin');
  await page.goto(schedule);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live');
}

/** A seed owned by the organizer with a room open every day, all day (so the test runs at any hour). */
async function setup(request: APIRequestContext) {
  const organizer = await createUser(request, '김예약', 'rooms-org');
  const org = await loginApi(request, organizer.email);
  const headers = { authorization: `Bearer ${org.tokens.access_token}` };
  const seed = (await (await request.post('/api/seeds', { headers, data: { seed_name: '예약 회사' } })).json()) as { data: { id: string } };
  const room = await request.post(`/api/seeds/${seed.data.id}/rooms`, {
    headers,
    data: {
      name: '대회의실',
      location: '5층',
      capacity: 10,
      equipment: ['모니터'],
      openMinute: 0,
      closeMinute: 1440,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      openOnHolidays: true,
    },
  });
  expect(room.status()).toBe(201);
  return organizer;
}

async function book(page: Page, title: string, start: string, end: string) {
  await page.getByRole('button', { name: '새 예약' }).click();
  const dialog = page.getByRole('dialog', { name: '새 예약' });
  await dialog.getByLabel('회의 제목').fill(title);
  await dialog.getByLabel('시작').selectOption(start);
  await dialog.getByLabel('종료').selectOption(end);
  return dialog;
}

test('book, see it live elsewhere, get the Korean conflict, edit agenda and minutes, cancel', async ({ page, browser, request }) => {
  const organizer = await setup(request);
  const attendee = uniqueEmail('guest.rooms');
  await login(page, organizer.email);
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? '', locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const second = await other.newPage();
  // The same person on a second device (another browser context): it must see changes live.
  await login(second, organizer.email);

  // Book 10:00–11:00 with the attendee and an agenda.
  const dialog = await book(page, '분기 계획 회의', '600', '660');
  await dialog.getByLabel(/참석자 이메일/).fill(attendee);
  await dialog.getByLabel('안건 (회의 전 메모)').fill('1. 지난 분기 회고');
  await dialog.getByRole('button', { name: '예약하기' }).click();
  await expect(dialog).toBeHidden();
  const mine = page.getByRole('button', { name: /분기 계획 회의/ });
  await expect(mine).toBeVisible();
  // The second browser sees it without reloading.
  const theirs = second.getByRole('button', { name: /분기 계획 회의/ });
  await expect(theirs).toBeVisible();
  // The timeline with a booking passes axe.
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);

  // An overlapping booking is refused by the server with the Korean message naming room and slot.
  const clash = await book(page, '겹치는 회의', '630', '690');
  await clash.getByRole('button', { name: '예약하기' }).click();
  await expect(clash.getByRole('alert')).toContainText("'대회의실' 회의실은");
  await expect(clash.getByRole('alert')).toContainText('10:00–11:00에 이미 예약이 있습니다.');
  await clash.getByRole('button', { name: '닫기' }).first().click();
  await expect(clash).toBeHidden();

  // The organizer edits the agenda.
  await mine.click();
  let detail = page.getByRole('dialog', { name: '예약 상세' });
  await detail.getByLabel('안건 (회의 전 메모)').fill('1. 지난 분기 회고\n2. 다음 분기 목표');
  await detail.getByRole('button', { name: '저장', exact: true }).click();
  await expect(detail).toBeHidden();

  // The minutes are written on the second device, which shows the new agenda already.
  await theirs.click();
  const theirDetail = second.getByRole('dialog', { name: '예약 상세' });
  await expect(theirDetail.getByLabel('안건 (회의 전 메모)')).toHaveValue(/다음 분기 목표/);
  await theirDetail.getByLabel('회의록 (회의 후 메모)').fill('결정: 목표 3개 확정');
  await theirDetail.getByRole('button', { name: '회의록 저장' }).click();
  await expect(second.getByText('회의록을 저장했습니다. 참석자에게 알리려면 [회의록 보내기]를 누르세요.')).toBeVisible();
  await theirDetail.getByRole('button', { name: '회의록 보내기' }).click();
  await expect(second.getByText(/^회의록을 \d+명에게 보냈습니다\.$/)).toBeVisible();
  await theirDetail.getByRole('button', { name: '닫기' }).first().click();

  const minutesMail = await request.get(`/dev/outbox?to=${encodeURIComponent(attendee)}`);
  expect(JSON.stringify(await minutesMail.json())).toContain('결정: 목표 3개 확정');

  // Back on the first device: the minutes are there; cancel, and the booking disappears from both screens.
  await mine.click();
  detail = page.getByRole('dialog', { name: '예약 상세' });
  await expect(detail.getByLabel('회의록 (회의 후 메모)')).toHaveValue('결정: 목표 3개 확정');
  await detail.getByRole('button', { name: '예약 취소' }).click();
  await detail.getByRole('button', { name: '이 예약을 취소할까요?' }).click();
  await expect(detail).toBeHidden();
  await expect(mine).toBeHidden();
  await expect(theirs).toBeHidden();
  await other.close();
});

test('on a phone: the page fits 360 px, the timeline books from the keyboard and by dragging', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const organizer = await setup(request);
  await login(page, organizer.email);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Keyboard: one tab stop in the grid, arrows move by 15 minutes, Enter opens the dialog for that slot.
  const first = page.getByRole('gridcell', { name: '대회의실 00:00 예약하기' });
  await first.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('gridcell', { name: '대회의실 01:00 예약하기' })).toBeFocused();
  await page.keyboard.press('Enter');
  let dialog = page.getByRole('dialog', { name: '새 예약' });
  await expect(dialog.getByLabel('시작')).toHaveValue('60');
  await expect(dialog.getByLabel('종료')).toHaveValue('120');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Drag from 09:00 across 09:45: the dialog offers 09:00–10:00.
  await page.getByRole('gridcell', { name: '대회의실 09:00 예약하기' }).hover();
  await page.mouse.down();
  await page.getByRole('gridcell', { name: '대회의실 09:45 예약하기' }).hover();
  await page.mouse.up();
  dialog = page.getByRole('dialog', { name: '새 예약' });
  await expect(dialog.getByLabel('시작')).toHaveValue('540');
  await expect(dialog.getByLabel('종료')).toHaveValue('600');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A daily series of 200 days says before booking that the cap of 100 leaves the rest out.
  dialog = await book(page, '데일리 스탠드업', '540', '570');
  await dialog.getByLabel('반복', { exact: true }).selectOption('daily');
  const until = new Date(Date.parse(`${tomorrow}T00:00:00Z`) + 199 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('반복 종료일').fill(until);
  await expect(dialog.getByTestId('series-limit')).toContainText('최대 100회까지입니다. 이 설정은 200회라서');
  await page.keyboard.press('Escape');

  // The week is a 7-day grid with today marked, and it fits the phone too.
  await page.goto('/admin/services/schedule?view=week');
  const week = page.getByTestId('week-grid');
  await expect(week.getByRole('listitem')).toHaveCount(7);
  await expect(week.locator('[aria-current="date"]')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
