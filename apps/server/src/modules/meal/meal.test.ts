import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, testClock, type TTestContext } from '../../test/helpers.ts';
import { eventStreamReader } from '../../test/event-stream-reader.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { evenRoundAllJoined, inMinutes, seedWithMembers } from './testing/meal-test-kit.ts';
import { inboxOf } from '../notifications/testing/notices-test-kit.ts';
import { pendingByKey } from '../../lib/jobs/jobs.repository.ts';
import { setRoomsChatSender, type TRoomsChatMessage } from '../rooms/rooms-chat.service.ts';

/** The README's formula, written again here from its text (not imported from the server). */
function recompute(roundId: string, serverSeed: string, clientSeeds: { userId: string; clientSeed: string }[], payerCount: number) {
  const ordered = [...clientSeeds].sort((a, b) => (a.userId < b.userId ? -1 : 1));
  const seeds = ordered.map((c) => c.clientSeed).join(':');
  const hmac = (msg: string) => createHmac('sha256', serverSeed).update(msg).digest('hex');
  const h = hmac(`${roundId}:${seeds}`);
  const remaining = ordered.map((c) => c.userId);
  const payers: string[] = [];
  for (let k = 0; k < payerCount; k++) {
    const hk = k === 0 ? h : hmac(`${roundId}:${k}:${seeds}`);
    const i = parseInt(hk.slice(0, 8), 16) % remaining.length;
    payers.push(remaining.splice(i, 1)[0]!);
  }
  return { h, payers, commitment: createHash('sha256').update(serverSeed).digest('hex') };
}

describe.each(dbKinds)('meal manager (%s)', (kind) => {
  let t: TTestContext;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, now: clock.now });
  });
  afterAll(async () => t?.close());

  it('opens a ladder round, four members join with client seeds, closes, draws once, and the payer recomputes from the revealed values', async () => {
    const { owner, members, base } = await seedWithMembers(t, 3);
    const everyone = [owner, ...members];
    const responses: string[] = [];
    const keep = <T extends { body: unknown }>(r: T) => {
      responses.push(JSON.stringify(r.body));
      expect(JSON.stringify(r.body)).not.toContain('serverSeed');
      return r;
    };
    const o = api(t, owner.token);
    const created = keep(
      await o('POST', `${base}/meals`, {
        title: '금요일 점심',
        date: '2026-11-27',
        deadline: inMinutes(clock.now(), 60),
        mode: 'menu',
        options: [
          { name: '김치찌개', price: 9000 },
          { name: '제육볶음', price: 10000 },
        ],
        split: 'ladder',
      }),
    );
    expect(created.status).toBe(201);
    const meal = created.body.data;
    expect(meal.commitment).toMatch(/^[0-9a-f]{64}$/);
    const mealUrl = `${base}/meals/${meal.id}`;
    const seeds = ['alpha', 'b-2', '', 'zz_top'];
    for (const [i, u] of everyone.entries()) {
      const body = { choice: meal.options[i % 2].id, ...(seeds[i] ? { clientSeed: seeds[i] } : {}) };
      const r = keep(await api(t, u.token)('POST', `${mealUrl}/join`, body));
      expect(r.status).toBe(200);
    }
    for (const u of everyone) keep(await api(t, u.token)('GET', mealUrl));
    expect(keep(await o('PATCH', mealUrl, { title: '금요일 점심 (사다리)' })).status).toBe(200);
    // Declining and joining again (a change of mind) also never reveal it.
    expect(keep(await api(t, members[2]!.token)('POST', `${mealUrl}/decline`)).status).toBe(200);
    expect(keep(await api(t, members[2]!.token)('POST', `${mealUrl}/join`, { choice: meal.options[1].id, clientSeed: seeds[3] })).status).toBe(200);
    keep(await o('GET', `${base}/meals`));
    keep(await o('GET', `${base}/meals?status=open`));
    const early = keep(await o('POST', `${mealUrl}/draw`));
    expect(early.status).toBe(409);
    const closed = keep(await o('POST', `${mealUrl}/close`));
    expect(closed.status).toBe(200);
    expect(closed.body.data.summary).toEqual({
      items: [
        { label: '김치찌개', quantity: 2, amount: 18000 },
        { label: '제육볶음', quantity: 2, amount: 20000 },
      ],
      total: 38000,
    });
    keep(await o('GET', mealUrl));
    keep(await o('GET', `${base}/meals?status=closed`));
    const notHost = await api(t, members[0]!.token)('POST', `${mealUrl}/draw`);
    expect(notHost.status).toBe(403);

    const drawn = await o('POST', `${mealUrl}/draw`);
    expect(drawn.status).toBe(200);
    const d = drawn.body as {
      payers: { userId: string }[];
      serverSeed: string;
      commitment: string;
      clientSeeds: { userId: string; clientSeed: string }[];
      h: string;
    };
    expect(Object.keys(d).sort()).toEqual(['clientSeeds', 'commitment', 'h', 'payers', 'serverSeed']);
    expect(d.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    for (const body of responses) expect(body).not.toContain(d.serverSeed);
    expect(d.commitment).toBe(meal.commitment);
    expect(d.clientSeeds.map((c) => c.clientSeed).sort()).toEqual([...seeds].sort());
    const again = recompute(meal.id, d.serverSeed, d.clientSeeds, 1);
    expect(again.commitment).toBe(d.commitment);
    expect(again.h).toBe(d.h);
    expect(d.payers.map((p) => p.userId)).toEqual(again.payers);

    const second = await o('POST', `${mealUrl}/draw`);
    expect(second.status).toBe(409);
    expect(second.body.error).toContain('이미 추첨');
    const after = await api(t, members[1]!.token)('GET', mealUrl);
    expect(after.body.data.draw.serverSeed).toBe(d.serverSeed);
    expect(after.body.data.status).toBe('drawn');

    // The payer paid 38 000 won for everyone: nobody owes anything, the payer bore it all.
    const ledger = (await o('GET', `${base}/meal-ledger`)).body;
    expect(ledger.transfers).toEqual([]);
    expect(ledger.monthly).toEqual([{ userId: d.payers[0]!.userId, name: expect.any(String), month: '2026-11', amount: 38000 }]);
  });

  it('splits two payers evenly and the second payer owes the first', async () => {
    const { owner, members, base } = await seedWithMembers(t, 2);
    const o = api(t, owner.token);
    const meal = (
      await o('POST', `${base}/meals`, {
        title: '룰렛 점심',
        date: '2026-12-01',
        deadline: inMinutes(clock.now(), 30),
        mode: 'free',
        restaurant: '김밥천국',
        split: 'roulette',
        payerCount: 2,
      })
    ).body.data;
    for (const [i, u] of [owner, ...members].entries()) {
      expect((await api(t, u.token)('POST', `${base}/meals/${meal.id}/join`, { choice: `메뉴${i}`, price: 3001 + i, clientSeed: `s${i}` })).status).toBe(200);
    }
    await o('POST', `${base}/meals/${meal.id}/close`);
    const d = (await o('POST', `${base}/meals/${meal.id}/draw`)).body;
    const again = recompute(meal.id, d.serverSeed, d.clientSeeds, 2);
    expect(d.payers.map((p: { userId: string }) => p.userId)).toEqual(again.payers);
    const ledger = (await o('GET', `${base}/meal-ledger`)).body;
    const total = 3001 + 3002 + 3003;
    expect(ledger.transfers).toEqual([
      { from: expect.objectContaining({ userId: again.payers[1] }), to: expect.objectContaining({ userId: again.payers[0] }), amount: Math.floor(total / 2) },
    ]);
  });

  it('even split: the host is owed, balances sum to zero, settling clears them, CSV lists every row', async () => {
    const { owner, members, base } = await seedWithMembers(t, 2);
    const o = api(t, owner.token);
    const meal = await evenRoundAllJoined(
      t,
      { owner, members, base },
      { title: '회식', date: '2026-11-30', deadline: inMinutes(clock.now(), 30), option: { name: '삼겹살', price: 10000 } },
    );
    // 30 000 / 3 = 10 000 each; the host paid.
    const closed = (await o('POST', `${base}/meals/${meal.id}/close`)).body.data;
    expect(closed.paidBy.userId).toBe(owner.id);
    expect(closed.shares.map((s: { amount: number }) => s.amount)).toEqual([10000, 10000, 10000]);
    let ledger = (await o('GET', `${base}/meal-ledger`)).body;
    expect(ledger.balances.reduce((s: number, b: { balance: number }) => s + b.balance, 0)).toBe(0);
    expect(ledger.balances.find((b: { userId: string }) => b.userId === owner.id).balance).toBe(20000);
    expect(ledger.transfers).toHaveLength(2);
    // A member who is neither party cannot record someone else's transfer.
    const [first, second] = ledger.transfers as { from: { userId: string }; to: { userId: string }; amount: number }[];
    const outsider = members.find((x) => x.id !== first!.from.userId)!;
    const refused = await api(t, outsider.token)('POST', `${base}/meal-ledger/settlements`, {
      fromUserId: first!.from.userId,
      toUserId: first!.to.userId,
      amount: first!.amount,
    });
    expect(refused.status).toBe(403);
    for (const tr of [first!, second!]) {
      // The payer's own word only marks it sent (202, issue 38); the receiver records it (201).
      const payer = members.find((x) => x.id === tr.from.userId)!;
      const told = await api(t, payer.token)('POST', `${base}/meal-ledger/settlements`, {
        fromUserId: tr.from.userId,
        toUserId: tr.to.userId,
        amount: tr.amount,
      });
      expect(told.status).toBe(202);
      expect(told.body.balances.find((b: { userId: string }) => b.userId === tr.from.userId).balance).toBe(-tr.amount);
      const receiver = [owner, ...members].find((x) => x.id === tr.to.userId)!;
      const r = await api(t, receiver.token)('POST', `${base}/meal-ledger/settlements`, {
        fromUserId: tr.from.userId,
        toUserId: tr.to.userId,
        amount: tr.amount,
      });
      expect(r.status).toBe(201);
    }
    ledger = (await o('GET', `${base}/meal-ledger`)).body;
    expect(ledger.transfers).toEqual([]);
    expect(ledger.balances.every((b: { balance: number }) => b.balance === 0)).toBe(true);
    expect(ledger.settlements).toHaveLength(2);
    const csv = await t.app.inject({ method: 'GET', url: `${base}/meal-ledger/export`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]!.replace('\uFEFF', '')).toBe('날짜,라운드,구분,보낸 사람,받은 사람,금액(원)');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain('2026-11-30,회식,식사');
  });

  it('reminds only members who have not answered, closes at the deadline, and a cancelled round keeps no jobs', async () => {
    const { owner, members, base } = await seedWithMembers(t, 3);
    const o = api(t, owner.token);
    const meal = (
      await o('POST', `${base}/meals`, { title: '마감 테스트', date: '2026-11-28', deadline: inMinutes(clock.now(), 20), mode: 'free', split: 'itemised' })
    ).body.data;
    expect((await pendingByKey(t.database.db, `meal:${meal.id}`)).map((j) => j.kind).sort()).toEqual(['meal.close', 'meal.remind']);
    // The other members hear of the round in their inbox (meal.round-opened: the console by default), the host does not.
    const opened = (await inboxOf(t, members[0]!.token)).filter((x) => x.event === 'meal.round-opened');
    expect(opened.map((x) => [x.title, x.link])).toEqual([['식사 라운드가 열렸습니다: 마감 테스트', `/admin/services/meal/${meal.id}`]]);
    expect((await inboxOf(t, owner.token)).filter((x) => x.event === 'meal.round-opened')).toEqual([]);
    await api(t, members[0]!.token)('POST', `${base}/meals/${meal.id}/join`, { choice: '비빔밥', price: 8000 });
    await api(t, members[1]!.token)('POST', `${base}/meals/${meal.id}/decline`);
    const other = (
      await o('POST', `${base}/meals`, { title: '취소될 라운드', date: '2026-11-28', deadline: inMinutes(clock.now(), 20), mode: 'free', split: 'even' })
    ).body.data;
    expect((await o('DELETE', `${base}/meals/${other.id}`)).status).toBe(200);
    expect(await pendingByKey(t.database.db, `meal:${other.id}`)).toEqual([]);

    clock.advance(11 * 60_000);
    while ((await t.app.jobs.runDue()) > 0);
    const reminded = async (token: string) => (await inboxOf(t, token)).filter((x) => x.event === 'meal.closing-soon').length;
    expect(await reminded(members[2]!.token)).toBe(1);
    expect(await reminded(owner.token)).toBe(1);
    expect(await reminded(members[0]!.token)).toBe(0);
    expect(await reminded(members[1]!.token)).toBe(0);
    expect((await o('GET', `${base}/meals/${meal.id}`)).body.data.status).toBe('open');

    clock.advance(10 * 60_000);
    while ((await t.app.jobs.runDue()) > 0);
    const after = (await o('GET', `${base}/meals/${meal.id}`)).body.data;
    expect(after.status).toBe('closed');
    expect(after.summary.total).toBe(8000);
    expect(await reminded(members[2]!.token)).toBe(1);
    const closed = (await inboxOf(t, members[0]!.token)).filter((x) => x.event === 'meal.closed');
    expect(closed.map((x) => x.title)).toEqual(['마감 테스트 주문이 마감되었습니다']);
    expect(closed[0]!.body).toContain('비빔밥 × 1');
    const late = await api(t, members[2]!.token)('POST', `${base}/meals/${meal.id}/join`, { choice: '라면' });
    expect(late.status).toBe(409);
  });

  it('validates input in Korean and hides rounds from non-members', async () => {
    const { owner, members, base } = await seedWithMembers(t, 1);
    const o = api(t, owner.token);
    const bad = await o('POST', `${base}/meals`, { title: '', date: '11/27', deadline: 'soon', mode: 'menu', options: [], split: 'coin' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('제목을 입력해주세요');
    const past = await o('POST', `${base}/meals`, { title: '지난', date: '2026-11-27', deadline: inMinutes(clock.now(), -5), mode: 'free', split: 'even' });
    expect(past.status).toBe(400);
    const meal = (
      await o('POST', `${base}/meals`, {
        title: '권한',
        date: '2026-11-27',
        deadline: inMinutes(clock.now(), 30),
        mode: 'menu',
        options: [{ name: '국수', price: 7000 }],
        split: 'even',
      })
    ).body.data;
    const wrong = await api(t, members[0]!.token)('POST', `${base}/meals/${meal.id}/join`, { choice: 'nope' });
    expect(wrong.status).toBe(400);
    expect((await api(t, members[0]!.token)('POST', `${base}/meals/${meal.id}/close`)).status).toBe(403);
    expect((await api(t, members[0]!.token)('DELETE', `${base}/meals/${meal.id}`)).status).toBe(403);
    const stranger = await seedWithMembers(t, 0);
    expect((await api(t, stranger.owner.token)('GET', `${base}/meals/${meal.id}`)).status).toBe(404);
    expect((await api(t, stranger.owner.token)('GET', `${base}/meal-ledger`)).status).toBe(404);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/seeds/{seedId}/meals',
      '/api/seeds/{seedId}/meals/{mealId}',
      '/api/seeds/{seedId}/meals/{mealId}/draw',
      '/api/seeds/{seedId}/meal-ledger',
      '/api/seeds/{seedId}/meal-ledger/settlements',
    ]) {
      expect(doc.paths[path]).toBeDefined();
    }
  });

  it('sends chat through the Slack hook when the seed has a workspace, and streams round changes to open screens', async () => {
    const { owner, members, base, seedId } = await seedWithMembers(t, 1);
    const chats: TRoomsChatMessage[] = [];
    // The Slack module's registered sender answers true only for seeds with a connected workspace; here: this seed.
    setRoomsChatSender(async (msg) => {
      if (msg.seedId !== seedId) return false;
      chats.push(msg);
      return true;
    });
    try {
      const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const ac = new AbortController();
      const res = await fetch(`${origin}${base}/meals/stream`, { headers: { authorization: `Bearer ${members[0]!.token}` }, signal: ac.signal });
      expect(res.status).toBe(200);
      const { readUntil, text } = eventStreamReader(res);
      await readUntil('event: ready');
      const meal = (
        await api(t, owner.token)('POST', `${base}/meals`, {
          title: '채팅 알림',
          date: '2026-11-27',
          deadline: inMinutes(clock.now(), 30),
          mode: 'free',
          split: 'even',
        })
      ).body.data;
      await readUntil(meal.id);
      await api(t, members[0]!.token)('POST', `${base}/meals/${meal.id}/join`, { choice: '냉면', price: 9000 });
      await readUntil('"type":"joined"');
      expect(text()).toContain(`event: meal\ndata: {"type":"created","mealId":"${meal.id}"}`);
      ac.abort();
      expect(chats).toHaveLength(1);
      expect(chats[0]!.emails).toEqual([members[0]!.email.toLowerCase()]);
      expect(chats[0]!.text).toContain('채팅 알림');
    } finally {
      setRoomsChatSender(undefined);
    }
  });
});
