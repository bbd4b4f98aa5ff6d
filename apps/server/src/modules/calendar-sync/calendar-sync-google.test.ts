import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, type TTestApp } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { iso, seedWithRoom, seoulWeekday } from '../rooms/testing/rooms-test-kit.ts';
import { googleEventIdOf } from './google-calendar.ts';
import { startFakeGoogle } from './testing/fake-google-calendar.ts';
import { pollDue } from './sync-in.service.ts';
import { APP_HOST, bookingsOf, connectGoogle, drainJobs, linksOf, oauthCookieOf, roomEmail, syncDepsOf, syncNow } from './testing/calendar-sync-kit.ts';

/** Two-way sync with a fake Google Calendar (OAuth token endpoint and events API on loopback). */
describe.each(dbKinds)('calendar sync with Google (%s)', (kind) => {
  let t: TTestApp;
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  let ctx: Awaited<ReturnType<typeof seedWithRoom>>;
  let connectionId: string;
  const account = 'member@example.test';

  beforeAll(async () => {
    google = await startFakeGoogle({ clientId: 'cid', clientSecret: 'csecret', account });
    t = await createTestApp(kind, { env: { ...google.env, APP_URL: `http://${APP_HOST}` }, jobs: false });
    ctx = await seedWithRoom(t);
    connectionId = await connectGoogle(t, ctx.member.token);
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('keeps the refresh token sealed and out of every answer', async () => {
    const list = await api(t, ctx.member.token)('GET', '/api/calendar-sync/connections');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ provider: 'google', accountEmail: account, status: 'active' });
    expect(JSON.stringify(list.body)).not.toContain('refresh-');
    // A replayed state is refused.
    const start = await api(t, ctx.member.token)('POST', '/api/calendar-sync/google/start');
    const state = new URL(start.body.url as string).searchParams.get('state')!;
    expect(new URL(start.body.url as string).searchParams.get('scope')).toContain('https://www.googleapis.com/auth/calendar.events');
    const cookie = oauthCookieOf(start.headers);
    const first = await t.app.inject({ method: 'GET', url: `/api/calendar-sync/google/callback?code=good-code&state=${state}`, headers: { cookie } });
    expect(first.headers.location).toBe('/admin/services/schedule/settings?calendar=connected');
    const again = await t.app.inject({ method: 'GET', url: `/api/calendar-sync/google/callback?code=good-code&state=${state}`, headers: { cookie } });
    expect(again.headers.location).toBe('/admin/services/schedule/settings?calendar=failed');
  });

  it('the OAuth state completes only in the browser that started it (its cookie nonce)', async () => {
    const callback = (state: string, cookie?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/calendar-sync/google/callback?code=good-code&state=${encodeURIComponent(state)}`,
        ...(cookie ? { headers: { cookie } } : {}),
      });
    const begin = async (token: string) => {
      const r = await api(t, token)('POST', '/api/calendar-sync/google/start');
      expect(r.status).toBe(200);
      return { state: new URL(r.body.url as string).searchParams.get('state')!, cookie: oauthCookieOf(r.headers), raw: String(r.headers['set-cookie']) };
    };
    const mine = await begin(ctx.member.token);
    expect(mine.raw).toMatch(/^calendar_oauth=[A-Za-z0-9_-]{32}; Path=\/api\/calendar-sync; Max-Age=600; HttpOnly; SameSite=Lax$/);

    // The owner starts a flow and sends the member its address: the member's browser has no cookie, or its own one.
    const theirs = await begin(ctx.owner.token);
    const ownerConnections = async () => (await api(t, ctx.owner.token)('GET', '/api/calendar-sync/connections')).body.data as unknown[];
    const noCookie = await callback(theirs.state);
    expect(noCookie.headers.location).toBe('/admin/services/schedule/settings?calendar=failed');
    const wrong = await callback(theirs.state, mine.cookie);
    expect(wrong.headers.location).toBe('/admin/services/schedule/settings?calendar=failed');
    expect(String(wrong.headers['set-cookie'])).toMatch(/^calendar_oauth=; Path=\/api\/calendar-sync; Max-Age=0; HttpOnly; SameSite=Lax$/);
    const forged = await callback(theirs.state, 'calendar_oauth=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(forged.headers.location).toBe('/admin/services/schedule/settings?calendar=failed');
    expect(await ownerConnections()).toHaveLength(0);

    // The owner's own browser, with its cookie, still completes it (the refused attempts claimed nothing).
    const right = await callback(theirs.state, theirs.cookie);
    expect(right.headers.location).toBe('/admin/services/schedule/settings?calendar=connected');
    const [conn] = (await ownerConnections()) as { id: string }[];
    expect(conn).toBeDefined();
    // The rest of this file works with the member's connection only.
    expect((await api(t, ctx.owner.token)('DELETE', `/api/calendar-sync/connections/${conn!.id}`)).status).toBe(200);
  });

  it('a booking made here shows up there with its attendees and the room; a move and a cancel follow', async () => {
    const start = seoulWeekday(1, 0, 10);
    const made = await api(t, ctx.member.token)('POST', `${ctx.base}/bookings`, {
      roomId: ctx.roomId,
      title: '주간 회의',
      startsAt: iso(start),
      endsAt: iso(start, 60),
      attendees: ['guest@example.test'],
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id as string;
    await drainJobs(t);
    const ev = google.event(googleEventIdOf(id))!;
    expect(ev).toMatchObject({ status: 'confirmed', summary: '주간 회의', start: { dateTime: iso(start) }, end: { dateTime: iso(start, 60) } });
    expect(ev.attendees?.map((a) => a.email)).toEqual(['guest@example.test', roomEmail(ctx.roomId)]);
    expect(ev.attendees?.[1]).toMatchObject({ resource: true, responseStatus: 'accepted' });

    const moved = await api(t, ctx.member.token)('PATCH', `${ctx.base}/bookings/${id}`, { startsAt: iso(start, 120), endsAt: iso(start, 180) });
    expect(moved.status).toBe(200);
    await drainJobs(t);
    expect(google.event(googleEventIdOf(id))!.start?.dateTime).toBe(iso(start, 120));
    // Our own write read back by the next sync changes nothing here.
    expect((await syncNow(t, ctx.member.token, connectionId)).body.changes).toBe(0);
    expect((await bookingsOf(t, ctx.member.token, ctx.base)).find((b) => b.id === id)).toMatchObject({ status: 'confirmed', startsAt: iso(start, 120) });

    expect((await api(t, ctx.member.token)('DELETE', `${ctx.base}/bookings/${id}`)).status).toBe(200);
    await drainJobs(t);
    expect(google.event(googleEventIdOf(id))!.status).toBe('cancelled');
    expect(google.events().filter((e) => e.summary === '주간 회의')).toHaveLength(1);
  });

  it('an event there that invites the room books it here; a taken slot is declined there with the reason', async () => {
    const start = seoulWeekday(2, 1, 14);
    const first = google.actCreate({
      summary: '구글에서 잡은 회의',
      start,
      end: new Date(start.getTime() + 3_600_000),
      attendees: ['guest@example.test', roomEmail(ctx.roomId)],
    });
    const clash = google.actCreate({
      summary: '겹치는 회의',
      start: new Date(start.getTime() + 30 * 60_000),
      end: new Date(start.getTime() + 90 * 60_000),
      attendees: [roomEmail(ctx.roomId)],
    });
    const r = await syncNow(t, ctx.member.token, connectionId);
    expect(r.status).toBe(200);
    expect(r.body.changes).toBe(2);
    await drainJobs(t);

    const here = (await bookingsOf(t, ctx.member.token, ctx.base)).filter((b) => b.startsAt === iso(start) && b.status === 'confirmed');
    expect(here).toHaveLength(1);
    expect(here[0]).toMatchObject({ title: '구글에서 잡은 회의', roomId: ctx.roomId });
    expect(here[0]!.attendees.map((a) => a.email)).toEqual(['guest@example.test']);
    const room = (id: string) => google.event(id)!.attendees!.find((a) => a.email === roomEmail(ctx.roomId))!;
    expect(room(first.id).responseStatus).toBe('accepted');
    expect(room(clash.id).responseStatus).toBe('declined');
    expect(room(clash.id).comment).toContain('대회의실');
    expect(room(clash.id).comment).toMatch(/예약/);
    // The push of the booking made from the invitation does not write a second event.
    expect(google.events().filter((e) => e.summary === '구글에서 잡은 회의')).toHaveLength(1);
    expect(google.event(googleEventIdOf(here[0]!.id))).toBeUndefined();
  });

  it('a move and a cancel there move and cancel the booking here; a move onto a taken slot declines', async () => {
    const start = seoulWeekday(3, 2, 9);
    const ev = google.actCreate({ summary: '옮길 회의', start, end: new Date(start.getTime() + 3_600_000), attendees: [roomEmail(ctx.roomId)] });
    const blocker = await api(t, ctx.owner.token)('POST', `${ctx.base}/bookings`, {
      roomId: ctx.roomId,
      title: '선점',
      startsAt: iso(start, 240),
      endsAt: iso(start, 300),
    });
    expect(blocker.status).toBe(201);
    await syncNow(t, ctx.member.token, connectionId);
    const find = async () => (await bookingsOf(t, ctx.member.token, ctx.base)).filter((b) => b.title === '옮길 회의');

    google.actMove(ev.id, new Date(start.getTime() + 60 * 60_000), new Date(start.getTime() + 120 * 60_000));
    await syncNow(t, ctx.member.token, connectionId);
    await drainJobs(t);
    expect((await find()).filter((b) => b.status === 'confirmed').map((b) => b.startsAt)).toEqual([iso(start, 60)]);
    expect(google.event(ev.id)!.start?.dateTime).toBe(iso(start, 60));

    // Onto the owner's booking: declined there with the reason, the old slot freed here.
    google.actMove(ev.id, new Date(start.getTime() + 240 * 60_000), new Date(start.getTime() + 300 * 60_000));
    await syncNow(t, ctx.member.token, connectionId);
    await drainJobs(t);
    expect((await find()).filter((b) => b.status === 'confirmed')).toHaveLength(0);
    const roomAnswer = google.event(ev.id)!.attendees!.find((a) => a.email === roomEmail(ctx.roomId))!;
    expect(roomAnswer.responseStatus).toBe('declined');
    expect(roomAnswer.comment).toBeTruthy();

    // Moved again to a free slot: the room accepts and books it again; then deleted there: cancelled here.
    google.actMove(ev.id, new Date(start.getTime() + 420 * 60_000), new Date(start.getTime() + 480 * 60_000));
    await syncNow(t, ctx.member.token, connectionId);
    expect((await find()).filter((b) => b.status === 'confirmed').map((b) => b.startsAt)).toEqual([iso(start, 420)]);
    google.actDelete(ev.id);
    await syncNow(t, ctx.member.token, connectionId);
    expect((await find()).filter((b) => b.status === 'confirmed')).toHaveLength(0);
    const links = (await linksOf(t, connectionId)).filter((l) => l.remote_id === ev.id);
    expect(links).toEqual([expect.objectContaining({ origin: 'remote', state: 'cancelled' })]);
  });

  it("a room's answer that failed to reach the event is written by the next sync; the booking is made once", async () => {
    const start = seoulWeekday(4, 3, 16);
    const ev = google.actCreate({ summary: '답이 늦은 회의', start, end: new Date(start.getTime() + 3_600_000), attendees: [roomEmail(ctx.roomId)] });
    google.failNextPatches(1);
    const failed = await syncNow(t, ctx.member.token, connectionId);
    expect(failed.status).toBe(409);
    expect(failed.body.error).toContain('HTTP 503');
    expect((await api(t, ctx.member.token)('GET', '/api/calendar-sync/connections')).body.data[0]).toMatchObject({ status: 'error' });
    expect(google.event(ev.id)!.attendees![0]!.responseStatus).toBe('needsAction');
    expect((await syncNow(t, ctx.member.token, connectionId)).status).toBe(200);
    expect(google.event(ev.id)!.attendees![0]!.responseStatus).toBe('accepted');
    expect((await bookingsOf(t, ctx.member.token, ctx.base)).filter((b) => b.title === '답이 늦은 회의' && b.status === 'confirmed')).toHaveLength(1);
    expect((await api(t, ctx.member.token)('GET', '/api/calendar-sync/connections')).body.data[0]).toMatchObject({ status: 'active', lastError: null });
  });

  it('the poll schedule syncs a connection not synced for a minute, and leaves one synced just now alone', async () => {
    const start = seoulWeekday(5, 0, 11);
    google.actCreate({ summary: '폴링으로 잡은 회의', start, end: new Date(start.getTime() + 1_800_000), attendees: [roomEmail(ctx.roomId)] });
    await t.database.db.execute(sql`update calendar_connections set last_sync_at = now() - interval '2 minutes' where id = ${connectionId}`);
    expect(await pollDue(syncDepsOf(t))).toBe(1);
    expect((await bookingsOf(t, ctx.member.token, ctx.base)).filter((b) => b.title === '폴링으로 잡은 회의' && b.status === 'confirmed')).toHaveLength(1);
    expect(await pollDue(syncDepsOf(t))).toBe(0);
  });

  it('an expired sync token (410) falls back to a full listing without booking anything twice', async () => {
    const before = (await bookingsOf(t, ctx.member.token, ctx.base)).length;
    google.expireSyncTokens();
    const r = await syncNow(t, ctx.member.token, connectionId);
    expect(r.status).toBe(200);
    expect((await bookingsOf(t, ctx.member.token, ctx.base)).length).toBe(before);
    expect(ko.calendarSync.title).toBe('캘린더 연결');
  });
});
