import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { iso, mailsTo, roomJobsOf, seedWithRoom, seoulWeekday } from './testing/rooms-test-kit.ts';

const m = ko.rooms.server;

describe.each(dbKinds)('meeting rooms on %s', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets owners manage rooms, members read them, and hides them from strangers', async () => {
    const { owner, member, base, roomId } = await seedWithRoom(t);
    const stranger = await signedIn(t);
    const list = await api(t, member.token)('GET', `${base}/rooms`);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ name: '대회의실', capacity: 8, equipment: ['모니터', '화이트보드'] });
    const denied = await api(t, member.token)('POST', `${base}/rooms`, { name: '소회의실', capacity: 4 });
    expect(denied).toMatchObject({ status: 403, body: { error: m.managersOnly } });
    expect((await api(t, stranger.token)('GET', `${base}/rooms`)).status).toBe(404);
    expect((await api(t, stranger.token)('GET', `${base}/bookings?from=${iso(new Date())}&to=${iso(new Date(), 60)}`)).status).toBe(404);
    const dup = await api(t, owner.token)('POST', `${base}/rooms`, { name: '대회의실', capacity: 4 });
    expect(dup).toMatchObject({ status: 409, body: { error: m.roomNameTaken } });
    const bad = await api(t, owner.token)('POST', `${base}/rooms`, { name: '', capacity: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(ko.rooms.validation.roomName);
    const patched = await api(t, owner.token)('PATCH', `${base}/rooms/${roomId}`, { capacity: 10 });
    expect(patched).toMatchObject({ status: 200, body: { data: { capacity: 10 } } });
  });

  it('books in 15-minute steps within bookable hours and answers overlaps 409 in Korean, naming room and slot', async () => {
    const { owner, member, base, roomId } = await seedWithRoom(t, { openMinute: 480, closeMinute: 1320, weekdays: [1, 2, 3, 4, 5] });
    const start = seoulWeekday(2, 0, 10);
    const a = api(t, member.token);
    const first = await a('POST', `${base}/bookings`, {
      roomId,
      title: '주간 회의',
      startsAt: iso(start),
      endsAt: iso(start, 60),
      attendees: [owner.email.toUpperCase()],
      agenda: '안건 1',
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ title: '주간 회의', roomName: '대회의실', status: 'confirmed', agenda: '안건 1', canEdit: true });
    expect(first.body.data.attendees[0]).toMatchObject({ email: owner.email.toLowerCase(), userId: owner.id, name: '김소유' });

    const clash = await api(t, owner.token)('POST', `${base}/bookings`, { roomId, title: '겹침', startsAt: iso(start, 30), endsAt: iso(start, 90) });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toContain('대회의실');
    expect(clash.body.error).toMatch(/10:00–11:00/);
    // Back to back is fine ([) ranges); moving onto another booking is refused like creating.
    const next = await a('POST', `${base}/bookings`, { roomId, title: '연속', startsAt: iso(start, 60), endsAt: iso(start, 75) });
    expect(next.status).toBe(201);
    const moveOnto = await a('PATCH', `${base}/bookings/${next.body.data.id}`, { startsAt: iso(start, 45), endsAt: iso(start, 60) });
    expect(moveOnto.status).toBe(409);
    expect(moveOnto.body.error).toContain('10:00–11:00');

    const offStep = await a('POST', `${base}/bookings`, { roomId, title: 'x', startsAt: iso(start, 130), endsAt: iso(start, 160) });
    expect(offStep).toMatchObject({ status: 400, body: { error: ko.rooms.validation.step } });
    const late = await a('POST', `${base}/bookings`, {
      roomId,
      title: 'x',
      startsAt: iso(seoulWeekday(2, 0, 21, 30)),
      endsAt: iso(seoulWeekday(2, 0, 22, 30)),
    });
    expect(late.status).toBe(400);
    expect(late.body.error).toContain('08:00–22:00');
    const bad = await a('POST', `${base}/bookings`, { roomId, title: '', startsAt: 'tomorrow', endsAt: 5 });
    expect(bad.status).toBe(400);

    const list = await a('GET', `${base}/bookings?from=${iso(start, -60)}&to=${iso(start, 24 * 60)}`);
    expect(list.body.data.map((b: { title: string }) => b.title)).toEqual(['주간 회의', '연속']);
  });

  it('lists what overlaps the range, filtered by room, mine and cancelled, each exactly as GET of the booking shows it', async () => {
    const { owner, member, base, roomId } = await seedWithRoom(t);
    const seedId = base.split('/')[3]!;
    const other = await signedIn(t, { fullName: '박참석' });
    const { addMember } = await import('../seeds/seeds.repository.ts');
    await addMember(t.database.db, seedId, other.id, 'member');
    const small = await api(t, owner.token)('POST', `${base}/rooms`, {
      name: '소회의실',
      capacity: 4,
      openMinute: 0,
      closeMinute: 1440,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
    });
    const start = seoulWeekday(3, 1, 9);
    const book = async (token: string, body: Record<string, unknown>) => {
      const res = await api(t, token)('POST', `${base}/bookings`, body);
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    // Starts before the range and runs into it; ends exactly where the range starts (not listed); inside; after.
    const spanning = await book(member.token, { roomId, title: '걸친 회의', startsAt: iso(start, -120), endsAt: iso(start, 30) });
    await book(member.token, { roomId: small.body.data.id, title: '끝난 회의', startsAt: iso(start, -60), endsAt: iso(start) });
    const inside = await book(owner.token, {
      roomId: small.body.data.id,
      title: '내부 회의',
      startsAt: iso(start, 60),
      endsAt: iso(start, 90),
      attendees: [member.email.toUpperCase()],
    });
    const others = await book(other.token, { roomId, title: '남의 회의', startsAt: iso(start, 120), endsAt: iso(start, 180), agenda: '줄1\n"인용" \\ 끝' });
    const cancelled = await book(member.token, { roomId, title: '취소된 회의', startsAt: iso(start, 240), endsAt: iso(start, 270) });
    expect((await api(t, member.token)('DELETE', `${base}/bookings/${cancelled}`)).status).toBe(200);
    await book(member.token, { roomId, title: '범위 밖', startsAt: iso(start, 600), endsAt: iso(start, 630) });

    const range = `from=${iso(start)}&to=${iso(start, 300)}`;
    const list = async (token: string, extra = '') => {
      const res = await api(t, token)('GET', `${base}/bookings?${range}${extra}`);
      expect(res.status).toBe(200);
      return res.body.data as { id: string; title: string }[];
    };
    const titles = (rows: { title: string }[]) => rows.map((b) => b.title);
    const all = await list(member.token);
    expect(titles(all)).toEqual(['걸친 회의', '내부 회의', '남의 회의']);
    expect(titles(await list(member.token, `&roomId=${roomId}`))).toEqual(['걸친 회의', '남의 회의']);
    // Mine: organized by me, or I am an attendee (matched by address whatever its case).
    expect(titles(await list(member.token, '&mine=true'))).toEqual(['걸친 회의', '내부 회의']);
    expect(titles(await list(other.token, '&mine=true'))).toEqual(['남의 회의']);
    expect(titles(await list(member.token, '&includeCancelled=true'))).toEqual(['걸친 회의', '내부 회의', '남의 회의', '취소된 회의']);
    expect(titles(await list(member.token, `&includeCancelled=true&mine=true&roomId=${roomId}`))).toEqual(['걸친 회의', '취소된 회의']);

    // Each listed booking is what GET of that booking answers for the same caller, field for field (rights included).
    for (const token of [member.token, owner.token, other.token]) {
      for (const b of await list(token, '&includeCancelled=true')) {
        const one = await api(t, token)('GET', `${base}/bookings/${b.id}`);
        expect(one.status).toBe(200);
        expect(b).toEqual(one.body.data);
      }
    }
    const byId = new Map(all.map((b) => [b.id, b as Record<string, unknown>]));
    expect(byId.get(spanning)).toMatchObject({ startsAt: iso(start, -120), endsAt: iso(start, 30), canEdit: true, checkedInAt: null, seriesId: null });
    expect(byId.get(inside)).toMatchObject({ canEdit: false, canWriteMinutes: true, organizer: { id: owner.id, name: '김소유' } });
    expect(byId.get(others)).toMatchObject({ canEdit: false, canWriteMinutes: false, agenda: '줄1\n"인용" \\ 끝' });
  });

  it('books the free occurrences of a weekly series and lists the conflicting ones', async () => {
    const { owner, member, base, roomId } = await seedWithRoom(t);
    const start = seoulWeekday(3, 1, 14);
    await api(t, owner.token)('POST', `${base}/bookings`, { roomId, title: '선점', startsAt: iso(start, 7 * 24 * 60), endsAt: iso(start, 7 * 24 * 60 + 30) });
    const until = new Date(start.getTime() + 9 * 3_600_000 + 21 * 86_400_000).toISOString().slice(0, 10);
    const res = await api(t, member.token)('POST', `${base}/bookings`, {
      roomId,
      title: '스탠드업',
      startsAt: iso(start),
      endsAt: iso(start, 30),
      recurrence: { freq: 'weekly', until },
    });
    expect(res.status).toBe(201);
    expect(res.body.created).toHaveLength(3);
    expect(res.body.skipped).toHaveLength(1);
    expect(res.body.skipped[0].reason).toContain('대회의실');
    expect(res.body.leftOut).toEqual([]);
    expect(new Set(res.body.created.map((b: { seriesId: string }) => b.seriesId)).size).toBe(1);
    // Cancelling "this and the following" from the second occurrence leaves only the first.
    const second = res.body.created[1].id as string;
    const cancel = await api(t, member.token)('DELETE', `${base}/bookings/${second}?scope=following`);
    expect(cancel).toMatchObject({ status: 200, body: { message: m.cancelledSeries(2) } });
    const left = await api(t, member.token)('GET', `${base}/bookings?from=${iso(start, -60)}&to=${iso(start, 30 * 24 * 60)}`);
    expect(left.body.data.map((b: { title: string }) => b.title)).toEqual(['스탠드업', '선점']);
  });

  it('tries at most 100 occurrences of a series and reports, from the server, the dates past the cap', async () => {
    const { owner, base, roomId } = await seedWithRoom(t);
    const start = seoulWeekday(2, 1, 8);
    const day = (n: number) => new Date(start.getTime() + 9 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
    const res = await api(t, owner.token)('POST', `${base}/bookings`, {
      roomId,
      title: '매일 점검',
      startsAt: iso(start),
      endsAt: iso(start, 15),
      recurrence: { freq: 'daily', until: day(103) },
    });
    expect(res.status).toBe(201);
    // 100 tried (booked, or skipped where the room is closed), the 4 dates after them reported as left out.
    expect(res.body.created.length + res.body.skipped.length).toBe(100);
    expect(res.body.leftOut).toEqual([day(100), day(101), day(102), day(103)]);
    expect(res.body.message).toBe(m.createdSome(res.body.created.length, res.body.skipped.length + 4));
  });

  it('enforces who edits, cancels and writes minutes; mails minutes to attendees; logs every step', async () => {
    const { owner, member, base, roomId } = await seedWithRoom(t);
    const other = await signedIn(t, { fullName: '박참석' });
    const { addMember } = await import('../seeds/seeds.repository.ts');
    await addMember(t.database.db, base.split('/')[3]!, other.id, 'member');
    const start = seoulWeekday(4, 2, 9);
    const created = await api(t, member.token)('POST', `${base}/bookings`, {
      roomId,
      title: '기획 회의',
      startsAt: iso(start),
      endsAt: iso(start, 60),
      attendees: [other.email],
    });
    const id = created.body.data.id as string;
    const byAttendee = api(t, other.token);
    expect(await byAttendee('PATCH', `${base}/bookings/${id}`, { title: '바꿈' })).toMatchObject({ status: 403, body: { error: m.organizerOnly } });
    const minutes = await byAttendee('PATCH', `${base}/bookings/${id}`, { minutes: '결정: 출시 연기' });
    expect(minutes).toMatchObject({ status: 200, body: { data: { minutes: '결정: 출시 연기' } } });
    // Saving minutes mails nobody; the explicit "send minutes" action does, once per 10 minutes.
    expect((await mailsTo(t.database.db, other.email)).find((x) => x.subject.includes('[회의록]'))).toBeUndefined();
    expect(await byAttendee('POST', `${base}/bookings/${id}/minutes/send`)).toMatchObject({ status: 200, body: { message: ko.security.minutesSent(1) } });
    const mail = (await mailsTo(t.database.db, other.email)).find((x) => x.subject.includes('[회의록]'));
    expect(mail?.text).toContain('결정: 출시 연기');
    expect((await byAttendee('POST', `${base}/bookings/${id}/minutes/send`)).status).toBe(429);
    const outsider = await signedIn(t);
    await addMember(t.database.db, base.split('/')[3]!, outsider.id, 'member');
    expect((await api(t, outsider.token)('PATCH', `${base}/bookings/${id}`, { minutes: 'x' })).status).toBe(403);
    expect((await api(t, outsider.token)('DELETE', `${base}/bookings/${id}`)).status).toBe(403);

    const moved = await api(t, member.token)('PATCH', `${base}/bookings/${id}`, { startsAt: iso(start, 60), endsAt: iso(start, 120) });
    expect(moved.status).toBe(200);
    // Moving reschedules: the old jobs are cancelled, new ones wait for the new time.
    const rows = await roomJobsOf(t.database.db, { bookingId: id });
    expect(rows.map((r) => `${r.kind}:${r.status}`).sort()).toEqual([
      'rooms.release:cancelled',
      'rooms.release:pending',
      'rooms.reminder:cancelled',
      'rooms.reminder:pending',
    ]);
    const reminder = rows.find((r) => r.kind === 'rooms.reminder' && r.status === 'pending')!;
    expect(reminder.runAt.toISOString()).toBe(iso(start, 60 - 10));
    // A new lead time moves pending reminders.
    expect((await api(t, owner.token)('PATCH', `${base}/room-settings`, { reminderMinutes: 30 })).status).toBe(200);
    const after = (await roomJobsOf(t.database.db, { bookingId: id, kind: 'rooms.reminder' })).filter((r) => r.status === 'pending');
    expect(after.map((r) => r.runAt.toISOString())).toEqual([iso(start, 60 - 30)]);
    const ics = await t.app.inject({ url: `${base}/bookings/${id}/ics`, headers: { authorization: `Bearer ${member.token}` } });
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('SUMMARY:기획 회의');
    // An admin (here the owner) may cancel someone else's booking.
    expect((await api(t, owner.token)('DELETE', `${base}/bookings/${id}`)).status).toBe(200);
    expect((await api(t, owner.token)('DELETE', `${base}/bookings/${id}`)).status).toBe(409);
    const again = await api(t, owner.token)('POST', `${base}/bookings`, { roomId, title: '빈자리', startsAt: iso(start, 60), endsAt: iso(start, 120) });
    expect(again.status).toBe(201);

    const logs = await api(t, member.token)('GET', `${base}/booking-logs`);
    expect(logs.body.data.map((l: { action: string }) => l.action).slice(0, 5)).toEqual(['create', 'cancel', 'move', 'minutes_sent', 'minutes']);
    const stats = await api(t, member.token)('GET', `${base}/bookings/stats?from=${iso(start, -60)}&to=${iso(start, 600)}`);
    expect(stats.body.byRoom[0]).toMatchObject({ name: '대회의실', minutes: 60, bookings: 1 });
    expect(stats.body.byPersonRoom).toEqual([{ userId: owner.id, roomId, minutes: 60, bookings: 1 }]);
  });

  it('answers bad input with a Korean 4xx, never a 500', async () => {
    const { owner, member, base, roomId } = await seedWithRoom(t);
    const other = await seedWithRoom(t);
    const start = seoulWeekday(8, 0, 10);
    const a = api(t, member.token);
    const ok = { roomId, title: '회의', startsAt: iso(start), endsAt: iso(start, 30) };
    // [method, url, body, [status, code, field of the first validation detail (undefined: none)]]
    const cases: [string, string, unknown, [number, string, string | undefined]][] = [
      ['POST', `${base}/bookings`, { ...ok, attendees: ['not-an-email'] }, [400, 'VALIDATION_FAILED', 'attendees.0']],
      ['POST', `${base}/bookings`, { ...ok, startsAt: '2026-13-40T10:00:00Z' }, [400, 'VALIDATION_FAILED', 'startsAt']],
      ['POST', `${base}/bookings`, { ...ok, startsAt: iso(start, 0).replace('.000Z', '.500Z') }, [400, 'VALIDATION_FAILED', 'startsAt']],
      ['POST', `${base}/bookings`, { ...ok, endsAt: iso(start, 13 * 60) }, [400, 'VALIDATION_FAILED', 'endsAt']],
      ['POST', `${base}/bookings`, { ...ok, recurrence: { freq: 'monthly', until: '2027-01-01' } }, [400, 'VALIDATION_FAILED', 'recurrence.freq']],
      ['POST', `${base}/bookings`, { ...ok, recurrence: { freq: 'weekly', until: '2020-01-01' } }, [400, 'VALIDATION_FAILED', undefined]],
      ['POST', `${base}/bookings`, { ...ok, roomId: other.roomId }, [404, 'NOT_FOUND', undefined]],
      [
        'POST',
        `${base}/bookings`,
        { ...ok, startsAt: iso(new Date(Date.UTC(2020, 0, 6, 1))), endsAt: iso(new Date(Date.UTC(2020, 0, 6, 2))) },
        [400, 'VALIDATION_FAILED', undefined],
      ],
      ['POST', `/api/seeds/not-a-uuid/bookings`, ok, [400, 'VALIDATION_FAILED', 'seedId']],
      ['GET', `${base}/bookings?from=yesterday&to=today`, undefined, [400, 'VALIDATION_FAILED', 'from']],
      ['GET', `${base}/bookings?from=${iso(start)}&to=${iso(start, 70 * 24 * 60)}`, undefined, [400, 'VALIDATION_FAILED', 'to']],
      ['GET', `${base}/free-rooms?from=${iso(start)}&to=${iso(start, 30)}&capacity=many`, undefined, [400, 'VALIDATION_FAILED', 'capacity']],
      ['GET', `${base}/bookings/stats?from=${iso(start)}&to=${iso(start, -60)}`, undefined, [400, 'VALIDATION_FAILED', 'to']],
      ['GET', `${base}/booking-logs?limit=100000`, undefined, [400, 'VALIDATION_FAILED', 'limit']],
      ['PATCH', `${base}/bookings/${crypto.randomUUID()}`, { title: 'x' }, [404, 'NOT_FOUND', undefined]],
      ['PATCH', `${base}/room-settings`, { reminderMinutes: -1 }, [400, 'VALIDATION_FAILED', 'reminderMinutes']],
      ['PATCH', `${base}/rooms/${roomId}`, {}, [400, 'VALIDATION_FAILED', 'body']],
      ['GET', '/api/calendar-feeds/short.ics', undefined, [400, 'VALIDATION_FAILED', 'token']],
    ];
    for (const [method, url, body, [status, code, field]] of cases) {
      const res = await a(method as 'GET', url, body);
      const label = `${method} ${url} ${JSON.stringify(body)}`;
      expect([res.status, res.body.code, res.body.details?.[0]?.path], label).toEqual([status, code, field]);
      expect(res.body.error, label).toMatch(/[가-힣]/);
    }
    // A move by only one end that would reverse the booking, and an inactive room.
    const made = await a('POST', `${base}/bookings`, ok);
    expect((await a('PATCH', `${base}/bookings/${made.body.data.id}`, { endsAt: iso(start, -15) })).status).toBe(400);
    await api(t, owner.token)('PATCH', `${base}/rooms/${roomId}`, { active: false });
    expect(await a('POST', `${base}/bookings`, { ...ok, startsAt: iso(start, 60), endsAt: iso(start, 90) })).toMatchObject({
      status: 409,
      body: { error: m.roomInactive },
    });
  });

  it('gives a private calendar feed that stops working when revoked', async () => {
    const { member, base, roomId } = await seedWithRoom(t);
    const start = seoulWeekday(5, 3, 11);
    await api(t, member.token)('POST', `${base}/bookings`, { roomId, title: '피드 회의', startsAt: iso(start), endsAt: iso(start, 30) });
    const made = await api(t, member.token)('POST', '/api/me/calendar-feed');
    expect(made.status).toBe(201);
    const path = new URL(made.body.url).pathname;
    const feed = await t.app.inject({ url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('SUMMARY:피드 회의');
    await api(t, member.token)('DELETE', '/api/me/calendar-feed');
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
  });
});
