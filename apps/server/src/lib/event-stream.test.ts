/**
 * Event streams end with their session and are capped per user (issue 11, item 11). Read over real HTTP (listen on
 * port 0 + fetch): an ended stream is one whose body reaches its end. No wall clock: a stream that only the minute's
 * re-check would end makes the test time out instead.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dbKinds, twoInstances, type TTestContext } from '../test/helpers.ts';
import { signedIn } from '../modules/admin-users/testing/console-test-kit.ts';
import { seedWithRoom } from '../modules/rooms/testing/rooms-test-kit.ts';
import { MAX_STREAMS_PER_USER } from './event-stream.ts';

type TStream = { status: number; body: string; ended: Promise<void>; abort: () => void };

/** Opens a stream and, when it answers 200, reads until `event: ready`; `ended` resolves when the server ends it. */
async function openStream(origin: string, path: string, token: string): Promise<TStream> {
  const ac = new AbortController();
  const res = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: ac.signal });
  if (res.status !== 200) return { status: res.status, body: await res.text(), ended: Promise.resolve(), abort: () => undefined };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: ready')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  const ended = (async () => {
    for (;;) {
      const { done } = await reader.read();
      if (done) return;
    }
  })().catch(() => undefined);
  return { status: 200, body: text, ended, abort: () => ac.abort() };
}

/** A bounded poll of this instance's open streams (vi.waitFor): the server closes a socket a moment after the client. */
async function until(check: () => boolean): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error('streams not closed yet');
    },
    { timeout: 10_000, interval: 10 },
  );
}

const post = (origin: string, path: string, token: string, body?: unknown, method = 'POST') =>
  fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe.each(dbKinds)('event streams (%s)', (kind) => {
  let t: TTestContext;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('closes the booking and meal streams of a session when it logs out, and refuses the session afterwards', async () => {
    const { member, base } = await seedWithRoom(t);
    const bookings = await openStream(origin, `${base}/bookings/stream`, member.token);
    const meals = await openStream(origin, `${base}/meals/stream`, member.token);
    expect([bookings.status, meals.status]).toEqual([200, 200]);
    expect(t.app.ctx.streams.countFor(member.id)).toBe(2);
    expect((await post(origin, '/api/logout?scope=local', member.token)).status).toBe(200);
    await Promise.all([bookings.ended, meals.ended]);
    await until(() => t.app.ctx.streams.countFor(member.id) === 0);
    expect((await openStream(origin, `${base}/bookings/stream`, member.token)).status).toBe(401);
  });

  it("closes a user's streams when an admin suspends the account, and leaves other users' streams open", async () => {
    const { owner, member, base } = await seedWithRoom(t);
    const admin = await signedIn(t, { role: 'admin', fullName: '관리자' });
    const theirs = await openStream(origin, `${base}/bookings/stream`, member.token);
    const others = await openStream(origin, `${base}/bookings/stream`, owner.token);
    const res = await post(origin, `/api/admin/users/${member.id}/status`, admin.token, { status: 'suspended' });
    expect(res.status).toBe(200);
    await theirs.ended;
    expect(t.app.ctx.streams.countFor(member.id)).toBe(0);
    expect(t.app.ctx.streams.countFor(owner.id)).toBe(1);
    others.abort();
  });

  it(`refuses stream ${MAX_STREAMS_PER_USER + 1} of one user with a Korean 429, and closing one frees a slot`, async () => {
    const { member, base } = await seedWithRoom(t);
    const open: TStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await openStream(origin, `${base}/${i % 2 ? 'meals' : 'bookings'}/stream`, member.token));
    expect(open.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
    const refused = await openStream(origin, `${base}/bookings/stream`, member.token);
    expect(refused.status).toBe(429);
    const body = JSON.parse(refused.body) as { code: string; error: string };
    expect(body.code).toBe('TOO_MANY_STREAMS');
    expect(body.error).toMatch(/[가-힣]/);
    open[0]!.abort();
    await until(() => t.app.ctx.streams.countFor(member.id) === MAX_STREAMS_PER_USER - 1);
    const again = await openStream(origin, `${base}/meals/stream`, member.token);
    expect(again.status).toBe(200);
    for (const s of [...open, again]) s.abort();
    await until(() => t.app.ctx.streams.countFor(member.id) === 0);
  });
});

/** Two instances on one database and one Redis: logging out through B ends the stream open on A. */
describe.runIf(Boolean(process.env.REDIS_URL))('event streams across instances (REDIS_URL)', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  it('a logout through instance B closes the stream open on instance A', async () => {
    const { a, b } = await twoInstances(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', closers);
    const { member, base } = await seedWithRoom(a);
    const stream = await openStream(a.origin, `${base}/bookings/stream`, member.token);
    expect(stream.status).toBe(200);
    expect((await post(b.origin, '/api/logout', member.token)).status).toBe(200);
    await stream.ended;
    expect(a.app.ctx.streams.countFor(member.id)).toBe(0);
  });
});
