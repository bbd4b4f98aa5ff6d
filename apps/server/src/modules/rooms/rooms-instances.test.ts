import { afterAll, describe, expect, it } from 'vitest';
import { twoInstances } from '../../test/helpers.ts';
import { eventStreamReader } from '../../test/event-stream-reader.ts';
import { iso, seedWithRoom, seoulWeekday } from './testing/rooms-test-kit.ts';

/** Two instances on one database and one Redis: a booking made through one reaches a stream opened on the other. */
describe.runIf(Boolean(process.env.REDIS_URL))('live updates across instances (REDIS_URL)', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  it('streams a booking created through instance B to a screen connected to instance A', async () => {
    const { a, b } = await twoInstances('pglite', closers);
    const { member, base, roomId } = await seedWithRoom(a);
    const ac = new AbortController();
    const res = await fetch(`${a.origin}${base}/bookings/stream`, { headers: { authorization: `Bearer ${member.token}` }, signal: ac.signal });
    const { readUntil, text } = eventStreamReader(res);
    await readUntil('event: ready');
    const start = seoulWeekday(7, 0, 9);
    const made = await fetch(`${b.origin}${base}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ roomId, title: '다른 인스턴스', startsAt: iso(start), endsAt: iso(start, 30) }),
    });
    expect(made.status).toBe(201);
    const id = ((await made.json()) as { data: { id: string } }).data.id;
    await readUntil(id);
    expect(text()).toContain(`"bookingId":"${id}"`);
    ac.abort();
    // Two apps on a fresh embedded database take a while on a loaded 2-core machine; the assertion is the stream, not the time.
  }, 90_000);
});
