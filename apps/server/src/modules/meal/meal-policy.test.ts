import { kstDay } from '../../lib/kst-day.ts';
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, testClock, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { seedWithMembers } from './testing/meal-test-kit.ts';
import { companyOf, makeTeam, openRound, send, settingsOf, teamUsed } from './testing/meal-policy-kit.ts';

/** This month in Asia/Seoul: a round that spends company money is dated within 31 days of today (meal-policy.service). */
const M = kstDay(new Date()).slice(0, 7);

type TLedger = {
  balances: { userId: string; name: string; balance: number; company?: boolean }[];
  transfers: { from: { userId: string }; to: { userId: string }; amount: number }[];
  company: { canSettle?: boolean; reimbursements: { userId: string; amount: number }[]; dues: { userId: string; amount: number }[] };
};
type TRound = { shares: { userId: string; amount: number }[]; companyShares: { userId: string; amount: number }[]; applyPolicy: boolean; payWith: string };

describe.each(dbKinds)('company meal policy at close (%s)', (kind) => {
  let t: TTestContext;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, now: clock.now });
  });
  afterAll(async () => t?.close());

  async function policySeed(subsidyPerDay: number, budget: number, inTeam: 'members' | 'all') {
    const s = await seedWithMembers(t, 3);
    const everyone = [s.owner, ...s.members];
    expect((await send(t, s.owner.token, 'PUT', `${s.base}/meal-settings`, settingsOf({ subsidyPerDay }))).status).toBe(200);
    const team = await makeTeam(
      t,
      s.owner.token,
      s.base,
      '개발팀',
      budget,
      (inTeam === 'all' ? everyone : s.members).map((u) => u.id),
    );
    return { ...s, everyone, team };
  }
  const ledgerOf = async (token: string, base: string) => (await api(t, token)('GET', `${base}/meal-ledger`)).body as TLedger;
  const roundOf = async (token: string, base: string, id: string) => (await api(t, token)('GET', `${base}/meals/${id}`)).body.data as TRound;
  const sum = (xs: { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);

  it('subsidy 8,000 a day and a team budget: company and personal parts add up to the bill; a second round that day gets no subsidy', async () => {
    const s = await policySeed(8000, 50_000, 'members');
    const o = api(t, s.owner.token);
    // 4 people, bill 57,000 even: 14,250 each. Everyone: 8,000 subsidy; the three team members 6,250 from the budget.
    const first = await openRound(t, s.base, s.owner, s.everyone, { date: `${M}-20`, price: 14_250, now: clock.now() });
    expect(first.applyPolicy).toBe(true);
    expect((await o('POST', `${s.base}/meals/${first.id}/close`)).status).toBe(200);
    const c1 = await companyOf(t, first.id);
    const r1 = await roundOf(s.owner.token, s.base, first.id);
    expect(c1.subsidy).toBe(32_000);
    expect(c1.team).toBe(18_750);
    expect(sum(r1.shares)).toBe(6_250);
    expect(r1.shares).toEqual([{ userId: s.owner.id, name: '김주최', amount: 6_250 }]);
    expect(c1.total + sum(r1.shares)).toBe(57_000);
    expect(sum(r1.companyShares)).toBe(50_750);
    // A member paid (the host): the company owes the host its part; the ledger sums to zero with the company in it.
    let ledger = await ledgerOf(s.owner.token, s.base);
    const company = ledger.balances.find((b) => b.company);
    expect(company).toMatchObject({ userId: 'company', name: '회사', balance: -50_750 });
    expect(sum(ledger.balances.map((b) => ({ amount: b.balance })))).toBe(0);
    expect(ledger.company.reimbursements).toEqual([{ userId: s.owner.id, name: '김주최', amount: 50_750 }]);
    expect(ledger.transfers).toEqual([]);

    // Second round the same day, 20,000 for four: no subsidy left; the team members' 5,000 from the budget (31,250 left).
    const second = await openRound(t, s.base, s.owner, s.everyone, { date: `${M}-20`, price: 5_000, now: clock.now() });
    expect((await o('POST', `${s.base}/meals/${second.id}/close`)).status).toBe(200);
    const c2 = await companyOf(t, second.id);
    expect(c2.subsidy).toBe(0);
    expect(c2.team).toBe(15_000);
    const r2 = await roundOf(s.owner.token, s.base, second.id);
    expect(c2.total + sum(r2.shares)).toBe(20_000);
    expect(await teamUsed(t, s.team.id)).toBe(33_750);
    // A third round the next day gets the subsidy again.
    const third = await openRound(t, s.base, s.owner, s.everyone, { date: `${M}-21`, price: 3_000, now: clock.now() });
    expect((await o('POST', `${s.base}/meals/${third.id}/close`)).status).toBe(200);
    expect((await companyOf(t, third.id)).subsidy).toBe(12_000);
    ledger = await ledgerOf(s.owner.token, s.base);
    expect(sum(ledger.balances.map((b) => ({ amount: b.balance })))).toBe(0);
  });

  it('the team budget cap holds when two rounds close at the same time', async () => {
    const s = await policySeed(0, 50_000, 'all');
    // Two rounds of 40,000 (10,000 each): together 80,000 against a 50,000 budget.
    const a = await openRound(t, s.base, s.owner, s.everyone, { date: `${M}-18`, price: 10_000, now: clock.now() });
    const b = await openRound(t, s.base, s.owner, s.everyone, { date: `${M}-19`, price: 10_000, now: clock.now(), applyPolicy: true });
    const owner = api(t, s.owner.token);
    const closes = await Promise.all([owner('POST', `${s.base}/meals/${a.id}/close`), owner('POST', `${s.base}/meals/${b.id}/close`)]);
    expect(closes.map((r) => r.status)).toEqual([200, 200]);
    expect(await teamUsed(t, s.team.id)).toBe(50_000);
    for (const id of [a.id, b.id]) {
      const round = await roundOf(s.owner.token, s.base, id);
      expect((await companyOf(t, id)).total + sum(round.shares)).toBe(40_000);
    }
    const ledger = await ledgerOf(s.owner.token, s.base);
    expect(sum(ledger.balances.map((x) => ({ amount: x.balance })))).toBe(0);
    const teams = (await api(t, s.owner.token)('GET', `${s.base}/meal-teams`)).body.data as { used: number; left: number; month: string }[];
    expect(teams[0]!.left).toBe(teams[0]!.month === M ? 0 : 50_000);
  });

  it('a 법인카드 round: the personal parts are owed to the company, the company part needs no ledger row', async () => {
    const s = await policySeed(8000, 0, 'members');
    const card = await openRound(t, s.base, s.owner, s.everyone, { date: `${M}-22`, price: 12_000, now: clock.now(), payWith: 'company_card' });
    expect(card).toMatchObject({ payWith: 'company_card', applyPolicy: true });
    expect((await api(t, s.owner.token)('POST', `${s.base}/meals/${card.id}/close`)).status).toBe(200);
    const ledger = await ledgerOf(s.owner.token, s.base);
    expect(ledger.company.dues.map((d) => d.amount)).toEqual([4000, 4000, 4000, 4000]);
    expect(ledger.company.reimbursements).toEqual([]);
    expect(ledger.balances.find((b) => b.company)?.balance).toBe(16_000);
    expect(sum(ledger.balances.map((b) => ({ amount: b.balance })))).toBe(0);
    expect(ledger.transfers).toEqual([]);
    expect((await companyOf(t, card.id)).total).toBe(32_000);
    // Without the policy, the whole bill is owed to the company.
    const plain = await openRound(t, s.base, s.owner, s.everyone, {
      date: `${M}-23`,
      price: 10_000,
      now: clock.now(),
      payWith: 'company_card',
      applyPolicy: false,
    });
    await api(t, s.owner.token)('POST', `${s.base}/meals/${plain.id}/close`);
    expect((await ledgerOf(s.owner.token, s.base)).balances.find((b) => b.company)?.balance).toBe(56_000);
  });

  it('a game round: the company part comes off first and the drawn payer pays the rest', async () => {
    const s = await policySeed(5000, 0, 'members');
    const game = await openRound(t, s.base, s.owner, s.everyone, { date: `${M}-24`, price: 9_000, now: clock.now(), split: 'ladder' });
    const o = api(t, s.owner.token);
    expect((await o('POST', `${s.base}/meals/${game.id}/close`)).status).toBe(200);
    expect((await companyOf(t, game.id)).total).toBe(0);
    expect((await o('POST', `${s.base}/meals/${game.id}/draw`)).status).toBe(200);
    const c = await companyOf(t, game.id);
    expect(c.subsidy).toBe(20_000);
    const round = await roundOf(s.owner.token, s.base, game.id);
    expect(round.shares.map((x) => x.amount)).toEqual([16_000]);
    expect(c.total + sum(round.shares)).toBe(36_000);
    const ledger = await ledgerOf(s.owner.token, s.base);
    expect(ledger.balances.find((b) => b.company)?.balance).toBe(-20_000);
    expect(sum(ledger.balances.map((b) => ({ amount: b.balance })))).toBe(0);
  });

  it('a corrected bill (the receipt) re-runs the policy: the round’s company shares are replaced, not added', async () => {
    const s = await policySeed(8000, 50_000, 'members');
    const round = await openRound(t, s.base, s.owner, s.everyone, { date: `${M}-26`, price: 14_250, now: clock.now() });
    await api(t, s.owner.token)('POST', `${s.base}/meals/${round.id}/close`);
    expect((await companyOf(t, round.id)).total).toBe(50_750);
    // The receipt says 40,000 (10,000 each): 8,000 subsidy each, 2,000 each from the team for its three members.
    const fixed = await send(t, s.owner.token, 'PUT', `${s.base}/meals/${round.id}/bill`, { amount: 40_000 });
    expect(fixed.status).toBe(200);
    const c = await companyOf(t, round.id);
    expect([c.subsidy, c.team]).toEqual([32_000, 6_000]);
    expect(c.total + sum((await roundOf(s.owner.token, s.base, round.id)).shares)).toBe(40_000);
    expect(await teamUsed(t, s.team.id)).toBe(6_000);
    const ledger = await ledgerOf(s.owner.token, s.base);
    expect(ledger.balances.find((b) => b.company)?.balance).toBe(-38_000);
    expect(sum(ledger.balances.map((b) => ({ amount: b.balance })))).toBe(0);
  });

  it('the accountant records the company’s settlements toward zero; members may not', async () => {
    const s = await policySeed(8000, 0, 'members');
    const [a, , holder] = s.members as [(typeof s.members)[0], (typeof s.members)[0], (typeof s.members)[0]];
    await send(t, s.owner.token, 'PUT', `${s.base}/meal-settings`, settingsOf({ subsidyPerDay: 8000, companyCardHolderId: holder.id }));
    // A member-paid round of 4 × 10,000: the company owes the host 32,000.
    const paid = await openRound(t, s.base, s.owner, s.everyone, { date: `${M}-16`, price: 10_000, now: clock.now() });
    await api(t, s.owner.token)('POST', `${s.base}/meals/${paid.id}/close`);
    // A 법인카드 round of 4 × 9,000 another day: each owes the company 1,000.
    const card = await openRound(t, s.base, s.owner, s.everyone, { date: `${M}-17`, price: 9_000, now: clock.now(), payWith: 'company_card' });
    await api(t, s.owner.token)('POST', `${s.base}/meals/${card.id}/close`);
    const url = `${s.base}/meal-ledger/company-settlements`;
    expect((await api(t, a.token)('POST', url, { userId: a.id, amount: 1000 })).status).toBe(403);
    const over = await api(t, holder.token)('POST', url, { userId: s.owner.id, amount: 31_001 });
    expect(over.status).toBe(400);
    expect(over.body.error).toContain('최대 31,000원');
    expect((await api(t, s.owner.token)('POST', url, { userId: s.owner.id, amount: -5 })).status).toBe(400);
    const ledger0 = await ledgerOf(holder.token, s.base);
    expect(ledger0.company).toMatchObject({ canSettle: true, reimbursements: [{ userId: s.owner.id, amount: 31_000 }] });
    expect((await ledgerOf(a.token, s.base)).company).toMatchObject({ canSettle: false });
    expect((await api(t, holder.token)('POST', url, { userId: s.owner.id, amount: 30_000 })).status).toBe(201);
    expect((await api(t, s.owner.token)('POST', url, { userId: s.owner.id, amount: 1_000 })).status).toBe(201);
    const done = await api(t, holder.token)('POST', url, { userId: s.owner.id, amount: 1 });
    expect(done.status).toBe(400);
    expect(done.body.error).toContain('정산할 금액이 없습니다');
    // A member pays the company their 1,000.
    expect((await api(t, holder.token)('POST', url, { userId: a.id, amount: 1_000 })).status).toBe(201);
    const ledger = await ledgerOf(holder.token, s.base);
    expect(ledger.company.reimbursements).toEqual([]);
    expect(ledger.company.dues.map((d) => d.amount)).toEqual([1000, 1000]);
    expect(ledger.balances.find((b) => b.company)?.balance).toBe(2_000);
    expect(sum(ledger.balances.map((b) => ({ amount: b.balance })))).toBe(0);
  });

  it('only allowed spenders book rounds to the company (403 naming the rule); others default to no policy', async () => {
    const s = await policySeed(8000, 0, 'members');
    const member = s.members[0]!;
    const body = { title: '법카', date: `${M}-25`, deadline: new Date(clock.now().getTime() + 1_800_000).toISOString(), mode: 'free', split: 'even' };
    const refused = await api(t, member.token)('POST', `${s.base}/meals`, { ...body, payWith: 'company_card' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('시드 소유자와 관리자만 회사 식대');
    expect((await api(t, member.token)('POST', `${s.base}/meals`, { ...body, applyPolicy: true })).status).toBe(403);
    const plain = await api(t, member.token)('POST', `${s.base}/meals`, body);
    expect(plain.status).toBe(201);
    expect(plain.body.data).toMatchObject({ applyPolicy: false, payWith: 'member' });
    // Listed spenders: the member may now; the rule named in the refusal changes.
    await send(t, s.owner.token, 'PUT', `${s.base}/meal-settings`, settingsOf({ subsidyPerDay: 8000, spenders: 'listed', spenderIds: [member.id] }));
    const listed = await api(t, member.token)('POST', `${s.base}/meals`, body);
    expect(listed.body.data).toMatchObject({ applyPolicy: true, payWith: 'member' });
    const other = await api(t, s.members[1]!.token)('POST', `${s.base}/meals`, { ...body, payWith: 'company_card' });
    expect(other.status).toBe(403);
    expect(other.body.error).toContain('관리자가 지정한 사람');
  });

  it('company money only for rounds dated within 31 days of today: a far date asked for explicitly is a field error, by default not applied', async () => {
    const s = await policySeed(8000, 0, 'members');
    const far = kstDay(new Date(clock.now().getTime() + 45 * 86_400_000));
    const body = { title: '먼 회식', date: far, deadline: new Date(clock.now().getTime() + 1_800_000).toISOString(), mode: 'free', split: 'even' };
    for (const extra of [{ applyPolicy: true }, { payWith: 'company_card' }]) {
      const r = await api(t, s.owner.token)('POST', `${s.base}/meals`, { ...body, ...extra });
      expect(r.status).toBe(400);
      expect(r.body.details).toEqual([{ path: 'date', message: koMealPolicy.server.policyDateRange(31) }]);
    }
    const plain = await api(t, s.owner.token)('POST', `${s.base}/meals`, body);
    expect(plain.status).toBe(201);
    expect(plain.body.data).toMatchObject({ applyPolicy: false, payWith: 'member' });
    const near = await api(t, s.owner.token)('POST', `${s.base}/meals`, { ...body, date: kstDay(clock.now()) });
    expect(near.body.data).toMatchObject({ applyPolicy: true });
  });
});
