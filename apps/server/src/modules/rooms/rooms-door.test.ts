import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { koRoomsDoor } from '@suite/shared/messages/ko-rooms-door';
import { createTestApp, dbKinds, movableClock, type TTestApp } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { call } from '../auth/testing/auth-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { inboxOf, runAllDue } from '../notifications/testing/notices-test-kit.ts';
import { mailsTo, seedWithRoom } from './testing/rooms-test-kit.ts';

const t = koRoomsDoor;
/** Monday 2030-01-07 12:00 in Seoul (03:00 UTC): a working day, not a holiday. */
const NOON_SEOUL = Date.parse('2030-01-07T03:00:00Z');
const at = (hhmm: string) => new Date(Date.parse(`2030-01-07T${hhmm}:00+09:00`)).toISOString();

describe.each(dbKinds)('rooms at the door on %s', (kind) => {
  const clock = movableClock(NOON_SEOUL);
  let a: TTestApp;
  beforeAll(async () => {
    a = await createTestApp(kind, { now: clock.now, jobs: false });
  });
  afterAll(async () => a?.close());

  const setClock = (hhmm: string) => clock.advance(Date.parse(at(hhmm)) - clock.now().getTime());

  async function withDisplay(name = '3층 로비 태블릿') {
    setClock('12:00');
    const s = await seedWithRoom(a);
    const made = await api(a, s.owner.token)('POST', `${s.base}/room-displays`, { roomId: s.roomId, name });
    expect(made.status).toBe(201);
    const url = made.body.url as string;
    expect(url).toMatch(new RegExp(`^${a.config.appUrl}/rooms/display/[A-Za-z0-9_-]{32}$`));
    const token = url.split('/').pop()!;
    const pub = api(a);
    return { ...s, token, displayId: made.body.data.id as string, pub };
  }

  it('only owners and admins manage displays; the URL is shown once and the list never carries the token', async () => {
    const s = await withDisplay();
    const denied = await api(a, s.member.token)('POST', `${s.base}/room-displays`, { roomId: s.roomId, name: '몰래' });
    expect(denied.status).toBe(403);
    expect((await api(a, s.member.token)('GET', `${s.base}/room-displays`)).status).toBe(403);
    const bad = await api(a, s.owner.token)('POST', `${s.base}/room-displays`, { roomId: s.roomId, name: '' });
    expect([bad.status, JSON.stringify(bad.body)]).toEqual([400, expect.stringContaining(t.validation.displayName)]);
    const list = await api(a, s.owner.token)('GET', `${s.base}/room-displays`);
    expect(list.body.data.map((d: { name: string; roomName: string }) => [d.name, d.roomName])).toEqual([['3층 로비 태블릿', '대회의실']]);
    expect(JSON.stringify(list.body)).not.toContain(s.token);
  });

  it('shows now and next and books 지금 사용 only up to the next booking; a second one and an overlap are refused', async () => {
    const s = await withDisplay();
    const empty = await s.pub('GET', `/api/room-displays/${s.token}`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ displayName: '3층 로비 태블릿', room: { name: '대회의실' }, now: null, next: null, closedReason: null });
    expect(empty.body.data.quickMinutes).toEqual([15, 30, 60]);
    expect(empty.body.data.checkInUrl).toMatch(new RegExp(`/rooms/check-in/${s.roomId}\\?c=`));

    const later = await api(a, s.member.token)('POST', `${s.base}/bookings`, {
      roomId: s.roomId,
      title: '주간 회의',
      startsAt: at('12:30'),
      endsAt: at('13:00'),
    });
    expect(later.status).toBe(201);
    const before = (await s.pub('GET', `/api/room-displays/${s.token}`)).body.data;
    expect(before.next).toMatchObject({ title: '주간 회의', organizerName: '이멤버', startsAt: at('12:30') });
    expect(before.freeUntil).toBe(at('12:30'));

    const quick = await s.pub('POST', `/api/room-displays/${s.token}/quick-book`, { minutes: 60 });
    expect(quick.status).toBe(200);
    expect(quick.body.message).toBe(t.server.quickBooked('12:30'));
    expect(quick.body.data.now).toMatchObject({
      title: t.server.quickTitle('3층 로비 태블릿'),
      organizerName: '김소유',
      status: 'checked_in',
      endsAt: at('12:30'),
    });
    expect(quick.body.data.quickMinutes).toEqual([]);

    const again = await s.pub('POST', `/api/room-displays/${s.token}/quick-book`, { minutes: 15 });
    expect([again.status, again.body.error]).toEqual([409, t.server.notFreeNow]);
    const overlap = await api(a, s.member.token)('POST', `${s.base}/bookings`, {
      roomId: s.roomId,
      title: '끼어들기',
      startsAt: at('12:15'),
      endsAt: at('12:30'),
    });
    expect(overlap.status).toBe(409);
    const wrongLength = await s.pub('POST', `/api/room-displays/${s.token}/quick-book`, { minutes: 45 });
    expect([wrongLength.status, JSON.stringify(wrongLength.body)]).toEqual([400, expect.stringContaining(t.validation.minutes)]);
  });

  it('지금 사용 starts at the current minute and ends on the next quarter hour, never past the next booking', async () => {
    const s = await withDisplay();
    setClock('12:17');
    clock.advance(20_000);
    const quick = await s.pub('POST', `/api/room-displays/${s.token}/quick-book`, { minutes: 15 });
    expect([quick.status, quick.body.message]).toEqual([200, t.server.quickBooked('12:45')]);
    expect(quick.body.data.now).toMatchObject({ startsAt: at('12:17'), endsAt: at('12:45'), status: 'checked_in' });
    // The console's next quarter hour is free right after it.
    const next = await api(a, s.member.token)('POST', `${s.base}/bookings`, {
      roomId: s.roomId,
      title: '다음 회의',
      startsAt: at('12:45'),
      endsAt: at('13:00'),
    });
    expect(next.status).toBe(201);
    // 13:02 + 30 minutes would round up to 13:45, but the next booking at 13:30 cuts it there.
    expect(
      (await api(a, s.member.token)('POST', `${s.base}/bookings`, { roomId: s.roomId, title: '오후 회의', startsAt: at('13:30'), endsAt: at('14:00') })).status,
    ).toBe(201);
    setClock('13:02');
    const cut = await s.pub('POST', `/api/room-displays/${s.token}/quick-book`, { minutes: 30 });
    expect([cut.status, cut.body.message]).toEqual([200, t.server.quickBooked('13:30')]);
    expect(cut.body.data.now).toMatchObject({ startsAt: at('13:02'), endsAt: at('13:30') });
    // On a quarter hour itself nothing is added: 14:00 + 15 → 14:15.
    setClock('14:00');
    const onGrid = await s.pub('POST', `/api/room-displays/${s.token}/quick-book`, { minutes: 15 });
    expect([onGrid.status, onGrid.body.message]).toEqual([200, t.server.quickBooked('14:15')]);
    // Rounding up never breaks the room's longest booking: with 60 minutes at most, 15:17 + 60 ends at 16:15.
    expect((await call(a, { method: 'PUT', url: `${s.base}/rooms/${s.roomId}/rules`, token: s.owner.token, body: { maxMinutes: 60 } })).status).toBe(200);
    setClock('15:17');
    const longest = await s.pub('POST', `/api/room-displays/${s.token}/quick-book`, { minutes: 60 });
    expect([longest.status, longest.body.message]).toEqual([200, t.server.quickBooked('16:15')]);
  });

  it('a display for a room of another seed is refused as a room not found', async () => {
    const s = await withDisplay();
    const other = await seedWithRoom(a);
    const made = await api(a, s.owner.token)('POST', `${s.base}/room-displays`, { roomId: other.roomId, name: '남의 방' });
    expect([made.status, made.body.error]).toEqual([404, ko.rooms.server.roomNotFound]);
  });

  it('the token grants nothing else: not the API as a bearer, not another room or seed, not an unknown token', async () => {
    const s = await withDisplay();
    const other = await seedWithRoom(a);
    const asBearer = api(a, s.token);
    for (const url of [
      `${s.base}/rooms`,
      `${s.base}/bookings?from=${at('00:00')}&to=${at('23:45')}`,
      `${s.base}/room-displays`,
      '/api/me',
      `${other.base}/rooms`,
    ]) {
      expect((await asBearer('GET', url)).status).toBe(401);
    }
    expect((await asBearer('POST', `${s.base}/bookings`, { roomId: s.roomId, title: 'x', startsAt: at('13:00'), endsAt: at('13:15') })).status).toBe(401);
    expect((await asBearer('GET', `/api/rooms/check-in/${s.roomId}?c=abcdefghijkl`)).status).toBe(401);

    // A room of the same seed and one of another seed: their bookings cannot be checked in from this display.
    const room2 = await api(a, s.owner.token)('POST', `${s.base}/rooms`, {
      name: '소회의실',
      capacity: 4,
      openMinute: 0,
      closeMinute: 1440,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      openOnHolidays: true,
    });
    const here = await api(a, s.member.token)('POST', `${s.base}/bookings`, {
      roomId: room2.body.data.id,
      title: '옆방',
      startsAt: at('12:00'),
      endsAt: at('12:30'),
    });
    const there = await api(a, other.member.token)('POST', `${other.base}/bookings`, {
      roomId: other.roomId,
      title: '남의 시드',
      startsAt: at('12:00'),
      endsAt: at('12:30'),
    });
    for (const id of [here.body.data.id, there.body.data.id]) {
      const r = await s.pub('POST', `/api/room-displays/${s.token}/check-in`, { bookingId: id });
      expect([r.status, r.body.error]).toEqual([409, t.server.noCurrentBooking]);
    }
    const state = (await s.pub('GET', `/api/room-displays/${s.token}`)).body.data;
    expect(JSON.stringify(state)).not.toContain('남의 시드');
    expect(JSON.stringify(state)).not.toContain('옆방');

    const unknown = await s.pub('GET', `/api/room-displays/${'A'.repeat(32)}`);
    expect([unknown.status, unknown.body.error]).toEqual([404, t.server.displayNotFound]);
    expect((await s.pub('GET', '/api/room-displays/short')).status).toBe(400);
  });

  it('checks in the booking on now; a revoked display is refused with 410 and says so', async () => {
    const s = await withDisplay();
    const b = await api(a, s.member.token)('POST', `${s.base}/bookings`, { roomId: s.roomId, title: '고객 미팅', startsAt: at('12:15'), endsAt: at('13:00') });
    setClock('11:50');
    const early = await s.pub('POST', `/api/room-displays/${s.token}/check-in`, { bookingId: b.body.data.id });
    expect(early.status).toBe(409);
    setClock('12:05');
    const st = (await s.pub('GET', `/api/room-displays/${s.token}`)).body.data;
    expect(st.next).toMatchObject({ id: b.body.data.id, canCheckIn: true });
    const ok = await s.pub('POST', `/api/room-displays/${s.token}/check-in`, { bookingId: b.body.data.id });
    expect([ok.status, ok.body.message]).toEqual([200, t.server.checkedIn('고객 미팅')]);
    expect(ok.body.data.next).toMatchObject({ status: 'checked_in', canCheckIn: false });

    const revoked = await api(a, s.owner.token)('DELETE', `${s.base}/room-displays/${s.displayId}`);
    expect(revoked.status).toBe(200);
    for (const r of [
      await s.pub('GET', `/api/room-displays/${s.token}`),
      await s.pub('POST', `/api/room-displays/${s.token}/quick-book`, { minutes: 15 }),
      await s.pub('POST', `/api/room-displays/${s.token}/check-in`, { bookingId: b.body.data.id }),
    ]) {
      expect([r.status, r.body.error]).toEqual([410, t.server.displayRevoked]);
    }
    const list = await api(a, s.owner.token)('GET', `${s.base}/room-displays`);
    expect(list.body.data[0].revokedAt).not.toBeNull();
  });

  it('QR check-in: the code proves presence; a wrong or rotated code is refused, a non-member sees nothing', async () => {
    setClock('12:00');
    const s = await seedWithRoom(a);
    const code = await api(a, s.owner.token)('GET', `${s.base}/rooms/${s.roomId}/check-in-code`);
    expect(code.status).toBe(200);
    expect((await api(a, s.member.token)('GET', `${s.base}/rooms/${s.roomId}/check-in-code`)).status).toBe(403);
    const c = new URL(code.body.data.url).searchParams.get('c')!;
    const b = await api(a, s.member.token)('POST', `${s.base}/bookings`, { roomId: s.roomId, title: '스탠드업', startsAt: at('12:30'), endsAt: at('12:45') });
    const phone = api(a, s.member.token);

    setClock('12:00');
    expect((await phone('GET', `/api/rooms/check-in/${s.roomId}?c=${c}`)).body.data.bookings).toEqual([]);
    setClock('12:20');
    const seen = await phone('GET', `/api/rooms/check-in/${s.roomId}?c=${c}`);
    expect(seen.body.data).toMatchObject({ room: { name: '대회의실' }, bookings: [{ id: b.body.data.id, title: '스탠드업', status: 'confirmed' }] });
    const wrong = await phone('POST', `/api/rooms/check-in/${s.roomId}`, { c: 'wrongcode123', bookingId: b.body.data.id });
    expect([wrong.status, wrong.body.error]).toEqual([403, t.server.wrongCode]);
    expect((await phone('GET', `/api/rooms/check-in/${s.roomId}?c=wrongcode123`)).status).toBe(403);

    const stranger = await signedIn(a, { fullName: '외부인' });
    expect((await api(a, stranger.token)('GET', `/api/rooms/check-in/${s.roomId}?c=${c}`)).status).toBe(404);
    // A member who is not the organizer or an attendee cannot check in someone else's booking.
    const colleague = await signedIn(a, { fullName: '박동료' });
    await addMember(a.database.db, s.seedId, colleague.id, 'member');
    expect((await api(a, colleague.token)('POST', `/api/rooms/check-in/${s.roomId}`, { c, bookingId: b.body.data.id })).status).toBe(403);

    const ok = await phone('POST', `/api/rooms/check-in/${s.roomId}`, { c, bookingId: b.body.data.id });
    expect([ok.status, ok.body.data.status]).toEqual([200, 'checked_in']);

    const rotated = await api(a, s.owner.token)('POST', `${s.base}/rooms/${s.roomId}/check-in-code/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.url).not.toBe(code.body.data.url);
    expect((await phone('GET', `/api/rooms/check-in/${s.roomId}?c=${c}`)).status).toBe(403);
  });

  it('saved minutes become decisions and action items with owners and due dates, shown on the booking and sent to who met', async () => {
    setClock('12:00');
    const s = await seedWithRoom(a);
    const b = await api(a, s.member.token)('POST', `${s.base}/bookings`, {
      roomId: s.roomId,
      title: '출시 회의',
      startsAt: at('12:30'),
      endsAt: at('13:00'),
      attendees: [s.owner.email],
    });
    const path = `${s.base}/bookings/${b.body.data.id}`;
    expect((await api(a, s.member.token)('GET', `${path}/action-items`)).body.data).toBeNull();
    const minutes = [
      '## 결정 사항',
      '- 출시일은 3월 2일로 확정',
      '',
      '## 할 일',
      '- @김소유 보도자료 초안 금요일까지',
      '- 이멤버: 12/20까지 QA 일정 공유',
    ].join('\n');
    expect((await api(a, s.member.token)('PATCH', path, { minutes })).status).toBe(200);
    await runAllDue(a);
    const items = (await api(a, s.owner.token)('GET', `${path}/action-items`)).body.data;
    expect(items.source).toBe('rules');
    expect(items.decisions).toEqual(['출시일은 3월 2일로 확정']);
    expect(items.actions).toEqual([
      { text: '@김소유 보도자료 초안 금요일까지', owner: { userId: s.owner.id, name: '김소유' }, due: '2030-01-11' },
      { text: '이멤버: 12/20까지 QA 일정 공유', owner: { userId: s.member.id, name: '이멤버' }, due: '2030-12-20' },
    ]);
    for (const p of [s.owner, s.member]) {
      const notices = (await inboxOf(a, p.token)).filter((n) => n.event === 'rooms.minutes-items');
      expect(notices.map((n) => n.title)).toEqual([t.minutes.noticeTitle('출시 회의')]);
      expect(notices[0]!.body).toContain('보도자료 초안');
    }
    // The explicit minutes mail (also for outside attendees, who have no inbox) carries them too.
    expect((await api(a, s.member.token)('POST', `${path}/minutes/send`)).status).toBe(200);
    const mail = (await mailsTo(a.database.db, s.owner.email)).find((x) => x.subject.includes('출시 회의'));
    expect(mail?.text).toContain('할 일\n- @김소유 보도자료 초안 금요일까지 · 담당 김소유 · 기한 2030-01-11');
    // The same text saved again: nothing new.
    expect((await api(a, s.member.token)('PATCH', path, { minutes })).status).toBe(200);
    await runAllDue(a);
    expect((await inboxOf(a, s.member.token)).filter((n) => n.event === 'rooms.minutes-items')).toHaveLength(1);
    // A stranger to the seed does not see them.
    const stranger = await signedIn(a, { fullName: '외부인' });
    expect((await api(a, stranger.token)('GET', `${path}/action-items`)).status).toBe(404);
  });
});
