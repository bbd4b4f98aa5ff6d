import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestApp } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { iso, seedWithRoom, seoulWeekday } from '../rooms/testing/rooms-test-kit.ts';
import { startFakeCalDav } from './testing/fake-caldav.ts';
import { APP_HOST, bookingsOf, drainJobs, roomEmail, syncNow } from './testing/calendar-sync-kit.ts';

/** The VEVENT of a stored resource, read by a real iCalendar parser. */
function vevent(ics: string) {
  return new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
}
const attendeesOf = (ics: string) =>
  vevent(ics)
    .getAllProperties('attendee')
    .map((p) => ({
      email: String(p.getFirstValue()).replace(/^mailto:/i, ''),
      partstat: p.getParameter('partstat'),
      comment: p.getParameter('x-response-comment'),
    }));

/** Two-way sync with a fake CalDAV server (discovery, sync-collection, ETags) on loopback. */
describe.each(dbKinds)('calendar sync with CalDAV (%s)', (kind) => {
  let t: TTestApp;
  let dav: Awaited<ReturnType<typeof startFakeCalDav>>;
  let ctx: Awaited<ReturnType<typeof seedWithRoom>>;
  let connectionId: string;

  beforeAll(async () => {
    dav = await startFakeCalDav({ username: 'member', password: 'app-password-1', email: 'member@example.test' });
    t = await createTestApp(kind, { env: { APP_URL: `http://${APP_HOST}`, ALLOW_PRIVATE_URLS: 'true' }, jobs: false });
    ctx = await seedWithRoom(t);
  });
  afterAll(async () => {
    await t?.close();
    await dav?.close();
  });

  it('connects by discovery; a wrong app password is refused in Korean and nothing is stored', async () => {
    const bad = await api(t, ctx.member.token)('POST', '/api/calendar-sync/caldav', { serverUrl: `${dav.origin}/`, username: 'member', password: 'wrong' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('앱 비밀번호');
    const invalid = await api(t, ctx.member.token)('POST', '/api/calendar-sync/caldav', { serverUrl: 'ftp://x', username: '', password: '' });
    expect(invalid.status).toBe(400);
    const ok = await api(t, ctx.member.token)('POST', '/api/calendar-sync/caldav', {
      serverUrl: `${dav.origin}/`,
      username: 'member',
      password: 'app-password-1',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ provider: 'caldav', calendarUrl: dav.calendarUrl, accountEmail: 'member@example.test' });
    expect(JSON.stringify(ok.body)).not.toContain('app-password-1');
    connectionId = ok.body.data.id as string;
  });

  it('a booking made here is PUT there with ATTENDEE lines; a move updates it (If-Match) and a cancel deletes it', async () => {
    const start = seoulWeekday(1, 3, 11);
    const made = await api(t, ctx.member.token)('POST', `${ctx.base}/bookings`, {
      roomId: ctx.roomId,
      title: 'CalDAV 회의',
      startsAt: iso(start),
      endsAt: iso(start, 30),
      attendees: ['guest@example.test'],
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id as string;
    await drainJobs(t);
    const href = `/calendars/user/work/suite-${id}.ics`;
    const ics = dav.get(href)!;
    expect(vevent(ics).getFirstPropertyValue('summary')).toBe('CalDAV 회의');
    expect((vevent(ics).getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(iso(start));
    expect(attendeesOf(ics)).toEqual([
      { email: 'guest@example.test', partstat: 'NEEDS-ACTION', comment: undefined },
      { email: roomEmail(ctx.roomId), partstat: 'ACCEPTED', comment: undefined },
    ]);

    expect((await api(t, ctx.member.token)('PATCH', `${ctx.base}/bookings/${id}`, { startsAt: iso(start, 60), endsAt: iso(start, 90) })).status).toBe(200);
    await drainJobs(t);
    expect((vevent(dav.get(href)!).getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(iso(start, 60));
    expect(vevent(dav.get(href)!).getFirstPropertyValue('sequence')).toBe(1);
    expect((await syncNow(t, ctx.member.token, connectionId)).body.changes).toBe(0);

    expect((await api(t, ctx.member.token)('DELETE', `${ctx.base}/bookings/${id}`)).status).toBe(200);
    await drainJobs(t);
    expect(dav.get(href)).toBeUndefined();
  });

  it('an event there that invites the room books it here; a taken slot gets PARTSTAT=DECLINED with the reason', async () => {
    const start = seoulWeekday(2, 3, 15);
    const first = dav.actCreate({
      summary: '앱에서 잡은 회의',
      start,
      end: new Date(start.getTime() + 3_600_000),
      attendees: [roomEmail(ctx.roomId), 'guest@example.test'],
    });
    const clash = dav.actCreate({ summary: '겹치는 회의', start, end: new Date(start.getTime() + 30 * 60_000), attendees: [roomEmail(ctx.roomId)] });
    const r = await syncNow(t, ctx.member.token, connectionId);
    expect(r.body.changes).toBe(2);
    await drainJobs(t);
    const here = (await bookingsOf(t, ctx.member.token, ctx.base)).filter((b) => b.startsAt === iso(start) && b.status === 'confirmed');
    expect(here.map((b) => b.title)).toEqual(['앱에서 잡은 회의']);
    const room = (href: string) => attendeesOf(dav.get(href)!).find((a) => a.email === roomEmail(ctx.roomId))!;
    expect(room(first).partstat).toBe('ACCEPTED');
    expect(room(clash)).toMatchObject({ partstat: 'DECLINED' });
    expect(room(clash).comment).toContain('대회의실');
    // The booking made from the invitation is not written a second time as a suite event.
    expect(dav.live().filter((x) => x.href.includes('suite-'))).toHaveLength(0);

    // A move there moves it here; a delete there cancels it here.
    dav.actMove(first, new Date(start.getTime() + 2 * 3_600_000), new Date(start.getTime() + 3 * 3_600_000));
    await syncNow(t, ctx.member.token, connectionId);
    const moved = (await bookingsOf(t, ctx.member.token, ctx.base)).filter((b) => b.title === '앱에서 잡은 회의' && b.status === 'confirmed');
    expect(moved.map((b) => b.startsAt)).toEqual([iso(start, 120)]);
    dav.actDelete(first);
    await syncNow(t, ctx.member.token, connectionId);
    expect((await bookingsOf(t, ctx.member.token, ctx.base)).filter((b) => b.title === '앱에서 잡은 회의' && b.status === 'confirmed')).toHaveLength(0);
  });

  it('a move made here of a booking that came from there moves the event there; a cancel here declines the room', async () => {
    const start = seoulWeekday(3, 4, 10);
    const href = dav.actCreate({ summary: '여기서 옮길 회의', start, end: new Date(start.getTime() + 3_600_000), attendees: [roomEmail(ctx.roomId)] });
    await syncNow(t, ctx.member.token, connectionId);
    const b = (await bookingsOf(t, ctx.member.token, ctx.base)).find((x) => x.title === '여기서 옮길 회의')!;
    expect((await api(t, ctx.member.token)('PATCH', `${ctx.base}/bookings/${b.id}`, { startsAt: iso(start, 30), endsAt: iso(start, 90) })).status).toBe(200);
    await drainJobs(t);
    expect((vevent(dav.get(href)!).getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(iso(start, 30));
    expect((await syncNow(t, ctx.member.token, connectionId)).body.changes).toBe(0);
    expect((await api(t, ctx.member.token)('DELETE', `${ctx.base}/bookings/${b.id}`)).status).toBe(200);
    await drainJobs(t);
    expect(attendeesOf(dav.get(href)!).find((a) => a.email === roomEmail(ctx.roomId))!.partstat).toBe('DECLINED');
  });

  it('disconnect removes the connection; a stranger cannot sync or remove it', async () => {
    const stranger = await api(t, ctx.owner.token)('POST', `/api/calendar-sync/connections/${connectionId}/sync`);
    expect(stranger.status).toBe(404);
    expect((await api(t, ctx.owner.token)('DELETE', `/api/calendar-sync/connections/${connectionId}`)).status).toBe(404);
    expect((await api(t, ctx.member.token)('DELETE', `/api/calendar-sync/connections/${connectionId}`)).status).toBe(200);
    expect((await api(t, ctx.member.token)('GET', '/api/calendar-sync/connections')).body.data).toEqual([]);
  });
});
