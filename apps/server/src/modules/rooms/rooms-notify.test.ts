import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, movableClock, type TTestApp } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { deliveriesOf, inboxOf, runAllDue, setChannels } from '../notifications/testing/notices-test-kit.ts';
import { mailsTo, seedWithRoom } from './testing/rooms-test-kit.ts';

/** Monday 2030-01-07 12:00 in Seoul (03:00 UTC): outside the default quiet hours. */
const NOON_SEOUL = Date.parse('2030-01-07T03:00:00Z');

describe.each(dbKinds)('booking notices on %s', (kind) => {
  const clock = movableClock(NOON_SEOUL);
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now, jobs: false });
  });
  afterAll(async () => t?.close());

  /** A meeting an hour from the clock, reminded 10 minutes before; the clock moved to the reminder and jobs run. */
  async function remindedMeeting(title: string) {
    const s = await seedWithRoom(t);
    expect((await api(t, s.owner.token)('PATCH', `${s.base}/room-settings`, { reminderMinutes: 10 })).status).toBe(200);
    // On a whole hour (bookings start on 15-minute steps), 60 to 120 minutes from the clock.
    const start = new Date(Math.ceil((clock.now().getTime() + 60 * 60_000) / 3_600_000) * 3_600_000);
    const made = await api(t, s.member.token)('POST', `${s.base}/bookings`, {
      roomId: s.roomId,
      title,
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 30 * 60_000).toISOString(),
      attendees: [s.owner.email, `guest-${title.length}-${Date.now()}@example.com`],
      agenda: '분기 계획',
    });
    expect(made.status).toBe(201);
    return { ...s, start, bookingId: made.body.data.id as string, guest: made.body.data.attendees[1].email as string };
  }

  async function fireReminder(start: Date) {
    clock.advance(start.getTime() - 5 * 60_000 - clock.now().getTime());
    await runAllDue(t);
  }

  it('a reminder reaches the organizer and member attendees as a notice with a link; an outside address by mail', async () => {
    const m = await remindedMeeting('주간 회의');
    await fireReminder(m.start);
    const link = `/admin/services/schedule?date=${new Date(m.start.getTime() + 9 * 3_600_000).toISOString().slice(0, 10)}&booking=${m.bookingId}`;
    for (const p of [m.member, m.owner]) {
      const notices = (await inboxOf(t, p.token)).filter((n) => n.event === 'rooms.reminder');
      expect(notices.map((n) => [n.seedId, n.link, n.read])).toEqual([[m.seedId, link, false]]);
      expect(notices[0]!.title).toMatch(/^회의 알림: 주간 회의 · /);
      expect(notices[0]!.body).toContain('분기 계획');
      const mails = (await mailsTo(t.database.db, p.email)).filter((x) => x.subject.includes('회의 알림'));
      expect(mails.map((x) => x.subject)).toEqual([`[컴퍼니 툴즈] ${notices[0]!.title}`]);
      expect(mails[0]!.text).toContain(`${t.config.appUrl}${link}`);
    }
    // The outside address has no account: the reminder mail of before, once.
    const guest = await mailsTo(t.database.db, m.guest);
    expect(guest.map((x) => x.subject.startsWith('[회의 알림] 주간 회의'))).toEqual([true]);
    // Run again: nothing more (the reminder job is done, the notices are written once).
    expect(await runAllDue(t)).toBe(0);
  });

  it('turning a channel off for an event stops that channel only', async () => {
    const m = await remindedMeeting('채널 회의');
    // The attendee turns mail off for reminders; the console stays on.
    await setChannels(t, m.owner.token, 'rooms.reminder', { mail: false });
    await fireReminder(m.start);
    expect((await inboxOf(t, m.owner.token)).filter((n) => n.event === 'rooms.reminder')).toHaveLength(1);
    expect((await mailsTo(t.database.db, m.owner.email)).filter((x) => x.subject.includes('회의 알림'))).toHaveLength(0);
    expect(await deliveriesOf(t.database.db, m.owner.id, 'rooms.reminder')).toEqual(['inApp:sent']);
    // The organizer kept both.
    expect(await deliveriesOf(t.database.db, m.member.id, 'rooms.reminder')).toEqual(['inApp:sent', 'mail:sent']);
    expect((await mailsTo(t.database.db, m.member.email)).filter((x) => x.subject.includes('회의 알림'))).toHaveLength(1);
  });
});
