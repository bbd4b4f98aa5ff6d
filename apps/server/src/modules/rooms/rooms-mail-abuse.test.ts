import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { iso, seedWithRoom, seoulWeekday } from './testing/rooms-test-kit.ts';

const outside = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}${i}@outside.example`);
const outboxCount = async (t: TTestContext, like: string) =>
  Number(
    ((await t.database.db.execute(sql`select count(*)::int as n from dev_outbox where to_address like ${like}`)) as unknown as { rows: { n: number }[] })
      .rows[0]!.n,
  );

describe.each(dbKinds)('bookings cannot be used to send spam, on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ROOMS_MAX_OUTSIDE_ATTENDEES_PER_DAY: '30', MAIL_QUOTA_USER_HOURLY: '25', MAIL_QUOTA_SEED_HOURLY: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('caps outside attendees per booking and per seed per day, in Korean', async () => {
    const { member, base, roomId } = await seedWithRoom(t);
    const a = api(t, member.token);
    const start = seoulWeekday(3, 1, 10);
    const tooMany = await a('POST', `${base}/bookings`, { roomId, title: '스팸', startsAt: iso(start), endsAt: iso(start, 30), attendees: outside('a', 21) });
    expect(tooMany).toMatchObject({ status: 400, body: { error: ko.security.outsideAttendeesPerBooking(20) } });
    const ok = await a('POST', `${base}/bookings`, { roomId, title: '회의', startsAt: iso(start), endsAt: iso(start, 30), attendees: outside('b', 20) });
    expect(ok.status).toBe(201);
    // 20 used of the seed's 30 a day: 11 more new addresses are refused, and nothing is booked.
    const day = await a('POST', `${base}/bookings`, { roomId, title: '회의2', startsAt: iso(start, 60), endsAt: iso(start, 90), attendees: outside('c', 11) });
    expect(day).toMatchObject({ status: 429, body: { error: ko.security.outsideAttendeesPerDay(30) } });
    expect(day.headers['retry-after']).toBeDefined();
    const list = await a('GET', `${base}/bookings?from=${iso(start, -60)}&to=${iso(start, 600)}`);
    expect(list.body.data.map((b: { title: string }) => b.title)).toEqual(['회의']);
  });

  it('PATCHing minutes mails nobody; sending is explicit, once per 10 minutes, within the hourly quota', async () => {
    const { member, base, roomId } = await seedWithRoom(t);
    const a = api(t, member.token);
    const start = seoulWeekday(3, 2, 10);
    const first = await a('POST', `${base}/bookings`, { roomId, title: '첫 회의', startsAt: iso(start), endsAt: iso(start, 30), attendees: outside('m', 15) });
    const id = first.body.data.id as string;
    for (const text of ['하나', '둘', '셋']) expect((await a('PATCH', `${base}/bookings/${id}`, { minutes: text })).status).toBe(200);
    expect(await outboxCount(t, 'm%@outside.example')).toBe(0);
    const sent = await a('POST', `${base}/bookings/${id}/minutes/send`);
    expect(sent).toMatchObject({ status: 200, body: { message: ko.security.minutesSent(15) } });
    expect(await outboxCount(t, 'm%@outside.example')).toBe(15);
    const again = await a('POST', `${base}/bookings/${id}/minutes/send`);
    expect(again.status).toBe(429);
    expect(again.body.error).toBe(ko.security.minutesAlreadySent(10));
    expect(await outboxCount(t, 'm%@outside.example')).toBe(15);

    // The user's hourly quota is 25 mails: 15 used, 15 more are refused with a Korean 429 and nothing is sent.
    const second = await a('POST', `${base}/bookings`, {
      roomId,
      title: '둘째 회의',
      startsAt: iso(start, 60),
      endsAt: iso(start, 90),
      attendees: outside('n', 15),
    });
    const id2 = second.body.data.id as string;
    await a('PATCH', `${base}/bookings/${id2}`, { minutes: '내용' });
    const over = await a('POST', `${base}/bookings/${id2}/minutes/send`);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('MAIL_QUOTA');
    expect(over.body.error).toMatch(/^한 시간에 보낼 수 있는 메일 수를 넘었습니다/);
    expect(await outboxCount(t, 'n%@outside.example')).toBe(0);
  });

  it('an empty minutes text is not sent', async () => {
    const { member, base, roomId } = await seedWithRoom(t);
    const start = seoulWeekday(3, 3, 10);
    const b = await api(t, member.token)('POST', `${base}/bookings`, { roomId, title: '빈 회의', startsAt: iso(start), endsAt: iso(start, 30) });
    const res = await api(t, member.token)('POST', `${base}/bookings/${b.body.data.id}/minutes/send`);
    expect(res).toMatchObject({ status: 409, body: { error: ko.security.minutesEmpty } });
  });
});
