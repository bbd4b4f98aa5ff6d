import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { chatbotMessages } from '../../db/schema-knowledge.ts';
import { chatbotTickets } from '../../db/schema-knowledge.ts';
import { chatbotMessageOriginals } from '../../db/schema-chatbot-pii.ts';
import { createTestApp, dbKinds, freshDatabase, type TTestApp } from '../../test/helpers.ts';
import { eventStreamReader } from '../../test/event-stream-reader.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { isOpen, nextOpening, openingText } from './handoff.hours.ts';
import { LIVE_IDLE_MS, wantsPerson } from './handoff.service.ts';
import { unsealOriginal } from './pii-originals.ts';

const SHOP = 'https://shop.example';
const KST = 9 * 3_600_000;
const kst = (local: string) => new Date(Date.parse(`${local}:00Z`) - KST);
const hours = (h: Partial<{ weekdays: number[]; opensAt: string; closesAt: string; openOnHolidays: boolean }> = {}) => ({
  weekdays: [1, 2, 3, 4, 5],
  opensAt: '09:00',
  closesAt: '18:00',
  openOnHolidays: false,
  ...h,
});

describe('office hours (Asia/Seoul, Korean public holidays)', () => {
  it('is open on a weekday within the hours and closed before, after, at weekends and on holidays unless opted in', () => {
    expect(isOpen(hours(), kst('2026-12-07T09:00'))).toBe(true); // Monday
    expect(isOpen(hours(), kst('2026-12-07T08:59'))).toBe(false);
    expect(isOpen(hours(), kst('2026-12-07T18:00'))).toBe(false);
    expect(isOpen(hours(), kst('2026-12-05T10:00'))).toBe(false); // Saturday
    expect(isOpen(hours(), kst('2026-12-25T10:00'))).toBe(false); // 기독탄신일, a Friday
    expect(isOpen(hours({ openOnHolidays: true }), kst('2026-12-25T10:00'))).toBe(true);
  });

  it('says in Korean when a person answers next: after hours, over a weekend and over a holiday', () => {
    const say = (h: ReturnType<typeof hours>, at: Date) => openingText(nextOpening(h, at)!, at);
    expect(say(hours(), kst('2026-12-07T07:30'))).toBe('오늘 오전 9시');
    expect(say(hours(), kst('2026-12-07T19:00'))).toBe('내일 오전 9시');
    expect(say(hours(), kst('2026-12-04T19:00'))).toBe('월요일 오전 9시'); // Friday evening
    expect(say(hours(), kst('2026-12-24T18:30'))).toBe('월요일 오전 9시'); // Thursday before 성탄절 → Monday the 28th
    expect(say(hours({ openOnHolidays: true }), kst('2026-12-24T18:30'))).toBe('내일 오전 9시');
    expect(say(hours({ opensAt: '13:30' }), kst('2026-12-07T10:00'))).toBe('오늘 오후 1시 30분');
    // 설날 2027 (2/6–2/8, 대체공휴일 2/9): from Friday 2/5 evening the next opening is Wednesday 2/10, named by date.
    expect(say(hours(), kst('2027-02-05T19:00'))).toBe('수요일 오전 9시');
    expect(say(hours({ weekdays: [3] }), kst('2027-02-03T19:00'))).toBe('2월 10일 수요일 오전 9시');
    expect(nextOpening(hours({ weekdays: [] }), kst('2026-12-07T10:00'))).toBeNull();
  });
});

describe('asking for a person in words', () => {
  it('hears casual and polite requests and leaves questions that only mention a person to the bot', () => {
    for (const q of ['사람이랑 얘기하고 싶어요', '상담원 연결해 주세요', '직원분이랑 통화하고 싶어요', '사람하고대화할래요'])
      expect(wantsPerson(q), q).toBe(true);
    for (const q of ['받는 사람 연락처 바꾸고 싶어요', '받는 사람 바꿀 수 있나요', '상담 시간이 어떻게 되나요', '배송비는 얼마예요?'])
      expect(wantsPerson(q), q).toBe(false);
  });
});

describe.each(dbKinds)('chatbot live hand-off (%s)', (kind) => {
  const closers: (() => Promise<unknown>)[] = [];
  /** Customer side on `a`, console side on `b`: two instances on one database and, with REDIS_URL, one Redis. */
  let a: TTestApp;
  let b: TTestApp;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let agent: Awaited<ReturnType<typeof signedIn>>;
  let outsider: Awaited<ReturnType<typeof signedIn>>;
  let base: string;
  let botId: string;
  // The app's clock: today at 10:00 in Seoul, running on from there, so rules on "now" hold whenever the test runs.
  const started = Date.now();
  const tenKst = new Date(started + KST);
  tenKst.setUTCHours(10, 0, 0, 0);
  // Moved on by a test that lets an agent's presence lapse and a live chat go idle; back to 0 at its end.
  let shift = 0;
  const now = () => new Date(tenKst.getTime() - KST + (Date.now() - started) + shift);
  const seoulWeekday = (d: Date) => ((new Date(d.getTime() + KST).getUTCDay() + 6) % 7) + 1;

  beforeAll(async () => {
    const database = await freshDatabase(kind);
    closers.push(() => database.close());
    const env = { AUTH_SECRET: randomBytes(48).toString('base64url'), ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const state = { redisUrl: process.env.REDIS_URL, prefix: `suite-test:${randomBytes(4).toString('hex')}:` };
    a = await createTestApp(kind, { env, database, jobs: false, state, listen: true, now });
    closers.push(a.close);
    // Without Redis, instances share no pub/sub: the console side then runs on the same instance.
    if (process.env.REDIS_URL) {
      b = await createTestApp(kind, { env, database, jobs: false, state, listen: true, now });
      closers.push(b.close);
    } else b = a;
    owner = await signedIn(a, { fullName: '김사장' });
    const seed = (await api(a, owner.token)('POST', '/api/seeds', { seed_name: '하루마켓' })).body.data as { id: string };
    base = `/api/seeds/${seed.id}`;
    agent = await signedIn(a, { fullName: '이상담' });
    await addMember(a.database.db, seed.id, agent.id, 'member');
    outsider = await signedIn(a, { fullName: '남남' });
    const created = await api(a, owner.token)('POST', `${base}/chatbots`, { name: '하루마켓 상담봇', allowedOrigins: [SHOP] });
    expect(created.status).toBe(201);
    botId = created.body.id;
    const faq = { type: 'faq', question: '배송은 며칠 걸리나요?', answer: '결제 후 2~3일 안에 받아 보실 수 있어요.' };
    expect((await api(a, owner.token)('POST', `${base}/chatbots/${botId}/sources`, faq)).status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  const put = (t: TTestApp, token: string, url: string, body: unknown) =>
    t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload: body as object });
  const openAllDay = () =>
    put(
      a,
      owner.token,
      `${base}/chatbots/${botId}/office-hours`,
      hours({ weekdays: [1, 2, 3, 4, 5, 6, 7], opensAt: '00:00', closesAt: '23:59', openOnHolidays: true }),
    );
  const customer = async (ip: string) => {
    const r = await a.app.inject({ method: 'POST', url: `/api/chatbot/${botId}/conversations`, headers: { origin: SHOP }, remoteAddress: ip });
    expect(r.statusCode).toBe(201);
    const c = r.json() as { conversationId: string; token: string };
    const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      a.app.inject({
        method,
        url: `/api/chatbot/${botId}/conversations/${c.conversationId}${path}`,
        headers: { origin: SHOP, authorization: `Bearer ${c.token}` },
        remoteAddress: ip,
        ...(body === undefined ? {} : { payload: body as object }),
      });
    return { ...c, call, ask: async (text: string) => (await call('POST', '/messages', { text })).json() };
  };

  it("a live hand-off: the customer's stream on one instance receives the agent's replies typed through the other (`event: agent`)", async () => {
    expect((await openAllDay()).statusCode).toBe(200);
    const on = await put(b, agent.token, `${base}/chatbots-presence`, { online: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ online: true, agentsOnline: 1 });

    const c = await customer('10.9.0.1');
    const answered = await c.ask('택배 보통 며칠이면 와요?');
    expect(answered).toMatchObject({ answered: true, sources: [{ title: '배송은 며칠 걸리나요?' }] });
    const asked = await c.ask('사람이랑 얘기하고 싶어요');
    expect(asked).toMatchObject({ answer: '상담원을 연결하고 있어요…', answered: false, handoff: { live: true } });

    // The agent's 상담함 on b, over real HTTP with the console's bearer session.
    const inboxAbort = new AbortController();
    const inboxRes = await fetch(`${b.origin}${base}/chatbots/${botId}/inbox/stream`, {
      headers: { authorization: `Bearer ${agent.token}` },
      signal: inboxAbort.signal,
    });
    expect(inboxRes.status).toBe(200);
    const inbox = eventStreamReader(inboxRes);
    await inbox.readUntil('event: ready');

    // The customer's stream on a, over real HTTP with the conversation's token.
    const ac = new AbortController();
    const res = await fetch(`${a.origin}/api/chatbot/${botId}/conversations/${c.conversationId}/stream`, {
      headers: { authorization: `Bearer ${c.token}`, origin: SHOP },
      signal: ac.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
    const widget = eventStreamReader(res);
    await widget.readUntil('"status":"waiting"');

    const list = await api(b, agent.token)('GET', `${base}/chatbots/${botId}/inbox`);
    expect(list.status).toBe(200);
    const chat = (list.body.data as { conversationId: string; status: string; transcript: { role: string; text: string }[] }[])[0]!;
    expect(chat).toMatchObject({ conversationId: c.conversationId, status: 'waiting' });
    expect(chat.transcript.map((l) => l.text)).toEqual(
      expect.arrayContaining(['택배 보통 며칠이면 와요?', '사람이랑 얘기하고 싶어요', '상담원을 연결하고 있어요…']),
    );

    // The customer writes while waiting: the bot stays quiet and the agent's stream on b hears it.
    const relayed = await c.ask('주소를 잘못 적었어요');
    expect(relayed).toMatchObject({ answer: '', answered: false, live: true });
    await inbox.readUntil('주소를 잘못 적었어요');

    const taken = await api(b, agent.token)('POST', `${base}/chatbots/${botId}/inbox/${c.conversationId}/take`);
    expect(taken.status).toBe(200);
    expect(taken.body.data).toMatchObject({ status: 'live', agentId: agent.id, agentName: '이상담' });
    await widget.readUntil('이상담 상담원이 연결되었어요.');
    expect(widget.text()).toContain('event: status');

    // Only the agent who took it replies.
    expect((await api(b, owner.token)('POST', `${base}/chatbots/${botId}/inbox/${c.conversationId}/messages`, { text: '제가 할게요' })).status).toBe(409);
    const sent = await api(b, agent.token)('POST', `${base}/chatbots/${botId}/inbox/${c.conversationId}/messages`, {
      text: '주문번호를 알려 주시면 바로 바꿔 드릴게요.',
    });
    expect(sent.status).toBe(201);
    await widget.readUntil('주문번호를 알려 주시면');
    expect(widget.text()).toMatch(/event: agent\ndata: \{[^\n]*"text":"주문번호를 알려 주시면 바로 바꿔 드릴게요\."/);

    // Stored in the transcript as the agent's.
    const stored = await a.database.db
      .select()
      .from(chatbotMessages)
      .where(and(eq(chatbotMessages.conversationId, c.conversationId), eq(chatbotMessages.role, 'agent')));
    expect(stored.map((m) => m.text)).toEqual(['주문번호를 알려 주시면 바로 바꿔 드릴게요.']);

    const ended = await api(b, agent.token)('POST', `${base}/chatbots/${botId}/inbox/${c.conversationId}/end`);
    expect(ended.status).toBe(200);
    await widget.readUntil('"status":"ended"');
    // The bot answers again.
    expect(await c.ask('배송 며칠 걸려요?')).toMatchObject({ answered: true });
    expect((await api(b, agent.token)('GET', `${base}/chatbots/${botId}/inbox`)).body.data).toEqual([]);
    ac.abort();
    inboxAbort.abort();
  }, 90_000);

  it('outside office hours the bot says when a person answers and the ticket flow stays; in hours with nobody online too', async () => {
    const tomorrow = ((seoulWeekday(now()) % 7) + 1) as number;
    expect((await put(a, owner.token, `${base}/chatbots/${botId}/office-hours`, hours({ weekdays: [tomorrow], openOnHolidays: true }))).statusCode).toBe(200);
    const got = await api(a, agent.token)('GET', `${base}/chatbots/${botId}/office-hours`);
    expect(got.body.data).toMatchObject({ weekdays: [tomorrow], openNow: false, nextOpeningText: '내일 오전 9시' });

    const c = await customer('10.9.0.2');
    const r = await c.call('POST', '/live');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      live: false,
      message: '지금은 상담 시간이 아니에요. 내일 오전 9시부터 답변드릴게요. 이메일을 남겨 주시면 그때 답변을 보내 드려요.',
    });
    const ticket = await c.call('POST', '/handoff', { email: 'buyer@example.com', message: '교환하고 싶어요' });
    expect(ticket.statusCode).toBe(201);
    const rows = await a.database.db.select().from(chatbotTickets).where(eq(chatbotTickets.conversationId, c.conversationId));
    expect(rows).toHaveLength(1);

    // In hours, but the agent switched '상담 가능' off: nobody to connect.
    expect((await openAllDay()).statusCode).toBe(200);
    expect((await put(a, agent.token, `${base}/chatbots-presence`, { online: false })).json().data).toMatchObject({ online: false, agentsOnline: 0 });
    const d = await customer('10.9.0.3');
    expect(await d.ask('상담원 연결해 주세요')).toMatchObject({ answered: false, handoff: { live: false } });
    expect((await api(a, agent.token)('GET', `${base}/chatbots/${botId}/inbox`)).body.data).toEqual([]);

    // Bad hours: a clear Korean 400.
    const bad = await put(a, owner.token, `${base}/chatbots/${botId}/office-hours`, hours({ opensAt: '18:00', closesAt: '09:00' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('마감 시각은 시작 시각보다 늦어야 해요.');
    // A member reads the hours but may not change them.
    expect((await put(a, agent.token, `${base}/chatbots/${botId}/office-hours`, hours())).statusCode).toBe(403);
  }, 60_000);

  it('a chat still waiting when every agent has gone offline ends: the customer is told and offered the ticket form', async () => {
    expect((await openAllDay()).statusCode).toBe(200);
    expect((await put(a, agent.token, `${base}/chatbots-presence`, { online: true })).statusCode).toBe(200);
    const c = await customer('10.9.0.6');
    expect(await c.ask('상담원 연결해 주세요')).toMatchObject({ handoff: { live: true } });
    expect((await api(a, agent.token)('GET', `${base}/chatbots/${botId}/inbox`)).body.data).toHaveLength(1);
    expect((await put(a, agent.token, `${base}/chatbots-presence`, { online: false })).statusCode).toBe(200);
    expect(await c.ask('아직인가요?')).toMatchObject({
      answer: '지금은 연결할 수 있는 상담원이 없어요. 이메일을 남겨 주시면 담당자가 확인하고 답변드릴게요.',
      handoff: { live: false },
    });
    expect((await api(a, agent.token)('GET', `${base}/chatbots/${botId}/inbox`)).body.data).toEqual([]);
    // The bot answers again.
    expect(await c.ask('배송 며칠 걸려요?')).toMatchObject({ answered: true });
  }, 60_000);

  it('asking for a person is limited before anything is stored: 3 an hour per conversation, refused requests leave no row', async () => {
    expect((await openAllDay()).statusCode).toBe(200);
    expect((await put(a, agent.token, `${base}/chatbots-presence`, { online: false })).statusCode).toBe(200);
    const c = await customer('10.9.0.7');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await c.call('POST', '/messages', { text: '상담원 연결해 주세요' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = await c.call('POST', '/live');
    expect(refused.statusCode).toBe(429);
    const rows = await a.database.db.select().from(chatbotMessages).where(eq(chatbotMessages.conversationId, c.conversationId));
    expect(rows.filter((r) => r.role === 'visitor')).toHaveLength(3);
    expect(rows.filter((r) => r.role === 'bot')).toHaveLength(3);
  }, 60_000);

  it("a live chat whose agent went offline ends after 30 quiet minutes; the customer's messages to the agent are masked and sealed", async () => {
    expect((await openAllDay()).statusCode).toBe(200);
    expect((await put(a, agent.token, `${base}/chatbots-presence`, { online: true })).statusCode).toBe(200);
    const c = await customer('10.9.0.8');
    try {
      expect(await c.ask('상담원 연결해 주세요')).toMatchObject({ handoff: { live: true } });
      expect((await api(b, agent.token)('POST', `${base}/chatbots/${botId}/inbox/${c.conversationId}/take`)).status).toBe(200);
      expect(
        (await api(b, agent.token)('POST', `${base}/chatbots/${botId}/inbox/${c.conversationId}/messages`, { text: '연락처를 알려 주세요.' })).status,
      ).toBe(201);

      // Relayed to the agent: stored masked, the original sealed for the hand-off (decision 082), the 상담함 masked.
      expect(await c.ask('제 번호는 010-2345-6789 이에요')).toMatchObject({ answer: '', live: true });
      const [visitorLine] = await a.database.db
        .select()
        .from(chatbotMessages)
        .where(and(eq(chatbotMessages.conversationId, c.conversationId), eq(chatbotMessages.text, '제 번호는 010-****-6789 이에요')));
      expect(visitorLine).toBeDefined();
      const sealed = await a.database.db.select().from(chatbotMessageOriginals).where(eq(chatbotMessageOriginals.messageId, visitorLine!.id));
      expect(sealed.map((o) => o.kinds)).toEqual([['phone']]);
      expect(sealed[0]!.sealed).not.toContain('2345');
      expect(await unsealOriginal({ db: a.database.db, config: a.config }, c.conversationId, visitorLine!.id)).toBe('제 번호는 010-2345-6789 이에요');
      const seen = (await api(b, agent.token)('GET', `${base}/chatbots/${botId}/inbox`)).body.data as { transcript: { text: string }[] }[];
      const texts = seen.flatMap((chat) => chat.transcript.map((l) => l.text));
      expect(texts).toContain('제 번호는 010-****-6789 이에요');
      expect(texts.join('\n')).not.toContain('2345');

      // The agent goes offline: within 30 minutes of taking the chat it stays theirs, and so past them while their
      // last message is recent (the database's clock stamps messages; the app's clock moves here).
      expect((await put(b, agent.token, `${base}/chatbots-presence`, { online: false })).statusCode).toBe(200);
      shift = LIVE_IDLE_MS - 5 * 60_000;
      expect(await c.ask('아직 계신가요?')).toMatchObject({ answer: '', live: true });
      shift = LIVE_IDLE_MS + 60_000;
      expect(await c.ask('확인 중이신가요?')).toMatchObject({ answer: '', live: true });

      // Another chat the agent took and left without a word: 30 minutes on, offline, it ends; the customer is told and
      // the bot answers again.
      shift = 0;
      expect((await put(b, agent.token, `${base}/chatbots-presence`, { online: true })).statusCode).toBe(200);
      const d = await customer('10.9.0.10');
      expect(await d.ask('상담원 연결해 주세요')).toMatchObject({ handoff: { live: true } });
      expect((await api(b, agent.token)('POST', `${base}/chatbots/${botId}/inbox/${d.conversationId}/take`)).status).toBe(200);
      expect((await put(b, agent.token, `${base}/chatbots-presence`, { online: false })).statusCode).toBe(200);
      shift = LIVE_IDLE_MS - 5 * 60_000;
      expect(await d.ask('계세요?')).toMatchObject({ answer: '', live: true });
      shift = LIVE_IDLE_MS + 60_000;
      expect(await d.ask('여보세요?')).toMatchObject({
        answer: '상담원의 답변이 한동안 없어 상담을 마쳤어요. 이제 챗봇이 답변드릴게요. 사람의 답변이 필요하시면 이메일을 남겨 주세요.',
        handoff: { live: false },
      });
      const left = (await api(b, agent.token)('GET', `${base}/chatbots/${botId}/inbox`)).body.data as { conversationId: string }[];
      expect(left.map((chat) => chat.conversationId)).not.toContain(d.conversationId);
      expect(await d.ask('배송 며칠 걸려요?')).toMatchObject({ answered: true });
      expect((await api(b, agent.token)('POST', `${base}/chatbots/${botId}/inbox/${d.conversationId}/messages`, { text: '늦었어요' })).status).toBe(409);
      // The first chat, whose agent wrote recently, is still open; the agent ends it.
      expect(left.map((chat) => chat.conversationId)).toContain(c.conversationId);
      expect((await api(b, agent.token)('POST', `${base}/chatbots/${botId}/inbox/${c.conversationId}/end`)).status).toBe(200);
    } finally {
      shift = 0;
    }
  }, 60_000);

  it("a waiting chat ends in the 상담함 and on the widget's stream once nobody is online, not only at the next message", async () => {
    expect((await openAllDay()).statusCode).toBe(200);
    expect((await put(a, agent.token, `${base}/chatbots-presence`, { online: true })).statusCode).toBe(200);
    const c = await customer('10.9.0.9');
    expect(await c.ask('상담원 연결해 주세요')).toMatchObject({ handoff: { live: true } });
    expect((await api(a, agent.token)('GET', `${base}/chatbots/${botId}/inbox`)).body.data).toHaveLength(1);
    try {
      shift = 2 * 60_000; // the agent's presence (90 s) lapsed without switching off
      expect((await api(a, owner.token)('GET', `${base}/chatbots/${botId}/inbox`)).body.data).toEqual([]);
      const ac = new AbortController();
      const res = await fetch(`${a.origin}/api/chatbot/${botId}/conversations/${c.conversationId}/stream`, {
        headers: { authorization: `Bearer ${c.token}`, origin: SHOP },
        signal: ac.signal,
      });
      const widget = eventStreamReader(res);
      await widget.readUntil('"status":"ended"');
      ac.abort();
      const last = await a.database.db.select().from(chatbotMessages).where(eq(chatbotMessages.conversationId, c.conversationId));
      expect(last.map((m) => m.text)).toContain('지금은 연결할 수 있는 상담원이 없어요. 이메일을 남겨 주시면 담당자가 확인하고 답변드릴게요.');
      expect(await c.ask('배송 며칠 걸려요?')).toMatchObject({ answered: true });
    } finally {
      shift = 0;
    }
  }, 60_000);

  it("permissions: only the seed's members see the 상담함; a customer token opens only its own conversation", async () => {
    expect((await api(a, outsider.token)('GET', `${base}/chatbots/${botId}/inbox`)).status).toBe(404);
    expect((await put(a, outsider.token, `${base}/chatbots-presence`, { online: true })).statusCode).toBe(404);
    const streamAs = await fetch(`${a.origin}${base}/chatbots/${botId}/inbox/stream`, { headers: { authorization: `Bearer ${outsider.token}` } });
    expect(streamAs.status).toBe(404);
    expect((await fetch(`${a.origin}${base}/chatbots/${botId}/inbox/stream`)).status).toBe(401);

    const mine = await customer('10.9.0.4');
    const theirs = await customer('10.9.0.5');
    const stolen = await fetch(`${a.origin}/api/chatbot/${botId}/conversations/${theirs.conversationId}/stream`, {
      headers: { authorization: `Bearer ${mine.token}`, origin: SHOP },
    });
    expect(stolen.status).toBe(401);
    const noToken = await fetch(`${a.origin}/api/chatbot/${botId}/conversations/${theirs.conversationId}/stream`, { headers: { origin: SHOP } });
    expect(noToken.status).toBe(401);
    const otherSite = await fetch(`${a.origin}/api/chatbot/${botId}/conversations/${mine.conversationId}/stream`, {
      headers: { authorization: `Bearer ${mine.token}`, origin: 'https://evil.example' },
    });
    expect(otherSite.status).toBe(403);
    // An agent cannot take a conversation that never asked for a person.
    expect((await api(a, agent.token)('POST', `${base}/chatbots/${botId}/inbox/${mine.conversationId}/take`)).status).toBe(404);
  }, 60_000);
});
