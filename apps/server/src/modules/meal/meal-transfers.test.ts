import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import type { TMealTransfersView } from '@suite/shared/schemas/meal-transfers';
import { createTestApp, dbKinds, testClock, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { call } from '../auth/testing/auth-test-kit.ts';
import { inboxOf } from '../notifications/testing/notices-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { evenRoundAllJoined, inMinutes, seedWithMembers } from './testing/meal-test-kit.ts';

const tm = ko.meal.transfers;
const PROFILE = {
  bankName: 'KB국민은행',
  accountNumber: '123-456-78901234',
  accountHolder: '김주최',
  kakaoPayLink: 'https://qr.kakaopay.com/FWxyz1234',
};

describe.each(dbKinds)('meal transfers: 송금 links, sent → confirmed, the ledger (%s)', (kind) => {
  let t: TTestContext;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, now: clock.now });
  });
  afterAll(async () => t?.close());

  /** The owner paid 30,000 for three: each member owes the owner 10,000. Plus a seed admin who owes nothing. */
  async function evenRound() {
    const s = await seedWithMembers(t, 2);
    const meal = await evenRoundAllJoined(t, s, {
      title: '송금 테스트',
      date: '2026-11-27',
      deadline: inMinutes(clock.now(), 30),
      option: { name: '비빔밥', price: 10000 },
    });
    expect((await api(t, s.owner.token)('POST', `${s.base}/meals/${meal.id}/close`)).status).toBe(200);
    const admin = await signedIn(t, { fullName: '관리자' });
    await addMember(t.database.db, s.seedId, admin.id, 'admin');
    const [a, b] = s.members as [(typeof s.members)[0], (typeof s.members)[0]];
    const view = async (token: string) => (await api(t, token)('GET', `${s.base}/meal-transfers`)).body.data as TMealTransfersView;
    const ledger = async () =>
      (await api(t, s.owner.token)('GET', `${s.base}/meal-ledger`)).body as { balances: { userId: string; balance: number }[]; settlements: unknown[] };
    const balance = async (id: string) => (await ledger()).balances.find((x) => x.userId === id)?.balance;
    return { ...s, a, b, admin, view, ledger, balance };
  }

  it('builds the payer’s links from the receiver’s profile, and shows the account to no one else', async () => {
    const { owner, a, b, admin, view } = await evenRound();
    // Before the receiver saves a profile: the suggestion, no links.
    const before = (await view(a.token)).suggested.find((x) => x.from.userId === a.id)!;
    expect(before).toMatchObject({ to: { userId: owner.id, name: '김주최' }, amount: 10000, links: {} });
    const put = await call(t, { method: 'PUT', url: '/api/meal-profile', token: owner.token, body: PROFILE });
    expect(put.status).toBe(200);
    const mine = (await view(a.token)).suggested.find((x) => x.from.userId === a.id)!;
    expect(mine.links.bank).toEqual({ bankName: 'KB국민은행', accountNumber: '123-456-78901234', accountHolder: '김주최' });
    expect(mine.links.kakaoPay).toBe('https://qr.kakaopay.com/FWxyz1234');
    const toss = new URL(mine.links.toss!);
    expect(`${toss.protocol}//${toss.host}`).toBe('supertoss://send');
    expect(Object.fromEntries(toss.searchParams)).toEqual({ amount: '10000', bank: 'KB국민은행', accountNo: '12345678901234' });
    // b sees a's suggestion but none of the owner's details on it; the owner, the admin likewise.
    for (const u of [b, owner, admin]) {
      const v = await view(u.token);
      expect(v.suggested).toHaveLength(2);
      for (const s of v.suggested) if (s.from.userId !== u.id) expect(s.links).toEqual({});
    }
    expect(JSON.stringify(await view(admin.token))).not.toContain('78901234');
    // A non-member gets nothing.
    const stranger = await signedIn(t, { fullName: '외부인' });
    expect((await api(t, stranger.token)('GET', `/api/seeds/${(await evenRound()).seedId}/meal-transfers`)).status).toBe(404);
  });

  it('lets only the receiver or a seed admin confirm, and either party or an admin cancel (403 in Korean otherwise)', async () => {
    const { base, owner, a, b, admin, balance, ledger } = await evenRound();
    const sent = await api(t, a.token)('POST', `${base}/meal-transfers`, { toUserId: owner.id, amount: 10000, method: 'toss' });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ status: 'sent', method: 'toss', amount: 10000, from: { userId: a.id }, to: { userId: owner.id } });
    const id = sent.body.data.id as string;
    // The receiver is told, once.
    const told = (await inboxOf(t, owner.token)).filter((x) => x.event === 'meal.transfer');
    expect(told.map((x) => [x.title, x.link])).toEqual([[tm.notices.sentTitle('이하나', 10000), '/admin/services/meal/ledger']]);
    expect(told[0]!.body).toContain('받으셨으면 확인해주세요');
    // The payer and a third member cannot confirm; the third member cannot cancel.
    for (const [u, error] of [
      [a, tm.server.notOwnConfirm],
      [b, tm.server.confirmOnly],
    ] as const) {
      const r = await api(t, u.token)('POST', `${base}/meal-transfers/${id}/confirm`);
      expect(r.status).toBe(403);
      expect(r.body.error).toBe(error);
    }
    const third = await api(t, b.token)('POST', `${base}/meal-transfers/${id}/cancel`);
    expect([third.status, third.body.error]).toEqual([403, tm.server.cancelOnly]);
    expect(await balance(a.id)).toBe(-10000);
    // An admin confirms: one settlement row, a's debt gone; again → 409 and still one row.
    const ok = await api(t, admin.token)('POST', `${base}/meal-transfers/${id}/confirm`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('confirmed');
    expect((await api(t, admin.token)('POST', `${base}/meal-transfers/${id}/confirm`)).status).toBe(409);
    expect((await api(t, owner.token)('POST', `${base}/meal-transfers/${id}/cancel`)).status).toBe(409);
    expect((await ledger()).settlements).toHaveLength(1);
    expect(await balance(a.id)).toBe(0);
    // The payer hears it was confirmed.
    expect((await inboxOf(t, a.token)).filter((x) => x.event === 'meal.transfer').map((x) => x.title)).toEqual([tm.notices.confirmedTitle('김주최', 10000)]);
    // b's transfer: the payer cancels it; the receiver can then not confirm it.
    const bSent = (await api(t, b.token)('POST', `${base}/meal-transfers`, { toUserId: owner.id, amount: 10000, method: 'bank' })).body.data.id;
    expect((await api(t, b.token)('POST', `${base}/meal-transfers/${bSent}/cancel`)).body.data.status).toBe('cancelled');
    expect((await api(t, owner.token)('POST', `${base}/meal-transfers/${bSent}/confirm`)).status).toBe(409);
    // A receiver cancels one too, and an admin another.
    for (const who of [owner, admin]) {
      const x = (await api(t, b.token)('POST', `${base}/meal-transfers`, { toUserId: owner.id, amount: 5000, method: 'cash' })).body.data.id;
      expect((await api(t, who.token)('POST', `${base}/meal-transfers/${x}/cancel`)).status).toBe(200);
    }
    expect(await balance(b.id)).toBe(-10000);
    // Pending and recent lists: b sees own transfers only; the admin sees all.
    const bView = (await api(t, b.token)('GET', `${base}/meal-transfers`)).body.data as TMealTransfersView;
    expect(bView.recent.every((x) => x.from.userId === b.id || x.to.userId === b.id)).toBe(true);
    expect(bView.recent.map((x) => x.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const adminView = (await api(t, admin.token)('GET', `${base}/meal-transfers`)).body.data as TMealTransfersView;
    expect(adminView.recent.map((x) => x.status).sort()).toEqual(['cancelled', 'cancelled', 'cancelled', 'confirmed']);
  });

  it('confirming twice at once writes one ledger row', async () => {
    const { base, owner, a, admin, ledger, balance } = await evenRound();
    const id = (await api(t, a.token)('POST', `${base}/meal-transfers`, { toUserId: owner.id, amount: 10000, method: 'kakaopay' })).body.data.id;
    const both = await Promise.all([
      api(t, owner.token)('POST', `${base}/meal-transfers/${id}/confirm`),
      api(t, admin.token)('POST', `${base}/meal-transfers/${id}/confirm`),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await ledger()).settlements).toHaveLength(1);
    expect(await balance(a.id)).toBe(0);
  });

  it('a seed owner who owes cannot confirm their own transfer; the receiver does', async () => {
    const s = await seedWithMembers(t, 1);
    const host = s.members[0]!;
    const meal = (
      await api(t, host.token)('POST', `${s.base}/meals`, {
        title: '멤버가 낸 점심',
        date: '2026-11-27',
        deadline: inMinutes(clock.now(), 30),
        mode: 'menu',
        options: [{ name: '국밥', price: 9000 }],
        split: 'even',
      })
    ).body.data;
    for (const u of [s.owner, host]) await api(t, u.token)('POST', `${s.base}/meals/${meal.id}/join`, { choice: meal.options[0].id });
    expect((await api(t, host.token)('POST', `${s.base}/meals/${meal.id}/close`)).status).toBe(200);
    const sent = await api(t, s.owner.token)('POST', `${s.base}/meal-transfers`, { toUserId: host.id, amount: 9000, method: 'bank' });
    expect(sent.status).toBe(201);
    const own = await api(t, s.owner.token)('POST', `${s.base}/meal-transfers/${sent.body.data.id}/confirm`);
    expect([own.status, own.body.error]).toEqual([403, tm.server.notOwnConfirm]);
    // Nor through the older route: the owner's own word waits for the receiver (202, already waiting → 409).
    const old = await api(t, s.owner.token)('POST', `${s.base}/meal-ledger/settlements`, { fromUserId: s.owner.id, toUserId: host.id, amount: 9000 });
    expect(old.status).toBe(409);
    expect((await api(t, host.token)('POST', `${s.base}/meal-transfers/${sent.body.data.id}/confirm`)).status).toBe(200);
  });

  it('caps amounts: the debt left, MEAL_AMOUNT_CAP, whole won; a receipt recorded directly too', async () => {
    const { base, owner, a, b, balance, ledger } = await evenRound();
    const send = (amount: unknown) => api(t, a.token)('POST', `${base}/meal-transfers`, { toUserId: owner.id, amount, method: 'toss' });
    const over = await send(10_001);
    expect(over.status).toBe(400);
    expect(over.body.details).toContainEqual({ path: 'amount', message: ko.meal.server.settlementTooMuch('이하나', '김주최', 10000) });
    const absurd = await send(t.config.meal.amountCap + 1);
    expect(absurd.status).toBe(400);
    expect(absurd.body.details).toContainEqual({ path: 'amount', message: ko.meal.validation.amountInvalid(t.config.meal.amountCap, 1) });
    for (const bad of [0, -5, 1.5, '1000']) {
      const r = await send(bad);
      expect(r.status).toBe(400);
      expect(r.body.details).toContainEqual({ path: 'amount', message: tm.validation.amount });
    }
    // Paying someone who is not owed (b owes the owner, not a): refused.
    expect((await api(t, a.token)('POST', `${base}/meal-transfers`, { toUserId: b.id, amount: 1000, method: 'toss' })).status).toBe(400);
    // One transfer waits per payer and receiver: a second 'sent' while the first waits is 409 (no stale pile, no spam).
    const first = (await send(10000)).body.data.id;
    const second = await send(10000);
    expect([second.status, second.body.error]).toEqual([409, tm.server.alreadyPending]);
    let pending = ((await api(t, owner.token)('GET', `${base}/meal-transfers`)).body.data as TMealTransfersView).pending;
    expect(pending.map((x) => [x.id, x.status])).toEqual([[first, 'sent']]);
    expect((await api(t, owner.token)('POST', `${base}/meal-transfers/${first}/confirm`)).status).toBe(200);
    // Paid: nothing more can be marked sent.
    expect((await send(10000)).status).toBe(400);
    pending = ((await api(t, owner.token)('GET', `${base}/meal-transfers`)).body.data as TMealTransfersView).pending;
    expect(pending).toEqual([]);
    // The receiver records money from b directly: up to the debt left; b cannot record a receipt from the owner.
    const got = await api(t, owner.token)('POST', `${base}/meal-transfers/received`, { fromUserId: b.id, amount: 4000 });
    expect(got.status).toBe(201);
    expect(got.body.data).toMatchObject({ status: 'confirmed', from: { userId: b.id }, to: { userId: owner.id } });
    expect(await balance(b.id)).toBe(-6000);
    expect((await api(t, owner.token)('POST', `${base}/meal-transfers/received`, { fromUserId: b.id, amount: 6001 })).status).toBe(400);
    expect((await api(t, b.token)('POST', `${base}/meal-transfers/received`, { fromUserId: owner.id, amount: 100 })).status).toBe(400);
    expect((await ledger()).settlements).toHaveLength(2);
    // The older settlements route keeps working beside it (the receiver records; the payer's word would wait, 202).
    expect((await api(t, owner.token)('POST', `${base}/meal-ledger/settlements`, { fromUserId: b.id, toUserId: owner.id, amount: 6000 })).status).toBe(201);
    expect(await balance(b.id)).toBe(0);
  });
});
