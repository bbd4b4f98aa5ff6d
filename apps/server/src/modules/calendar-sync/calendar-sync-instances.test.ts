import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, freshDatabase, type TTestApp } from '../../test/helpers.ts';
import { seedWithRoom, seoulWeekday } from '../rooms/testing/rooms-test-kit.ts';
import { startFakeGoogle } from './testing/fake-google-calendar.ts';
import { syncConnection } from './sync-in.service.ts';
import { APP_HOST, bookingsOf, connectGoogle, linksOf, roomEmail, syncDepsOf, syncNow } from './testing/calendar-sync-kit.ts';

/**
 * Two instances of the app on one database (and one Redis when REDIS_URL is set) sync the same connection at the same
 * moment: the invitation books the room once. Then both read the same change again with the lease and the sync
 * token cleared (as after a crash mid-sync): the link's unique key still keeps it to one booking.
 */
describe.each(dbKinds)('calendar sync on two instances (%s)', (kind) => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  it('two instances syncing at once create no duplicate', async () => {
    const google = await startFakeGoogle({ clientId: 'cid', clientSecret: 'csecret', account: 'member@example.test' });
    closers.push(google.close);
    const database = await freshDatabase(kind);
    closers.push(() => database.close());
    const env = {
      ...google.env,
      APP_URL: `http://${APP_HOST}`,
      AUTH_SECRET: randomBytes(48).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    const state = { redisUrl: process.env.REDIS_URL, prefix: `suite-test:${randomBytes(4).toString('hex')}:` };
    const instance = async (): Promise<TTestApp> => {
      const t = await createTestApp(kind, { env, database, jobs: false, state });
      closers.push(t.close);
      return t;
    };
    const a = await instance();
    const b = await instance();
    const ctx = await seedWithRoom(a);
    const connectionId = await connectGoogle(a, ctx.member.token);
    const start = seoulWeekday(2, 2, 13);
    const ev = google.actCreate({ summary: '동시에 동기화', start, end: new Date(start.getTime() + 3_600_000), attendees: [roomEmail(ctx.roomId)] });

    const [ra, rb] = await Promise.all([syncNow(a, ctx.member.token, connectionId), syncNow(b, ctx.member.token, connectionId)]);
    // One of them synced; the other found the connection's lease taken (409) or nothing left to do.
    expect([ra.status, rb.status]).toContain(200);
    const count = async () => (await bookingsOf(a, ctx.member.token, ctx.base)).filter((x) => x.title === '동시에 동기화' && x.status === 'confirmed').length;
    expect(await count()).toBe(1);

    // New invitations read by both at once with the lease and the token cleared (as after a crash mid-sync): both
    // may find the event unlinked, and the link's unique key lets only one of them book it.
    for (let round = 1; round <= 3; round++) {
      const at = new Date(start.getTime() + round * 2 * 3_600_000);
      const again = google.actCreate({
        summary: `동시에 동기화 ${round}`,
        start: at,
        end: new Date(at.getTime() + 3_600_000),
        attendees: [roomEmail(ctx.roomId)],
      });
      await database.db.execute(sql`update calendar_connections set lease_until = null, sync_token = null where id = ${connectionId}`);
      const both = await Promise.allSettled([
        syncConnection(syncDepsOf(a), connectionId),
        (async () => {
          await database.db.execute(sql`update calendar_connections set lease_until = null where id = ${connectionId}`);
          return syncConnection(syncDepsOf(b), connectionId);
        })(),
      ]);
      // Neither failed: the one that lost the race on the link's key skipped the event instead of erroring.
      expect(both.map((r) => (r.status === 'fulfilled' ? r.value.status : 'rejected')).filter((x) => x !== 'ok' && x !== 'busy')).toEqual([]);
      const titled = (await bookingsOf(a, ctx.member.token, ctx.base)).filter((x) => x.title === `동시에 동기화 ${round}` && x.status === 'confirmed');
      expect(titled).toHaveLength(1);
      expect((await linksOf(a, connectionId)).filter((l) => l.remote_id === again.id)).toHaveLength(1);
      expect(google.event(again.id)!.attendees![0]!.responseStatus).toBe('accepted');
    }
    expect(await count()).toBe(1);
    expect((await linksOf(a, connectionId)).filter((l) => l.remote_id === ev.id)).toHaveLength(1);
  }, 120_000);
});
