import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, movableClock, type TClock, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { loginAs } from '../auth/testing/auth-test-kit.ts';
import { runAllDue } from '../notifications/testing/notices-test-kit.ts';
import { iso, seedWithRoom } from '../rooms/testing/rooms-test-kit.ts';
import { googleEventIdOf } from './google-calendar.ts';
import { startFakeGoogle } from './testing/fake-google-calendar.ts';
import { APP_HOST, connectGoogle } from './testing/calendar-sync-kit.ts';

const WEEK = 7 * 86_400_000;
const MIN = 60_000;
const seoulDate = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 10);

/**
 * An abandoned series (no check-in N + 1 times in a row) releases its remaining occurrences: they leave the
 * organiser's Google calendar like a single release does. The app's clock moves from one weekly occurrence to the next.
 */
describe.each(dbKinds)('calendar sync of an abandoned series (%s)', (kind) => {
  let t: TTestContext;
  let clock: TClock;
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  beforeAll(async () => {
    clock = movableClock();
    google = await startFakeGoogle({ clientId: 'cid', clientSecret: 'csecret', account: 'member@example.test' });
    t = await createTestApp(kind, { env: { ...google.env, APP_URL: `http://${APP_HOST}` }, jobs: false, now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('the occurrences released with the series are cancelled in the calendar', async () => {
    const kit = await seedWithRoom(t);
    await connectGoogle(t, kit.member.token);
    // Weekly, 30 minutes, 4 occurrences from the next 15-minute step an hour ahead (never across Seoul midnight).
    let start = Math.ceil((clock.now().getTime() + 60 * MIN) / (15 * MIN)) * 15 * MIN;
    if (seoulDate(start) !== seoulDate(start + 30 * MIN - 1)) start = Date.parse(`${seoulDate(start + 30 * MIN - 1)}T00:00:00+09:00`);
    const made = await api(t, kit.member.token)('POST', `${kit.base}/bookings`, {
      roomId: kit.roomId,
      title: '주간 점검',
      startsAt: iso(new Date(start)),
      endsAt: iso(new Date(start), 30),
      recurrence: { freq: 'weekly', until: seoulDate(start + 3 * WEEK) },
    });
    expect(made.status).toBe(201);
    const ids = (made.body.created as { id: string }[]).map((b) => b.id);
    expect(ids).toHaveLength(4);
    await runAllDue(t);
    expect(ids.map((id) => google.event(googleEventIdOf(id))?.status)).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);

    // Three misses in a row (the default N is 2): the third releases the last occurrence with the series.
    for (const week of [0, 1, 2]) {
      clock.advance(start + week * WEEK + 11 * MIN - clock.now().getTime());
      await runAllDue(t);
    }
    const token = (await loginAs(t, kit.member.email)).tokens.access_token;
    const list = await api(t, token)(
      'GET',
      `${kit.base}/bookings?from=${iso(new Date(start - MIN))}&to=${iso(new Date(start + 4 * WEEK))}&includeCancelled=true`,
    );
    const last = (list.body.data as { id: string; status: string; releaseReason: string | null }[]).find((b) => b.id === ids[3]);
    expect(last).toMatchObject({ status: 'released' });
    expect(last!.releaseReason).toBeTruthy();
    expect(ids.map((id) => google.event(googleEventIdOf(id))?.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
  });
});
