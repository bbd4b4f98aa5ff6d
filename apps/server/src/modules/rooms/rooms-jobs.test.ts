import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, dbKinds, freshDatabase, movableClock, type TClock, type TTestContext } from '../../test/helpers.ts';
import type { TDatabase } from '../../db/client.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { iso, mailsTo, roomJobsOf, seedWithRoom, stepAhead, stepAheadSameDay } from './testing/rooms-test-kit.ts';

const seoulDate = (d: Date, plusMinutes = 0) => new Date(d.getTime() + plusMinutes * 60_000 + 9 * 3_600_000).toISOString().slice(0, 10);
import { adoptLegacyJobs } from './rooms.repository.ts';
import { inboxOf, openDeliveryJobs, quietHoursOff, runAllDue } from '../notifications/testing/notices-test-kit.ts';

/** The same secrets for every instance, as several instances of one deployment share them. */
const secrets = { AUTH_SECRET: randomBytes(48).toString('base64url'), ENCRYPTION_KEY: randomBytes(32).toString('base64') };

/** An instance on `database` whose job runner polls every `intervalMs` (0: never), sharing REDIS_URL when set. */
const appOn = (database: TDatabase, intervalMs: number, clock?: TClock): Promise<TTestContext> =>
  createTestApp(database.kind, { env: secrets, database, jobs: intervalMs, state: { redisUrl: process.env.REDIS_URL }, ...(clock ? { now: clock.now } : {}) });

const jobs = (database: TDatabase, kind: string) => roomJobsOf(database.db, { kind });
/** Reminder mails reach members through the notification service (subject '[컴퍼니 툴즈] 회의 알림: …'). */
const reminderMails = async (database: TDatabase, to: string) => (await mailsTo(database.db, to)).filter((x) => x.subject.includes('회의 알림: '));

/** The polling runners give no event to await: a bounded poll of the jobs table (vi.waitFor, 10 s). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe.each(dbKinds)('reminder and release jobs on %s', (kind) => {
  const open: { close: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const x of open.reverse()) await x.close();
  });

  it('fires a reminder once after a restart, none for a cancelled booking; two runners fire each once', async () => {
    const database = await freshDatabase(kind);
    open.push(database);
    // First instance: runner off, so nothing fires before the "restart".
    const first = await appOn(database, 0);
    const { owner, member, base, roomId } = await seedWithRoom(first);
    for (const p of [owner, member]) await quietHoursOff(first, p.token);
    // A lead time of a day makes the reminders of meetings later today due at once.
    expect((await api(first, owner.token)('PATCH', `${base}/room-settings`, { reminderMinutes: 1440 })).status).toBe(200);
    // Eleven meetings back to back from here (195 minutes), all on one Seoul day.
    const start = stepAheadSameDay(30, 195);
    const kept = await api(first, member.token)('POST', `${base}/bookings`, {
      roomId,
      title: '유지 회의',
      startsAt: iso(start),
      endsAt: iso(start, 15),
      attendees: [owner.email],
      agenda: '예산 검토',
    });
    expect(kept.status).toBe(201);
    const dropped = await api(first, member.token)('POST', `${base}/bookings`, {
      roomId,
      title: '취소 회의',
      startsAt: iso(start, 15),
      endsAt: iso(start, 30),
    });
    expect((await api(first, member.token)('DELETE', `${base}/bookings/${dropped.body.data.id}`)).status).toBe(200);
    await first.close();

    // Two new instances on the same database, both polling.
    const a = await appOn(database, 25);
    const b = await appOn(database, 25);
    open.push(a, b);
    await until(async () => (await jobs(database, 'rooms.reminder')).every((j) => j.status !== 'pending'), 'reminders');
    const reminders = await jobs(database, 'rooms.reminder');
    expect(reminders.find((j) => j.title === '유지 회의')?.status).toBe('done');
    expect(reminders.find((j) => j.title === '취소 회의')?.status).toBe('cancelled');
    await until(async () => (await openDeliveryJobs(database.db)) === 0, 'reminder mails');
    const toMember = await reminderMails(database, member.email);
    expect(toMember).toHaveLength(1);
    expect(toMember[0]!.subject).toContain('유지 회의');
    expect(toMember[0]!.text).toContain('예산 검토');
    expect(await reminderMails(database, owner.email)).toHaveLength(1);

    // Ten more bookings while both runners poll: still exactly one reminder each.
    const titles = Array.from({ length: 10 }, (_, i) => `동시 ${i}`);
    for (const [i, title] of titles.entries()) {
      const r = await api(a, member.token)('POST', `${base}/bookings`, { roomId, title, startsAt: iso(start, 30 + i * 15), endsAt: iso(start, 45 + i * 15) });
      expect(r.status).toBe(201);
    }
    await until(async () => (await jobs(database, 'rooms.reminder')).filter((j) => j.status === 'done').length === 11, 'ten reminders');
    await until(async () => (await openDeliveryJobs(database.db)) === 0, 'ten reminder mails');
    const all = await reminderMails(database, member.email);
    expect(all).toHaveLength(11);
    expect(new Set(all.map((x) => x.subject)).size).toBe(11);
  });

  it('releases a booking nobody checked in to, and keeps a checked-in one', async () => {
    const database = await freshDatabase(kind);
    open.push(database);
    const clock = movableClock();
    const app = await appOn(database, 25, clock);
    open.push(app);
    const { member, base, roomId } = await seedWithRoom(app);
    await quietHoursOff(app, member.token);
    // The next 15-minute step: check-in is already open (from 15 minutes before) and the release time is ahead.
    const start = stepAhead(0);
    const b = await api(app, member.token)('POST', `${base}/bookings`, { roomId, title: '참석', startsAt: iso(start), endsAt: iso(start, 15) });
    const a = await api(app, member.token)('POST', `${base}/bookings`, { roomId, title: '노쇼', startsAt: iso(start, 30), endsAt: iso(start, 45) });
    // Fine for the first, too early for the second.
    const checked = await api(app, member.token)('POST', `${base}/bookings/${b.body.data.id}/check-in`);
    expect(checked.body.error ?? checked.body.data.status).toBe('checked_in');
    expect((await api(app, member.token)('POST', `${base}/bookings/${a.body.data.id}/check-in`)).status).toBe(409);
    // A release job run before its booking's release time does nothing (a stale job of a moved meeting).
    await database.db.execute(sql`update jobs set run_at = now() - interval '1 hour' where kind = 'rooms.release'`);
    await until(async () => (await jobs(database, 'rooms.release')).every((j) => j.status === 'done'), 'early release jobs');
    const early = await api(app, member.token)('GET', `${base}/bookings?from=${iso(start, -60)}&to=${iso(start, 120)}`);
    expect(early.body.data.map((x: { status: string }) => x.status).sort()).toEqual(['checked_in', 'confirmed']);
    // Let the release time arrive on the app's clock, with a release job due.
    clock.advance(60 * 60_000);
    const [booked] = (await jobs(database, 'rooms.release')).filter((j) => j.title === '노쇼');
    await database.db.transaction((tx) =>
      app.app.jobs.enqueue(tx, { kind: 'rooms.release', key: `booking:${booked!.bookingId}`, payload: { bookingId: booked!.bookingId }, runAt: clock.now() }),
    );
    await until(async () => (await jobs(database, 'rooms.release')).every((j) => j.status === 'done'), 'release');
    const list = await api(app, member.token)('GET', `${base}/bookings?from=${iso(start, -60)}&to=${iso(start, 120)}`);
    const byTitle = Object.fromEntries(list.body.data.map((x: { title: string; status: string }) => [x.title, x.status]));
    expect(byTitle).toEqual({ 노쇼: 'released', 참석: 'checked_in' });
    const logs = await api(app, member.token)('GET', `${base}/booking-logs`);
    expect(logs.body.data[0]).toMatchObject({ action: 'release', actor: null, title: '노쇼' });
    // The organizer hears of it once, in the console and by mail, with a link to the booking.
    const released = (await inboxOf(app, member.token)).filter((n) => n.event === 'rooms.released');
    expect(released.map((n) => [n.title, n.link])).toEqual([
      ['회의실 예약이 자동 취소되었습니다: 노쇼', `/admin/services/schedule?date=${seoulDate(start, 30)}&booking=${booked!.bookingId}`],
    ]);
    await until(async () => (await openDeliveryJobs(database.db)) === 0, 'release mail');
    expect((await mailsTo(database.db, member.email)).filter((x) => x.subject.includes('자동 취소'))).toHaveLength(1);
  });

  it('hands pending room_jobs rows a previous release wrote over to the job runner, once', async () => {
    const database = await freshDatabase(kind);
    open.push(database);
    const app = await appOn(database, 0);
    open.push(app);
    const { owner, member, base, roomId } = await seedWithRoom(app);
    for (const p of [owner, member]) await quietHoursOff(app, p.token);
    // A lead time of a day: the reminder of a meeting an hour from now is due at once.
    expect((await api(app, owner.token)('PATCH', `${base}/room-settings`, { reminderMinutes: 1440 })).status).toBe(200);
    const start = stepAheadSameDay(60, 15);
    const made = await api(app, member.token)('POST', `${base}/bookings`, {
      roomId,
      title: '옛 버전 회의',
      startsAt: iso(start),
      endsAt: iso(start, 15),
      attendees: [owner.email],
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id as string;
    // What the previous release's code writes for its bookings: rows in room_jobs, due now.
    await database.db.execute(sql`delete from jobs where key = ${`booking:${id}`}`);
    await database.db.execute(
      sql`insert into room_jobs (booking_id, kind, run_at) values (${id}, 'reminder', now()), (${id}, 'auto_release', now() + interval '1 day')`,
    );
    expect(await adoptLegacyJobs(database.db)).toBe(2);
    expect(await adoptLegacyJobs(database.db)).toBe(0);
    const legacy = await database.db.execute(sql`select status from room_jobs where booking_id = ${id}`);
    expect((legacy as unknown as { rows: { status: string }[] }).rows.map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    expect((await roomJobsOf(database.db, { bookingId: id })).map((j) => `${j.kind}:${j.status}`).sort()).toEqual([
      'rooms.release:pending',
      'rooms.reminder:pending',
    ]);
    expect(await app.app.jobs.runDue()).toBe(1);
    // Its notices' mails, one each to the organizer and the attendee.
    expect(await runAllDue(app)).toBe(2);
    const reminders = await reminderMails(database, member.email);
    expect(reminders.map((x) => x.subject.includes('옛 버전 회의'))).toEqual([true]);
  });
});
