import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { eventStreamReader } from '../../test/event-stream-reader.ts';
import { iso, seedWithRoom, seoulWeekday } from './testing/rooms-test-kit.ts';

describe.each(dbKinds)('booking races and live updates over real HTTP on %s', (kind) => {
  let t: TTestContext;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('50 simultaneous overlapping requests for one room: exactly one 201 and 49 409s, one booking stored', async () => {
    const { member, base, roomId } = await seedWithRoom(t);
    const start = seoulWeekday(6, 1, 13);
    const requests = Array.from({ length: 50 }, (_, i) =>
      fetch(`${origin}${base}/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
        // Different but overlapping slots: every pair intersects.
        body: JSON.stringify({ roomId, title: `경쟁 ${i}`, startsAt: iso(start, (i % 4) * 15), endsAt: iso(start, 60 + (i % 4) * 15) }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: string } })),
    );
    const results = await Promise.all(requests);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(results.find((r) => r.status === 409)?.body.error).toContain('대회의실');
    const rows = await t.database.db.execute(sql`select count(*)::int as n from room_bookings where room_id = ${roomId}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('streams a new booking to an open event stream', async () => {
    const { member, owner, base, roomId } = await seedWithRoom(t);
    const ac = new AbortController();
    const res = await fetch(`${origin}${base}/bookings/stream`, { headers: { authorization: `Bearer ${member.token}` }, signal: ac.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const { readUntil, text, reader } = eventStreamReader(res);
    await readUntil('event: ready');
    const start = seoulWeekday(6, 2, 15);
    const made = await fetch(`${origin}${base}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ roomId, title: '실시간', startsAt: iso(start), endsAt: iso(start, 30) }),
    });
    const id = ((await made.json()) as { data: { id: string } }).data.id;
    await readUntil(id);
    expect(text()).toContain('"type":"created"');
    await reader.cancel().catch(() => undefined);
    ac.abort();
    // Wait until the server has seen the disconnect (closing the app in that instant makes it wait for the socket).
    await vi.waitFor(() => expect(t.app.ctx.streams.countFor(member.id)).toBe(0));
    const stranger = await fetch(`${origin}/api/seeds/${crypto.randomUUID()}/bookings/stream`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(stranger.status).toBe(404);
    await stranger.arrayBuffer();
  });
});
