/**
 * Rooms are closed on Korean public holidays, substitute holidays and the seed's closed days unless a room opts in
 * (issue 37). The app's clock stands at 2026-05-01 so that 추석 2026 and the 2026-06-03 지방선거 are still ahead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { koRoomsHolidays } from '@suite/shared/messages/ko-rooms-holidays';
import { createTestApp, dbKinds, movableClock, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { seedWithRoom } from './testing/rooms-test-kit.ts';

const h = koRoomsHolidays;
/** 10:00–11:00 Asia/Seoul on a date. */
const slot = (date: string) => ({ startsAt: `${date}T10:00:00+09:00`, endsAt: `${date}T11:00:00+09:00` });

describe.each(dbKinds)('room holidays on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, now: movableClock(Date.parse('2026-05-01T00:00:00Z')).now });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a booking on 추석 2026 in Korean naming the holiday; a room that opts in accepts it', async () => {
    const { owner, member, base, roomId } = await seedWithRoom(t, { openOnHolidays: false });
    const a = api(t, member.token);
    const refused = await a('POST', `${base}/bookings`, { roomId, title: '추석 회의', ...slot('2026-09-25') });
    expect(refused).toMatchObject({ status: 409, body: { error: '2026-09-25은 추석이라 이 회의실은 예약할 수 없습니다.' } });
    // A substitute holiday closes the room too, and so does moving a booking onto one.
    const sub = await a('POST', `${base}/bookings`, { roomId, title: '대체공휴일', ...slot('2026-08-17') });
    expect(sub).toMatchObject({ status: 409, body: { error: '2026-08-17은 광복절 대체공휴일이라 이 회의실은 예약할 수 없습니다.' } });
    const plain = await a('POST', `${base}/bookings`, { roomId, title: '평일', ...slot('2026-09-23') });
    expect(plain.status).toBe(201);
    const moved = await a('PATCH', `${base}/bookings/${plain.body.data.id}`, slot('2026-09-24'));
    expect(moved).toMatchObject({ status: 409, body: { error: '2026-09-24은 추석이라 이 회의실은 예약할 수 없습니다.' } });

    const rooms = await a('GET', `${base}/rooms`);
    expect(rooms.body.data[0]).toMatchObject({ id: roomId, openOnHolidays: false });
    const optIn = await api(t, owner.token)('PATCH', `${base}/rooms/${roomId}`, { openOnHolidays: true });
    expect(optIn).toMatchObject({ status: 200, body: { data: { openOnHolidays: true } } });
    const accepted = await a('POST', `${base}/bookings`, { roomId, title: '추석 회의', ...slot('2026-09-25') });
    expect(accepted.status).toBe(201);
    expect(accepted.body.skipped).toEqual([]);
  });

  it('a weekly series across 설날 2027 skips exactly 설날 and its 대체공휴일 and says which dates', async () => {
    const { member, base, roomId } = await seedWithRoom(t, { openOnHolidays: false });
    const a = api(t, member.token);
    // Mondays 2027-01-25 … 02-22: 02-08 is 설날.
    const mondays = await a('POST', `${base}/bookings`, {
      roomId,
      title: '주간 회의',
      ...slot('2027-01-25'),
      recurrence: { freq: 'weekly', until: '2027-02-22' },
    });
    expect(mondays.status).toBe(201);
    expect(mondays.body.created.map((b: { startsAt: string }) => b.startsAt.slice(0, 10))).toEqual(['2027-01-25', '2027-02-01', '2027-02-15', '2027-02-22']);
    expect(mondays.body.skipped.map((s: { date: string; name: string }) => ({ date: s.date, name: s.name }))).toEqual([{ date: '2027-02-08', name: '설날' }]);
    expect(mondays.body.skipped[0].reason).toBe('2027-02-08은 설날이라 이 회의실은 예약할 수 없습니다.');
    expect(mondays.body.message).toBe(ko.rooms.server.createdSome(4, 1));
    // Tuesdays: 02-09 is 설날's 대체공휴일 (02-07 was a Sunday).
    const tuesdays = await a('POST', `${base}/bookings`, {
      roomId,
      title: '화요 회의',
      ...slot('2027-01-26'),
      recurrence: { freq: 'weekly', until: '2027-02-16' },
    });
    expect(tuesdays.body.created).toHaveLength(3);
    expect(tuesdays.body.skipped.map((s: { date: string; name: string }) => `${s.date} ${s.name}`)).toEqual(['2027-02-09 설날 대체공휴일']);
    // Every day from Friday 02-05 to Wednesday 02-10: the four closed days in between, and nothing else.
    const daily = await a('POST', `${base}/bookings`, { roomId, title: '매일', ...slot('2027-02-05'), recurrence: { freq: 'daily', until: '2027-02-10' } });
    expect(daily.body.created.map((b: { startsAt: string }) => b.startsAt.slice(0, 10))).toEqual(['2027-02-05', '2027-02-10']);
    expect(daily.body.skipped.map((s: { date: string }) => s.date)).toEqual(['2027-02-06', '2027-02-07', '2027-02-08', '2027-02-09']);
    // 추석 2027 (09-14–16) as a single booking: closed.
    const chuseok = await a('POST', `${base}/bookings`, { roomId, title: '추석', ...slot('2027-09-15') });
    expect(chuseok.status).toBe(409);
  });

  it('an admin adds a one-off closed day (2026-06-03 지방선거) that closes rooms; a member cannot', async () => {
    const { owner, member, base, roomId } = await seedWithRoom(t, { openOnHolidays: false });
    const o = api(t, owner.token);
    const m = api(t, member.token);
    const denied = await m('POST', `${base}/rooms/closed-days`, { date: '2026-06-03', name: '지방선거' });
    expect(denied).toMatchObject({ status: 403, body: { error: ko.rooms.server.managersOnly } });
    const added = await o('POST', `${base}/rooms/closed-days`, { date: '2026-06-03', name: '지방선거' });
    expect(added).toMatchObject({ status: 201, body: { data: { date: '2026-06-03', name: '지방선거', kind: 'company' } } });
    const again = await o('POST', `${base}/rooms/closed-days`, { date: '2026-06-03', name: '선거' });
    expect(again).toMatchObject({ status: 409, body: { error: h.server.closedDayTaken } });

    const refused = await m('POST', `${base}/bookings`, { roomId, title: '선거일 회의', ...slot('2026-06-03') });
    expect(refused).toMatchObject({ status: 409, body: { error: '2026-06-03은 지방선거라 이 회의실은 예약할 수 없습니다.' } });

    const year = await m('GET', `${base}/rooms/holidays?year=2026`);
    expect(year.status).toBe(200);
    const dates = year.body.data.map((x: { date: string; name: string; kind: string }) => `${x.date} ${x.name} ${x.kind}`);
    expect(dates).toContain('2026-06-03 지방선거 company');
    expect(dates).toContain('2026-03-02 삼일절 대체공휴일 substitute');
    expect(dates).toContain('2026-09-25 추석 public');
    expect(year.body.data).toHaveLength(20);

    expect((await m('DELETE', `${base}/rooms/closed-days/2026-06-03`)).status).toBe(403);
    expect(await o('DELETE', `${base}/rooms/closed-days/2026-06-03`)).toMatchObject({ status: 200, body: { message: h.server.closedDayRemoved } });
    expect((await m('POST', `${base}/bookings`, { roomId, title: '선거일 회의', ...slot('2026-06-03') })).status).toBe(201);
    expect(await o('DELETE', `${base}/rooms/closed-days/2026-06-03`)).toMatchObject({ status: 404, body: { error: h.server.closedDayNotFound } });
  });

  it('answers bad input 400 in Korean', async () => {
    const { owner, base } = await seedWithRoom(t, { openOnHolidays: false });
    const o = api(t, owner.token);
    expect(await o('POST', `${base}/rooms/closed-days`, { date: '2026-13-01', name: '휴무' })).toMatchObject({
      status: 400,
      body: { error: h.validation.date },
    });
    expect(await o('POST', `${base}/rooms/closed-days`, { date: '2026-02-30', name: '휴무' })).toMatchObject({
      status: 400,
      body: { error: h.validation.date },
    });
    expect(await o('POST', `${base}/rooms/closed-days`, { date: '2026-06-03', name: '   ' })).toMatchObject({
      status: 400,
      body: { error: h.validation.name },
    });
    expect(await o('GET', `${base}/rooms/holidays?year=1999`)).toMatchObject({ status: 400, body: { error: h.validation.year } });
    expect(await o('DELETE', `${base}/rooms/closed-days/2026-6-3`)).toMatchObject({ status: 400, body: { error: h.validation.date } });
  });
});
