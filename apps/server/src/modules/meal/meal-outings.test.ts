import { kstDay } from '../../lib/kst-day.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mealLedger, mealShares } from '../../db/schema-meal.ts';
import { createTestApp, dbKinds, testClock, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { allocateProportionally } from './meal-amounts.ts';
import { companyOf, openRound, send, settingsOf } from './testing/meal-policy-kit.ts';
import { evenRoundAllJoined, inMinutes, seedWithMembers } from './testing/meal-test-kit.ts';

/** This month in Asia/Seoul: a round that spends company money is dated within 31 days of today (meal-policy.service). */
const M = kstDay(new Date()).slice(0, 7);

type TOuting = {
  outingId: string;
  parts: { id: string; partNo: number; title: string; restaurant: string; status: string; total: number }[];
  people: { userId: string; name: string; parts: { mealId: string; amount: number; planned: boolean }[]; total: number }[];
  total: number;
};

describe('allocateProportionally (largest remainder)', () => {
  it('adds up to the total to the won and leaves matching weights unchanged', () => {
    const w = (...a: number[]) => a.map((amount, i) => ({ userId: `u${i}`, amount }));
    expect(allocateProportionally(10_000, w(7000, 3000, 1000)).map((s) => s.amount)).toEqual([6364, 2727, 909]);
    expect(allocateProportionally(10_001, w(10_000, 10_000, 10_000)).map((s) => s.amount)).toEqual([3334, 3334, 3333]);
    expect(allocateProportionally(20_000, w(12_000, 8000)).map((s) => s.amount)).toEqual([12_000, 8000]);
    expect(allocateProportionally(5, w(0, 0)).map((s) => s.amount)).toEqual([3, 2]);
    for (const total of [0, 1, 99_999, 9_999_999]) {
      const out = allocateProportionally(total, w(1234, 5678, 91, 17_000, 3));
      expect(out.reduce((a, s) => a + s.amount, 0)).toBe(total);
      expect(out.every((s) => Number.isInteger(s.amount) && s.amount >= 0)).toBe(true);
    }
  });
});

describe.each(dbKinds)('meal outings and the bill amount (%s)', (kind) => {
  let t: TTestContext;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, now: clock.now, env: { MEAL_AMOUNT_CAP: '1000000' } });
  });
  afterAll(async () => t?.close());

  const put = (token: string, url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload: payload as Record<string, unknown> });
  const sharesOf = async (mealId: string) =>
    new Map((await t.database.db.select().from(mealShares).where(eq(mealShares.mealId, mealId))).map((s) => [s.userId, s.amount]));
  const chargesOf = (mealId: string) => t.database.db.select().from(mealLedger).where(eq(mealLedger.mealId, mealId));

  it('adds 2차 and 3차 to a round, and sums each person over the parts (settled and planned)', async () => {
    const s = await seedWithMembers(t, 2);
    const [a, b] = s.members as [(typeof s.members)[0], (typeof s.members)[0]];
    const o = api(t, s.owner.token);
    const first = await evenRoundAllJoined(t, s, {
      title: '송년회',
      date: '2026-12-18',
      deadline: inMinutes(clock.now(), 60),
      option: { name: '삼겹살', price: 10_000 },
    });
    expect(first.outingId).toBeNull();
    expect(first.partNo).toBe(1);
    expect(first.billAmount).toBeNull();

    const part = { deadline: inMinutes(clock.now(), 120), mode: 'free', restaurant: '호프집', split: 'itemised' };
    // A member who did not open the round cannot add a part.
    expect((await api(t, a.token)('POST', `${s.base}/meals/${first.id}/next-part`, part)).status).toBe(403);
    const second = await o('POST', `${s.base}/meals/${first.id}/next-part`, part);
    expect(second.status).toBe(201);
    expect(second.body.message).toBe('2차를 추가했습니다.');
    expect(second.body.data).toMatchObject({ title: '송년회 2차', date: '2026-12-18', restaurant: '호프집', outingId: first.id, partNo: 2, status: 'open' });
    expect((await o('GET', `${s.base}/meals/${first.id}`)).body.data).toMatchObject({ outingId: first.id, partNo: 1 });

    const p2 = second.body.data.id as string;
    expect((await api(t, a.token)('POST', `${s.base}/meals/${p2}/join`, { choice: '생맥주', price: 12_000 })).status).toBe(200);
    expect((await api(t, b.token)('POST', `${s.base}/meals/${p2}/join`, { choice: '소주', price: 8000 })).status).toBe(200);
    expect((await o('POST', `${s.base}/meals/${first.id}/close`)).status).toBe(200);

    let outing = (await o('GET', `${s.base}/meal-outings/${first.id}`)).body.data as TOuting;
    expect(outing.parts.map((p) => [p.partNo, p.status, p.total])).toEqual([
      [1, 'closed', 30_000],
      [2, 'open', 20_000],
    ]);
    const personOf = (o: TOuting, id: string) => o.people.find((p) => p.userId === id)!;
    expect(personOf(outing, s.owner.id)).toMatchObject({ name: '김주최', total: 10_000, parts: [{ mealId: first.id, amount: 10_000, planned: false }] });
    expect(personOf(outing, a.id)).toMatchObject({
      total: 22_000,
      parts: [
        { mealId: first.id, amount: 10_000, planned: false },
        { mealId: p2, amount: 12_000, planned: true },
      ],
    });
    expect(personOf(outing, b.id).total).toBe(18_000);
    expect(outing.total).toBe(50_000);

    // 3차 from the 2nd part: same outing, next number; the id of a later part leads to the whole outing.
    const third = await o('POST', `${s.base}/meals/${p2}/next-part`, { ...part, restaurant: '노래방', split: 'even', date: '2026-12-19' });
    expect(third.body.data).toMatchObject({ title: '송년회 3차', date: '2026-12-19', outingId: first.id, partNo: 3 });
    expect(((await o('GET', `${s.base}/meal-outings/${p2}`)).body.data as TOuting).parts.map((p) => p.partNo)).toEqual([1, 2, 3]);

    // The payer of 2차 corrects the bill from the receipt before closing: the close splits 23,000 by the items.
    expect((await put(s.owner.token, `${s.base}/meals/${p2}/bill`, { amount: 23_000 })).statusCode).toBe(200);
    expect((await o('POST', `${s.base}/meals/${p2}/close`)).status).toBe(200);
    expect(await sharesOf(p2)).toEqual(
      new Map([
        [a.id, 13_800],
        [b.id, 9200],
      ]),
    );
    outing = (await o('GET', `${s.base}/meal-outings/${first.id}`)).body.data as TOuting;
    expect(outing.parts.map((p) => p.total)).toEqual([30_000, 23_000, 0]);
    expect(personOf(outing, a.id)).toMatchObject({ total: 23_800, parts: [{ amount: 10_000 }, { mealId: p2, amount: 13_800, planned: false }] });
    expect(personOf(outing, b.id).total).toBe(19_200);
    expect(outing.people.reduce((sum, p) => sum + p.total, 0)).toBe(outing.total);
    expect(outing.total).toBe(53_000);

    // Only members see it.
    const stranger = await signedIn(t, { fullName: '외부인' });
    expect((await api(t, stranger.token)('GET', `${s.base}/meal-outings/${first.id}`)).status).toBe(404);
  });

  it('keeps an outing going when its first part is cancelled before closing', async () => {
    const s = await seedWithMembers(t, 1);
    const o = api(t, s.owner.token);
    const body = { title: '회식', date: '2026-12-10', deadline: inMinutes(clock.now(), 60), mode: 'free', split: 'even' };
    const first = (await o('POST', `${s.base}/meals`, body)).body.data;
    const second = (await o('POST', `${s.base}/meals/${first.id}/next-part`, { ...body, title: undefined })).body.data;
    expect(second).toMatchObject({ outingId: first.id, partNo: 2 });
    expect((await o('DELETE', `${s.base}/meals/${first.id}`)).status).toBe(200);
    const third = await o('POST', `${s.base}/meals/${second.id}/next-part`, body);
    expect(third.status).toBe(201);
    expect(third.body.data).toMatchObject({ outingId: first.id, partNo: 3 });
    const outing = (await o('GET', `${s.base}/meal-outings/${first.id}`)).body.data as TOuting;
    expect(outing.parts.map((p) => p.partNo)).toEqual([2, 3]);
  });

  it('names each of several next parts opened at once by its own part number', async () => {
    const s = await seedWithMembers(t, 1);
    const o = api(t, s.owner.token);
    const body = { title: '워크숍', date: '2026-12-11', deadline: inMinutes(clock.now(), 60), mode: 'free', split: 'even' };
    const first = (await o('POST', `${s.base}/meals`, body)).body.data;
    const parts = await Promise.all(
      [1, 2, 3, 4].map(() => o('POST', `${s.base}/meals/${first.id}/next-part`, { deadline: body.deadline, mode: 'free', split: 'even' })),
    );
    expect(parts.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const made = parts.map((r) => r.body.data as { partNo: number; title: string }).sort((a, b) => a.partNo - b.partNo);
    expect(made.map((p) => [p.partNo, p.title])).toEqual([
      [2, '워크숍 2차'],
      [3, '워크숍 3차'],
      [4, '워크숍 4차'],
      [5, '워크숍 5차'],
    ]);
  });

  it('itemised with a bill different from the items: the shares add up to the bill exactly, largest remainders first', async () => {
    const s = await seedWithMembers(t, 2);
    const o = api(t, s.owner.token);
    const meal = (
      await o('POST', `${s.base}/meals`, { title: '2차 치킨', date: '2026-12-18', deadline: inMinutes(clock.now(), 60), mode: 'free', split: 'itemised' })
    ).body.data;
    const prices = [7000, 3000, 1000];
    const everyone = [s.owner, ...s.members].sort((x, y) => (x.id < y.id ? -1 : 1));
    for (const [i, u] of everyone.entries()) await api(t, u.token)('POST', `${s.base}/meals/${meal.id}/join`, { choice: `메뉴${i}`, price: prices[i] });
    expect((await put(s.owner.token, `${s.base}/meals/${meal.id}/bill`, { amount: 10_000 })).statusCode).toBe(200);
    const closed = await o('POST', `${s.base}/meals/${meal.id}/close`);
    expect(closed.body.data.billAmount).toBe(10_000);
    const shares = await sharesOf(meal.id);
    expect(everyone.map((u) => shares.get(u.id) ?? 0)).toEqual([6364, 2727, 909]);
    // Charges: everyone but the payer (the host) owes the host their share.
    const charges = await chargesOf(meal.id);
    expect(charges.reduce((x, c) => x + c.amount, 0)).toBe(10_000 - (shares.get(s.owner.id) ?? 0));
  });

  it('corrects the bill of a closed round: charges and shares written again, the ledger still sums to zero; payer or admin only; bad amounts refused', async () => {
    const s = await seedWithMembers(t, 2);
    const [a] = s.members as [(typeof s.members)[0]];
    const o = api(t, s.owner.token);
    const meal = await evenRoundAllJoined(t, s, {
      title: '점심',
      date: '2026-12-01',
      deadline: inMinutes(clock.now(), 60),
      option: { name: '국밥', price: 10_000 },
    });
    expect((await o('POST', `${s.base}/meals/${meal.id}/close`)).status).toBe(200);
    const ledger = async () => (await o('GET', `${s.base}/meal-ledger`)).body as { balances: { userId: string; balance: number }[] };
    const balanceOf = async (id: string) => (await ledger()).balances.find((b) => b.userId === id)?.balance ?? 0;
    expect(await balanceOf(s.owner.id)).toBe(20_000);
    // a paid back 10,000 before the correction.
    expect((await o('POST', `${s.base}/meal-ledger/settlements`, { fromUserId: a.id, toUserId: s.owner.id, amount: 10_000 })).status).toBe(201);

    // Not the payer: refused, nothing changes.
    const refused = await put(a.token, `${s.base}/meals/${meal.id}/bill`, { amount: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toContain('결제한 사람');
    // Negative, fractional, over the cap (1,000,000 here), a string: 400 with the field.
    for (const amount of [-1, 100.5, 1_000_001, '30000']) {
      const r = await put(s.owner.token, `${s.base}/meals/${meal.id}/bill`, { amount });
      expect(r.statusCode).toBe(400);
      expect(r.json().details?.[0]?.path).toBe('amount');
    }
    expect((await put(s.owner.token, `${s.base}/meals/${meal.id}/bill`, { amount: 1_000_001 })).json().error).toContain('1,000,000원');
    expect(await sharesOf(meal.id)).toEqual(new Map([s.owner.id, ...s.members.map((m) => m.id)].map((id) => [id, 10_000])));

    const fixed = await put(s.owner.token, `${s.base}/meals/${meal.id}/bill`, { amount: 31_000 });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().message).toBe('청구 금액을 고치고 장부를 다시 계산했습니다.');
    expect(fixed.json().data.billAmount).toBe(31_000);
    const shares = await sharesOf(meal.id);
    const ids = [s.owner.id, ...s.members.map((m) => m.id)].sort();
    expect(ids.map((id) => shares.get(id))).toEqual([10_334, 10_333, 10_333]);
    expect(fixed.json().data.shares.reduce((x: number, sh: { amount: number }) => x + sh.amount, 0)).toBe(31_000);
    const charges = (await chargesOf(meal.id)).filter((c) => c.kind === 'charge');
    expect(charges).toHaveLength(2);
    expect(charges.every((c) => c.toUserId === s.owner.id)).toBe(true);
    // The settlement stays; balances still sum to zero and the owner is owed the new total minus their share and a's payment.
    let balances = (await ledger()).balances;
    expect(balances.reduce((x, b) => x + b.balance, 0)).toBe(0);
    expect(await balanceOf(s.owner.id)).toBe(31_000 - shares.get(s.owner.id)! - 10_000);

    // A seed admin corrects it again, down: a has now paid more than the share, the sum is still zero.
    const admin = await signedIn(t, { fullName: '관리자' });
    await addMember(t.database.db, s.seedId, admin.id, 'admin');
    expect((await put(admin.token, `${s.base}/meals/${meal.id}/bill`, { amount: 24_000 })).statusCode).toBe(200);
    expect([...(await sharesOf(meal.id)).values()].reduce((x, v) => x + v, 0)).toBe(24_000);
    balances = (await ledger()).balances;
    expect(balances.reduce((x, b) => x + b.balance, 0)).toBe(0);
    expect(await balanceOf(a.id)).toBe(10_000 - 8000);
    // Back to the items' sum (null).
    expect((await put(s.owner.token, `${s.base}/meals/${meal.id}/bill`, { amount: null })).json().data.billAmount).toBeNull();
    expect([...(await sharesOf(meal.id)).values()].reduce((x, v) => x + v, 0)).toBe(30_000);
  });

  it('corrects the bill of a round under the company policy: the company part is written again once, parts add up to the bill, the ledger sums to zero', async () => {
    const s = await seedWithMembers(t, 2);
    const everyone = [s.owner, ...s.members];
    expect((await send(t, s.owner.token, 'PUT', `${s.base}/meal-settings`, settingsOf({ subsidyPerDay: 8000 }))).status).toBe(200);
    const meal = await openRound(t, s.base, s.owner, everyone, { date: `${M}-04`, price: 10_000, now: clock.now(), applyPolicy: true });
    expect((await api(t, s.owner.token)('POST', `${s.base}/meals/${meal.id}/close`)).status).toBe(200);
    expect((await companyOf(t, meal.id)).subsidy).toBe(24_000);
    expect([...(await sharesOf(meal.id)).values()].reduce((a, v) => a + v, 0)).toBe(6000);

    expect((await put(s.owner.token, `${s.base}/meals/${meal.id}/bill`, { amount: 36_000 })).statusCode).toBe(200);
    const company = await companyOf(t, meal.id);
    expect(company.rows).toHaveLength(3);
    expect(company.subsidy).toBe(24_000);
    const personal = [...(await sharesOf(meal.id)).values()].reduce((a, v) => a + v, 0);
    expect(personal).toBe(12_000);
    expect(company.total + personal).toBe(36_000);
    const balances = ((await api(t, s.owner.token)('GET', `${s.base}/meal-ledger`)).body as { balances: { balance: number }[] }).balances;
    expect(balances.reduce((a, b) => a + b.balance, 0)).toBe(0);
  });

  it('corrects the bill of a drawn game round: the drawn payer bears the new bill', async () => {
    const s = await seedWithMembers(t, 2);
    const o = api(t, s.owner.token);
    const meal = (
      await o('POST', `${s.base}/meals`, {
        title: '사다리 커피',
        date: '2026-12-02',
        deadline: inMinutes(clock.now(), 60),
        mode: 'menu',
        options: [{ name: '아메리카노', price: 4500 }],
        split: 'ladder',
      })
    ).body.data;
    for (const u of [s.owner, ...s.members]) await api(t, u.token)('POST', `${s.base}/meals/${meal.id}/join`, { choice: meal.options[0].id });
    await o('POST', `${s.base}/meals/${meal.id}/close`);
    // Closed but not drawn: the host (payer not known yet) may set it, nothing is written yet; the draw uses it.
    expect((await put(s.owner.token, `${s.base}/meals/${meal.id}/bill`, { amount: 14_000 })).json().message).toBe('청구 금액을 저장했습니다.');
    const draw = (await o('POST', `${s.base}/meals/${meal.id}/draw`)).body as { payers: { userId: string }[] };
    const payer = draw.payers[0]!.userId;
    expect(await sharesOf(meal.id)).toEqual(new Map([[payer, 14_000]]));
    // Now only the drawn payer (or an admin) corrects it.
    const notPayer = [s.owner, ...s.members].find((u) => u.id !== payer)!;
    if (notPayer.id !== s.owner.id) expect((await put(notPayer.token, `${s.base}/meals/${meal.id}/bill`, { amount: 1 })).statusCode).toBe(403);
    const payerToken = [s.owner, ...s.members].find((u) => u.id === payer)!.token;
    expect((await put(payerToken, `${s.base}/meals/${meal.id}/bill`, { amount: 13_500 })).statusCode).toBe(200);
    expect(await sharesOf(meal.id)).toEqual(new Map([[payer, 13_500]]));
    expect(await chargesOf(meal.id)).toHaveLength(0);
  });
});
