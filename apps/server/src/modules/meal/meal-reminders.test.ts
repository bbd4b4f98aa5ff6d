import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { mealSettings } from '../../db/schema-meal.ts';
import { createTestApp, dbKinds, freshDatabase, movableClock, type TTestApp } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { and, asc, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema-notifications.ts';
import { loginAs } from '../auth/testing/auth-test-kit.ts';
import { runAllDue } from '../notifications/testing/notices-test-kit.ts';
import { mealDepsOf } from './meal.module.ts';
import { oldestUnpaid, reminderDue, sendPaymentReminders } from './meal-reminders.ts';
import { evenRoundAllJoined, inMinutes, mailsTo, seedWithMembers } from './testing/meal-test-kit.ts';

/** 2030-01-08 12:00 in Seoul (03:00 UTC). */
const NOON_SEOUL = Date.parse('2030-01-08T03:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const n = ko.meal.transfers.notices;

describe('reminder schedule (pure)', () => {
  const row = (kind: string, from: string | null, to: string | null, amount: number, day: number) => ({
    id: `${day}-${from}-${to}`,
    seedId: 's',
    mealId: null,
    kind,
    fromUserId: from,
    toUserId: to,
    amount,
    createdById: null,
    createdAt: new Date(NOON_SEOUL + day * DAY),
  });
  it('dates a debt by its oldest charge not yet paid off, oldest first', () => {
    const rows = [row('charge', 'a', 'o', 5000, 0), row('charge', 'a', 'o', 5000, 2), row('settlement', 'a', 'o', 6000, 3)];
    expect(oldestUnpaid(rows, 'a')).toEqual(new Date(NOON_SEOUL + 2 * DAY));
    expect(oldestUnpaid([...rows, row('settlement', 'a', 'o', 4000, 4)], 'a')).toBeNull();
    // Money owed to the person first counts against later charges.
    expect(oldestUnpaid([row('charge', 'o', 'a', 3000, 0), row('charge', 'a', 'o', 5000, 1)], 'a')).toEqual(new Date(NOON_SEOUL + DAY));
    expect(oldestUnpaid(rows, 'o')).toBeNull();
  });
  it('is due every N days after the first notice window, never when off', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 9].filter((d) => reminderDue(0, d, 3))).toEqual([6, 9]);
    expect([1, 2, 3, 4, 5, 6].filter((d) => reminderDue(10, 10 + d, 1))).toEqual([4, 5, 6]);
    expect([4, 6, 8, 100].some((d) => reminderDue(0, d, 0))).toBe(false);
  });
});

describe.each(dbKinds)('meal payment reminders on %s', (kind) => {
  const clock = movableClock(NOON_SEOUL);
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now, jobs: false });
  });
  afterAll(async () => t?.close());

  /** Moves the clock forward to the next hh:mm in Seoul. */
  function advanceToSeoul(hour: number, minute = 0) {
    const seoul = clock.now().getTime() + 9 * HOUR;
    const day = seoul - (seoul % DAY);
    let target = day + hour * HOUR + minute * 60_000;
    if (target <= seoul) target += DAY;
    clock.advance(target - seoul);
  }

  /** At 12:00 in Seoul: a round of three at 10,000원 each, paid by the owner. Both members owe the owner 10,000원. */
  async function owedRound(app: TTestApp) {
    const s = await seedWithMembers(app, 2);
    const meal = await evenRoundAllJoined(app, s, {
      title: '독촉 점심',
      date: '2030-01-08',
      deadline: inMinutes(clock.now(), 30),
      option: { name: '국밥', price: 10000 },
    });
    expect((await api(app, s.owner.token)('POST', `${s.base}/meals/${meal.id}/close`)).status).toBe(200);
    return s;
  }
  /** The person's reminders, oldest first (read from the table: the clock moves past the sessions' lifetime). */
  const reminders = async (app: TTestApp, user: { id: string }) =>
    app.database.db
      .select({ title: notifications.title, body: notifications.body, link: notifications.link, seedId: notifications.seedId })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.event, 'meal.payment-reminder')))
      .orderBy(asc(notifications.createdAt));
  const tokenOf = async (app: TTestApp, user: { email: string }) => (await loginAs(app, user.email)).tokens.access_token;

  it('reminds on the seed’s schedule at its hour in Seoul, once a day, and stops after the transfer is confirmed', async () => {
    advanceToSeoul(12);
    const s = await owedRound(t);
    const [a, b] = s.members as [(typeof s.members)[0], (typeof s.members)[0]];
    const deps = mealDepsOf(t.app.ctx)!;
    const run = () => sendPaymentReminders(deps);
    // Days 1–5 at 10:00 (the default schedule: every 3 days from day 4 on): nothing.
    for (let d = 1; d <= 5; d++) {
      advanceToSeoul(10);
      await run();
    }
    expect(await reminders(t, a)).toEqual([]);
    // Day 6: 09:59 nothing; 10:00 one each for the two debtors, none for the owner; later runs that day add nothing.
    advanceToSeoul(9, 59);
    await run();
    expect(await reminders(t, a)).toEqual([]);
    clock.advance(60_000);
    await run();
    advanceToSeoul(15);
    await run();
    for (const u of [a, b]) {
      const got = await reminders(t, u);
      expect(got.map((x) => [x.title, x.link, x.seedId])).toEqual([[n.reminderTitle(10000), '/admin/services/meal/ledger', s.seedId]]);
      expect(got[0]!.body).toContain(n.reminderLine('김주최', 10000));
    }
    expect(await reminders(t, s.owner)).toEqual([]);
    await runAllDue(t);
    expect((await mailsTo(t, a.email)).filter((x) => x.subject.includes(n.reminderTitle(10000)))).toHaveLength(1);
    // a pays and the owner confirms; on day 9 only b is reminded.
    const sent = await api(t, await tokenOf(t, a))('POST', `${s.base}/meal-transfers`, { toUserId: s.owner.id, amount: 10000, method: 'toss' });
    expect(sent.status).toBe(201);
    expect((await api(t, await tokenOf(t, s.owner))('POST', `${s.base}/meal-transfers/${sent.body.data.id}/confirm`)).status).toBe(200);
    advanceToSeoul(10);
    await run();
    advanceToSeoul(10);
    await run();
    advanceToSeoul(10);
    await run();
    expect(await reminders(t, a)).toHaveLength(1);
    expect(await reminders(t, b)).toHaveLength(2);
  });

  it('follows the seed’s settings: another hour and interval, or off', async () => {
    advanceToSeoul(12);
    const every2 = await owedRound(t);
    const off = await owedRound(t);
    await t.database.db.insert(mealSettings).values([
      { seedId: every2.seedId, reminderEveryDays: 2, reminderHour: 18 },
      { seedId: off.seedId, reminderEveryDays: 0, reminderHour: 10 },
    ]);
    const deps = mealDepsOf(t.app.ctx)!;
    const seen = async () => [(await reminders(t, every2.members[0]!)).length, (await reminders(t, off.members[0]!)).length];
    // Day 4 at 17:00: not yet; 18:00: the every-2-days seed; the other never.
    clock.advance(4 * DAY);
    advanceToSeoul(17);
    await sendPaymentReminders(deps);
    expect(await seen()).toEqual([0, 0]);
    advanceToSeoul(18);
    await sendPaymentReminders(deps);
    expect(await seen()).toEqual([1, 0]);
    // Day 5: no; day 6: the second.
    for (let d = 0; d < 2; d++) {
      advanceToSeoul(18);
      await sendPaymentReminders(deps);
    }
    expect(await seen()).toEqual([2, 0]);
  });

  it('two instances on one database running the job at once send one reminder and one mail', async () => {
    const database = await freshDatabase(kind);
    const env = { AUTH_SECRET: randomBytes(48).toString('base64url'), ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const state = { redisUrl: kind === 'postgres' ? process.env.REDIS_URL : undefined, prefix: `suite-test:${randomBytes(4).toString('hex')}:` };
    const one = await createTestApp(kind, { env, database, state, jobs: false, now: clock.now });
    const two = await createTestApp(kind, { env, database, state, jobs: false, now: clock.now });
    try {
      advanceToSeoul(12);
      const s = await owedRound(one);
      clock.advance(5 * DAY);
      advanceToSeoul(10);
      const counts = await Promise.all([sendPaymentReminders(mealDepsOf(one.app.ctx)!), sendPaymentReminders(mealDepsOf(two.app.ctx)!)]);
      expect(counts).toEqual([2, 2]);
      await Promise.all([runAllDue(one), runAllDue(two)]);
      const a = s.members[0]!;
      expect(await reminders(one, a)).toHaveLength(1);
      expect((await mailsTo(one, a.email)).filter((x) => x.subject.includes(n.reminderTitle(10000)))).toHaveLength(1);
    } finally {
      await two.close();
      await one.close();
      await database.close();
    }
  });
});
