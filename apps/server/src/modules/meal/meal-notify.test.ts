import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, movableClock, type TTestApp } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { GOOD_PASSWORD, OTHER_PASSWORD } from '../auth/testing/auth-test-kit.ts';
import { deliveriesOf, inboxOf, runAllDue, setChannels } from '../notifications/testing/notices-test-kit.ts';
import { mealDepsOf } from './meal.module.ts';
import { noticeUnpaidShares } from './meal-unpaid.ts';
import { inMinutes, mailsTo, seedWithMembers } from './testing/meal-test-kit.ts';

/** 2030-01-08 12:00 in Seoul (03:00 UTC). */
const NOON_SEOUL = Date.parse('2030-01-08T03:00:00Z');
const HOUR = 3_600_000;

describe.each(dbKinds)('meal notices on %s', (kind) => {
  const clock = movableClock(NOON_SEOUL);
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now, jobs: false });
  });
  afterAll(async () => t?.close());

  /** Moves the clock forward to the next hh:mm in Seoul. */
  function advanceToSeoul(hour: number, minute: number) {
    const seoul = clock.now().getTime() + 9 * HOUR;
    const day = seoul - (seoul % (24 * HOUR));
    let target = day + hour * HOUR + minute * 60_000;
    if (target <= seoul) target += 24 * HOUR;
    clock.advance(target - seoul);
  }

  /** A ladder round of one menu that the owner and every member join, closed and drawn by the owner. */
  async function drawnRound(s: Awaited<ReturnType<typeof seedWithMembers>>, title: string) {
    const o = api(t, s.owner.token);
    const meal = (
      await o('POST', `${s.base}/meals`, {
        title,
        date: '2030-01-08',
        deadline: inMinutes(clock.now(), 60),
        mode: 'menu',
        options: [{ name: '김밥', price: 4000 }],
        split: 'ladder',
        payerCount: 1,
      })
    ).body.data;
    for (const u of [s.owner, ...s.members])
      expect((await api(t, u.token)('POST', `${s.base}/meals/${meal.id}/join`, { choice: meal.options[0].id })).status).toBe(200);
    expect((await o('POST', `${s.base}/meals/${meal.id}/close`)).status).toBe(200);
    expect((await o('POST', `${s.base}/meals/${meal.id}/draw`)).status).toBe(200);
    return meal as { id: string };
  }

  const drawnMails = async (email: string, title: string) => (await mailsTo(t, email)).filter((x) => x.subject === `[컴퍼니 툴즈] ${title} 결제자 추첨 결과`);

  it('turning a channel off for an event stops that channel only', async () => {
    advanceToSeoul(12, 0);
    const s = await seedWithMembers(t, 2);
    const [first, second] = s.members;
    // The second member wants the draw in the console only.
    await setChannels(t, second!.token, 'meal.drawn', { mail: false });
    const meal = await drawnRound(s, '채널 점심');
    await runAllDue(t);
    for (const u of [s.owner, first!, second!]) {
      const drawn = (await inboxOf(t, u.token)).filter((x) => x.event === 'meal.drawn');
      expect(drawn.map((x) => [x.title, x.link])).toEqual([['채널 점심 결제자 추첨 결과', `/admin/services/meal/${meal.id}`]]);
    }
    expect(await deliveriesOf(t.database.db, second!.id, 'meal.drawn')).toEqual(['inApp:sent']);
    expect(await drawnMails(second!.email, '채널 점심')).toHaveLength(0);
    expect(await deliveriesOf(t.database.db, first!.id, 'meal.drawn')).toEqual(['inApp:sent', 'mail:sent']);
    expect(await drawnMails(first!.email, '채널 점심')).toHaveLength(1);
  });

  it('quiet hours delay a meal notice and never a security notice', async () => {
    advanceToSeoul(23, 0);
    const s = await seedWithMembers(t, 1);
    const member = s.members[0]!;
    await drawnRound(s, '야식');
    const changed = await api(t, member.token)('POST', '/api/me/password', { currentPassword: GOOD_PASSWORD, newPassword: OTHER_PASSWORD });
    expect(changed.status).toBe(200);
    await runAllDue(t);
    // 23:00 in Seoul: the draw's mail waits for 08:00; the security notice's mail has gone.
    expect(await deliveriesOf(t.database.db, member.id, 'meal.drawn')).toEqual(['inApp:sent', 'mail:held']);
    expect(await deliveriesOf(t.database.db, member.id, 'security.password-changed')).toEqual(['inApp:sent', 'mail:sent']);
    expect(await drawnMails(member.email, '야식')).toHaveLength(0);
    expect((await mailsTo(t, member.email)).filter((x) => x.subject === '[컴퍼니 툴즈] 비밀번호가 변경되었습니다')).toHaveLength(1);
    // Both are in the console at once.
    const events = (await inboxOf(t, member.token)).map((x) => x.event);
    expect(events.filter((e) => e === 'meal.drawn' || e.startsWith('security.')).sort()).toEqual(['meal.drawn', 'security.password-changed']);
    // 07:59: still held; 08:00: sent, once (the member's and the host's, who joined too).
    advanceToSeoul(7, 59);
    expect(await runAllDue(t)).toBe(0);
    clock.advance(60_000);
    expect(await runAllDue(t)).toBe(2);
    expect(await deliveriesOf(t.database.db, member.id, 'meal.drawn')).toEqual(['inApp:sent', 'mail:sent']);
    expect(await drawnMails(member.email, '야식')).toHaveLength(1);
  });

  it('a share still owed three days after the bill is noticed once, linking to the ledger; a paid one is not', async () => {
    advanceToSeoul(12, 0);
    const s = await seedWithMembers(t, 2);
    const [payer, debtor] = s.members;
    const o = api(t, s.owner.token);
    // An even split paid by the host: both members owe the owner 5,000원.
    const meal = (
      await o('POST', `${s.base}/meals`, {
        title: '정산 점심',
        date: '2030-01-08',
        deadline: inMinutes(clock.now(), 60),
        mode: 'menu',
        options: [{ name: '국밥', price: 5000 }],
        split: 'even',
      })
    ).body.data;
    for (const u of [s.owner, payer!, debtor!]) await api(t, u.token)('POST', `${s.base}/meals/${meal.id}/join`, { choice: meal.options[0].id });
    expect((await o('POST', `${s.base}/meals/${meal.id}/close`)).status).toBe(200);
    const paid = await api(t, s.owner.token)('POST', `${s.base}/meal-ledger/settlements`, { fromUserId: payer!.id, toUserId: s.owner.id, amount: 5000 });
    expect(paid.status).toBe(201);
    const deps = mealDepsOf(t.app.ctx)!;
    // Before three days: nothing; after: the debtor only, once however often the check runs.
    clock.advance(2 * 24 * HOUR);
    await noticeUnpaidShares(deps);
    clock.advance(24 * HOUR + HOUR);
    await noticeUnpaidShares(deps);
    await noticeUnpaidShares(deps);
    const unpaid = (await inboxOf(t, debtor!.token)).filter((x) => x.event === 'meal.unpaid-share');
    expect(unpaid.map((x) => [x.title, x.link, x.seedId])).toEqual([['식사비 정산이 남았습니다: 정산 점심', '/admin/services/meal/ledger', s.seedId]]);
    expect(unpaid[0]!.body).toContain('김주최 님께 보낼 5,000원');
    expect((await inboxOf(t, payer!.token)).filter((x) => x.event === 'meal.unpaid-share')).toEqual([]);
    expect((await inboxOf(t, s.owner.token)).filter((x) => x.event === 'meal.unpaid-share')).toEqual([]);
    // A day later the round is out of the check's window: still one.
    clock.advance(24 * HOUR);
    await noticeUnpaidShares(deps);
    expect((await inboxOf(t, debtor!.token)).filter((x) => x.event === 'meal.unpaid-share')).toHaveLength(1);
  });
});
