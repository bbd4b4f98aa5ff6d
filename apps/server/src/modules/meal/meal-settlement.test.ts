import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, testClock, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { evenRoundAllJoined, inMinutes, seedWithMembers } from './testing/meal-test-kit.ts';

type TLedger = { balances: { userId: string; balance: number }[]; settlements: unknown[] };

describe.each(dbKinds)('meal ledger settlements, CSV and Korean client seeds (%s)', (kind) => {
  let t: TTestContext;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, now: clock.now });
  });
  afterAll(async () => t?.close());

  /** A seed where the owner paid 30,000 for three: each member owes the owner 10,000. */
  async function evenRound() {
    const s = await seedWithMembers(t, 2);
    const o = api(t, s.owner.token);
    const meal = await evenRoundAllJoined(t, s, {
      title: '정산 테스트',
      date: '2026-11-27',
      deadline: inMinutes(clock.now(), 30),
      option: { name: '비빔밥', price: 10000 },
    });
    expect((await o('POST', `${s.base}/meals/${meal.id}/close`)).status).toBe(200);
    const balances = async () => new Map(((await o('GET', `${s.base}/meal-ledger`)).body as TLedger).balances.map((b) => [b.userId, b.balance]));
    return { ...s, balances };
  }

  it('refuses a settlement that would put someone in debt (no debt, more than owed, either direction), for members and admins', async () => {
    const { owner, members, base, seedId, balances } = await evenRound();
    const [a, b] = members as [(typeof members)[0], (typeof members)[0]];
    const before = await balances();
    // a owes the owner 10,000 and b nothing to a: a member cannot make b "pay" a (the reported attack).
    for (const amount of [50_000, 9_000_000]) {
      const r = await api(t, b.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: b.id, toUserId: a.id, amount });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain('갚을 금액이 없습니다');
    }
    // The creditor cannot "pay" a debtor either (that would raise the debt).
    expect((await api(t, owner.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: owner.id, toUserId: a.id, amount: 5000 })).status).toBe(400);
    // More than owed.
    const over = await api(t, a.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: a.id, toUserId: owner.id, amount: 10_001 });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain('최대 10,000원');
    // A seed admin records for others, but within the same bound.
    const admin = await signedIn(t, { fullName: '관리자' });
    await addMember(t.database.db, seedId, admin.id, 'admin');
    expect((await api(t, admin.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: b.id, toUserId: a.id, amount: 1 })).status).toBe(400);
    expect(await balances()).toEqual(before);
    // A part payment, then the rest; after that nothing more can be recorded.
    expect((await api(t, admin.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: a.id, toUserId: owner.id, amount: 4000 })).status).toBe(201);
    const rest = await api(t, owner.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: a.id, toUserId: owner.id, amount: 6000 });
    expect(rest.status).toBe(201);
    expect((await api(t, a.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: a.id, toUserId: owner.id, amount: 1 })).status).toBe(400);
    const after = await balances();
    expect(after.get(a.id)).toBe(0);
    expect(after.get(b.id)).toBe(-10_000);
    expect(after.get(owner.id)).toBe(10_000);
  });

  it('refuses a member who is neither party (403), and two settlements at once cannot both pay one debt', async () => {
    const { owner, members, base, seedId, balances } = await evenRound();
    const [a, b] = members as [(typeof members)[0], (typeof members)[0]];
    expect((await api(t, b.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: a.id, toUserId: owner.id, amount: 1000 })).status).toBe(403);
    const admin = await signedIn(t, { fullName: '관리자' });
    await addMember(t.database.db, seedId, admin.id, 'admin');
    const both = await Promise.all([
      api(t, admin.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: a.id, toUserId: owner.id, amount: 10_000 }),
      api(t, owner.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: a.id, toUserId: owner.id, amount: 10_000 }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    expect((await balances()).get(a.id)).toBe(0);
  });

  it("the payer's own word is not a settlement: it becomes a transfer waiting for the receiver (202), once per pair", async () => {
    const { owner, members, base, balances } = await evenRound();
    const [a] = members as [(typeof members)[0]];
    const told = await api(t, a.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: a.id, toUserId: owner.id, amount: 10_000 });
    expect(told.status).toBe(202);
    expect((await balances()).get(a.id)).toBe(-10_000);
    const again = await api(t, a.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: a.id, toUserId: owner.id, amount: 10_000 });
    expect(again.status).toBe(409);
    const pending = (await api(t, owner.token)('GET', `${base}/meal-transfers`)).body.data.pending as { id: string; from: { userId: string } }[];
    expect(pending.map((p) => p.from.userId)).toEqual([a.id]);
    expect((await api(t, owner.token)('POST', `${base}/meal-transfers/${pending[0]!.id}/confirm`)).status).toBe(200);
    expect((await balances()).get(a.id)).toBe(0);
  });

  it('writes CSV dates in Asia/Seoul: a settlement at 00:30 KST is on the Seoul day, not the UTC day before', async () => {
    const { owner, members, base } = await evenRound();
    const now = clock.now();
    // Move the clock to the next 15:30 UTC (00:30 the next day in Seoul).
    const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 15, 30));
    if (target <= now) target.setUTCDate(target.getUTCDate() + 1);
    clock.advance(target.getTime() - now.getTime());
    const r = await api(t, owner.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: members[0]!.id, toUserId: owner.id, amount: 10_000 });
    expect(r.status).toBe(201);
    const csv = await t.app.inject({ method: 'GET', url: `${base}/meal-ledger/export`, headers: { authorization: `Bearer ${owner.token}` } });
    const seoulDay = new Date(target.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
    expect(seoulDay).not.toBe(target.toISOString().slice(0, 10));
    const row = csv.body.split('\r\n').find((l) => l.includes(',송금,'));
    expect(row?.startsWith(`${seoulDay},`)).toBe(true);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/seeds/{seedId}/meal-ledger/export'].get.responses['200'].content)).toEqual(['text/csv']);
  });
  it('accepts Korean client seeds (any visible text up to 64 characters), refuses control characters, and the draw recomputes', async () => {
    const { owner, members, base } = await seedWithMembers(t, 1);
    const o = api(t, owner.token);
    const meal = (
      await o('POST', `${base}/meals`, { title: '룰렛', date: '2026-11-27', deadline: inMinutes(clock.now(), 30), mode: 'free', split: 'roulette' })
    ).body.data;
    const url = `${base}/meals/${meal.id}`;
    const bell = await api(t, members[0]!.token)('POST', `${url}/join`, { choice: '국밥', price: 9000, clientSeed: 'a\u0007b' });
    expect(bell.status).toBe(400);
    expect(JSON.stringify(bell.body)).toContain('행운의 문구');
    expect((await api(t, members[0]!.token)('POST', `${url}/join`, { choice: '국밥', price: 9000, clientSeed: '가'.repeat(65) })).status).toBe(400);
    expect((await o('POST', `${url}/join`, { choice: '냉면', price: 9000, clientSeed: '오늘은 내가 안 낸다 🍀' })).status).toBe(200);
    expect((await api(t, members[0]!.token)('POST', `${url}/join`, { choice: '국밥', price: 9000, clientSeed: '행운을 빌어요: 제발' })).status).toBe(200);
    expect((await o('POST', `${url}/close`)).status).toBe(200);
    const d = (await o('POST', `${url}/draw`)).body;
    const seeds = [...d.clientSeeds].sort((a: { userId: string }, b: { userId: string }) => (a.userId < b.userId ? -1 : 1));
    expect(seeds.map((c: { clientSeed: string }) => c.clientSeed).sort()).toEqual(['오늘은 내가 안 낸다 🍀', '행운을 빌어요: 제발'].sort());
    const h = createHmac('sha256', d.serverSeed)
      .update(`${meal.id}:${seeds.map((c: { clientSeed: string }) => c.clientSeed).join(':')}`)
      .digest('hex');
    expect(d.h).toBe(h);
    expect(d.payers[0].userId).toBe(seeds[parseInt(h.slice(0, 8), 16) % seeds.length].userId);
  });
});
