/**
 * Abandoned series (issue 37): a recurring booking auto-released N times in a row (N per seed, default 2) warns its
 * organizer; the next miss releases the remaining occurrences with the reason, and the history says so. A check-in
 * ends the run. The test moves the app's clock from one weekly occurrence to the next and runs the due jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koRoomsRules } from '@suite/shared/messages/ko-rooms-rules';
import { createTestApp, dbKinds, movableClock, type TClock, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { call, loginAs } from '../auth/testing/auth-test-kit.ts';
import { inboxOf, runAllDue } from '../notifications/testing/notices-test-kit.ts';
import { iso, roomJobsOf, seedWithRoom } from './testing/rooms-test-kit.ts';

const WEEK = 7 * 86_400_000;
const MIN = 60_000;
const rr = koRoomsRules;
const seoulDate = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 10);

describe.each(dbKinds)('abandoned series on %s', (kind) => {
  let t: TTestContext;
  let clock: TClock;
  beforeAll(async () => {
    clock = movableClock();
    t = await createTestApp(kind, { jobs: false, now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const moveTo = (ms: number) => clock.advance(ms - clock.now().getTime());
  /** A fresh token on the moved clock (sessions of weeks ago have expired). */
  const tokenOf = async (email: string) => (await loginAs(t, email)).tokens.access_token;

  /** A weekly 30-minute series of `count` occurrences from the next free step an hour ahead on the app's clock. */
  async function weeklySeries(count: number) {
    const kit = await seedWithRoom(t);
    // The next 15-minute step an hour ahead on the app's clock; at Seoul midnight when the meeting would cross it.
    let start = Math.ceil((clock.now().getTime() + 60 * MIN) / (15 * MIN)) * 15 * MIN;
    if (seoulDate(start) !== seoulDate(start + 30 * MIN - 1)) start = Date.parse(`${seoulDate(start + 30 * MIN - 1)}T00:00:00+09:00`);
    const made = await api(t, kit.member.token)('POST', `${kit.base}/bookings`, {
      roomId: kit.roomId,
      title: '주간 회고',
      startsAt: iso(new Date(start)),
      endsAt: iso(new Date(start), 30),
      recurrence: { freq: 'weekly', until: seoulDate(start + (count - 1) * WEEK) },
    });
    expect(made.status).toBe(201);
    const ids = (made.body.created as { id: string }[]).map((b) => b.id);
    expect(ids).toHaveLength(count);
    return { ...kit, start, ids };
  }

  const statuses = async (base: string, email: string, start: number, count: number) => {
    const list = await api(t, await tokenOf(email))(
      'GET',
      `${base}/bookings?from=${iso(new Date(start - MIN))}&to=${iso(new Date(start + count * WEEK))}&includeCancelled=true`,
    );
    return (list.body.data as { status: string; releaseReason: string | null }[]).map((b) => b.status);
  };

  it('warns after N (2) misses in a row, releases the rest after the next one, and a check-in resets the count', async () => {
    const { member, base, start, ids } = await weeklySeries(6);
    const at = (k: number, plusMinutes: number) => start + k * WEEK + plusMinutes * MIN;

    // Week 0: nobody checks in — released (a miss).
    moveTo(at(0, 11));
    await runAllDue(t);
    // Week 1: checked in — the run starts over.
    moveTo(at(1, -5));
    expect((await api(t, await tokenOf(member.email))('POST', `${base}/bookings/${ids[1]}/check-in`)).status).toBe(200);
    moveTo(at(1, 11));
    await runAllDue(t);
    // Weeks 2 and 3: two misses in a row — the organizer is warned, nothing else is released yet.
    moveTo(at(2, 11));
    await runAllDue(t);
    moveTo(at(3, 11));
    await runAllDue(t);
    expect(await statuses(base, member.email, start, 6)).toEqual(['released', 'checked_in', 'released', 'released', 'confirmed', 'confirmed']);
    let token = await tokenOf(member.email);
    const warned = (await inboxOf(t, token)).filter((x) => x.title === rr.notices.seriesWarningTitle('주간 회고'));
    expect(warned).toHaveLength(1);
    expect(warned[0]!.body).toContain('2번 연속 체크인 없이');

    // Week 4: the third miss in a row releases the rest (week 5) with the reason, and cancels its jobs.
    moveTo(at(4, 11));
    await runAllDue(t);
    token = await tokenOf(member.email);
    const list = await api(t, token)('GET', `${base}/bookings?from=${iso(new Date(start - MIN))}&to=${iso(new Date(start + 6 * WEEK))}&includeCancelled=true`);
    const last = (list.body.data as { id: string; status: string; releaseReason: string | null }[]).find((b) => b.id === ids[5]);
    expect(last).toMatchObject({ status: 'released', releaseReason: rr.server.seriesReleaseReason(3) });
    expect(await statuses(base, member.email, start, 6)).toEqual(['released', 'checked_in', 'released', 'released', 'released', 'released']);
    expect((await roomJobsOf(t.database.db, { bookingId: ids[5]! })).map((j) => j.status)).toEqual(['cancelled', 'cancelled']);
    const releasedNotice = (await inboxOf(t, token)).filter((x) => x.title === rr.notices.seriesReleasedTitle('주간 회고'));
    expect(releasedNotice.map((x) => x.body)).toEqual([rr.notices.seriesReleasedBody('주간 회고', '대회의실', 3, 1)]);

    // The history on any occurrence of the series: every miss with its count, the warning and the release.
    const history = await call(t, { url: `${base}/bookings/${ids[0]}/history`, token });
    expect(history.status).toBe(200);
    expect(history.body.data.map((e: { action: string; detail: { misses: number } }) => `${e.action}:${e.detail.misses}`)).toEqual([
      'series_miss:1',
      'series_miss:1',
      'series_miss:2',
      'series_warning:2',
      'series_miss:3',
      'series_release:3',
    ]);
    expect(history.body.data[5].detail).toMatchObject({ count: 1, reason: rr.server.seriesReleaseReason(3) });
  });

  it('does nothing to the rest when the seed turns it off (0)', async () => {
    const { owner, member, base, start } = await weeklySeries(4);
    expect((await call(t, { method: 'PUT', url: `${base}/rooms/rules`, token: owner.token, body: { abandonAfter: 0 } })).status).toBe(200);
    for (let k = 0; k < 3; k++) {
      moveTo(start + k * WEEK + 11 * MIN);
      await runAllDue(t);
    }
    expect(await statuses(base, member.email, start, 4)).toEqual(['released', 'released', 'released', 'confirmed']);
    const notices = await inboxOf(t, await tokenOf(member.email));
    expect(notices.filter((x) => x.title.startsWith('반복 예약'))).toEqual([]);
  });
});
