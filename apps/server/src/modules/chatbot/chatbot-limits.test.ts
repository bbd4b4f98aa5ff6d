/**
 * Issue 27 items 9, 10, 22 and the chatbot parts of 28: hand-off limits and the digest notice (through the
 * notification service, issue 30), per-address question limits before the bot-wide one (and the owner told once), editing and deleting a bot
 * with refused origins recorded, the resolution rate without console previews, a web page's fetch error explained.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, testClock, type TTestContext } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { mailsTo, seedWithMembers } from '../meal/testing/meal-test-kit.ts';
import { FAQ } from './testing/faq-set.ts';
import { LIMITS } from './chatbot.service.ts';
import { purgeTickets } from './chatbot.repository.ts';
import { TICKET_RETENTION_DAYS } from './chatbot-notify.ts';
import { chatbotTickets } from '../../db/schema-knowledge.ts';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema-jobs.ts';
import { inboxOf, quietHoursOff, runAllDue } from '../notifications/testing/notices-test-kit.ts';

const s = ko.chatbot.server;
const n = ko.notifications.notices;
const SHOP = 'https://shop.example';
const KNOWN = '배송비 얼마예요?';
const UNKNOWN = '사장님 생일이 언제인가요?';

describe.each(dbKinds)('chatbot limits, hand-off mail and bot settings (%s)', (kind) => {
  let t: TTestContext;
  let owner: Awaited<ReturnType<typeof seedWithMembers>>['owner'];
  let member: Awaited<ReturnType<typeof seedWithMembers>>['members'][number];
  let base: string;
  const clock = testClock();
  beforeAll(async () => {
    // A small seed mail quota: hand-offs used to spend it (one mail each) and then block the seed's invitations.
    t = await createTestApp(kind, { jobs: false, now: clock.now, env: { ALLOW_PRIVATE_URLS: 'true', MAIL_QUOTA_SEED_HOURLY: '5' } });
    const s = await seedWithMembers(t, 1);
    owner = s.owner;
    member = s.members[0]!;
    base = s.base;
    // The test runs on the system clock: at night in Seoul the hand-off mails would wait for the morning.
    await quietHoursOff(t, owner.token);
  }, 120_000);
  afterAll(async () => t?.close());

  const newBot = async (name: string) => {
    const o = api(t, owner.token);
    const created = await o('POST', `${base}/chatbots`, { name, allowedOrigins: [SHOP] });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    for (const f of FAQ.slice(0, 3)) expect((await o('POST', `${base}/chatbots/${id}/sources`, { type: 'faq', ...f })).status).toBe(201);
    return id;
  };
  const call = (method: 'POST' | 'GET', url: string, opts: { origin?: string; token?: string; body?: unknown; ip?: string } = {}) =>
    t.app.inject({
      method,
      url,
      remoteAddress: opts.ip ?? '203.0.113.1',
      headers: { ...(opts.origin ? { origin: opts.origin } : {}), ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
  const start = async (botId: string, ip: string, origin = SHOP) => {
    const r = await call('POST', `/api/chatbot/${botId}/conversations`, { origin, ip });
    expect(r.statusCode).toBe(201);
    return r.json() as { conversationId: string; token: string };
  };
  const ask = (botId: string, c: { conversationId: string; token: string }, ip: string, text = KNOWN, origin = SHOP) =>
    call('POST', `/api/chatbot/${botId}/conversations/${c.conversationId}/messages`, { origin, ip, token: c.token, body: { text } });
  const handoff = (botId: string, c: { conversationId: string; token: string }, ip: string, email: string) =>
    call('POST', `/api/chatbot/${botId}/conversations/${c.conversationId}/handoff`, {
      origin: SHOP,
      ip,
      token: c.token,
      body: { email, message: '연락 주세요' },
    });
  const teamMails = async (botName: string) => (await mailsTo(t, owner.email)).filter((m) => m.subject.includes(botName));

  it('hand-offs: limited per conversation and per address, every accepted one stored with the e-mail, one notice then one digest to the managers, the seed quota barely touched', async () => {
    const botId = await newBot('하루마켓 상담봇');
    // One address: 10 an hour, the 11th refused with a Korean 429 (no ticket for it).
    const statuses: number[] = [];
    let refused: { error?: string } = {};
    for (let i = 0; i < 11; i++) {
      const r = await handoff(botId, await start(botId, '198.51.100.7'), '198.51.100.7', `visitor${i}@example.com`);
      statuses.push(r.statusCode);
      if (r.statusCode === 429) refused = r.json();
      if (i === 0) await runAllDue(t); // the first of the window is told at once (the runner polls every few seconds)
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    expect(refused.error).toBe(s.handoffRateLimited);
    // One conversation: 3 an hour.
    const c = await start(botId, '198.51.100.8');
    const again = [];
    for (let i = 0; i < 4; i++) again.push((await handoff(botId, c, '198.51.100.8', 'same@example.com')).statusCode);
    expect(again).toEqual([201, 201, 201, 429]);

    const tickets = (await api(t, owner.token)('GET', `${base}/chatbots/${botId}/tickets`)).body.data as { email: string }[];
    expect(tickets).toHaveLength(13);
    expect(tickets.map((x) => x.email)).toContain('visitor0@example.com');

    // The first hand-off of the window was told at once; the other 12 wait for the window's digest.
    await runAllDue(t);
    let mails = await teamMails('하루마켓 상담봇');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`[컴퍼니 툴즈] ${n.chatbotHandoffTitle('하루마켓 상담봇')}`);
    expect(mails[0]!.text).toContain('tab=tickets');
    clock.advance(11 * 60_000);
    await runAllDue(t);
    mails = await teamMails('하루마켓 상담봇');
    expect(mails).toHaveLength(2);
    const digest = mails.find((m) => m.subject === `[컴퍼니 툴즈] ${n.chatbotHandoffDigestTitle('하루마켓 상담봇', 12)}`);
    expect(digest?.text).toContain('visitor9@example.com');
    expect(digest?.text).toContain('same@example.com');
    clock.advance(11 * 60_000);
    await runAllDue(t);
    expect(await teamMails('하루마켓 상담봇')).toHaveLength(2);
    // The owner's inbox has the same two, linking to the bot's tickets; the member (not a manager) has none.
    const told = (await inboxOf(t, owner.token)).filter((x) => x.event === 'chatbot.handoff' && x.title.startsWith('하루마켓 상담봇'));
    expect(told).toHaveLength(2);
    expect(told.every((x) => x.link?.startsWith(`/admin/services/ai-chatbot?seed=`) && x.link.includes(`bot=${botId}&tab=tickets`))).toBe(true);
    expect((await inboxOf(t, member.token)).filter((x) => x.event === 'chatbot.handoff')).toEqual([]);

    // The seed's mail quota (5 an hour here) counts the 2 mails sent, not the 13 hand-offs: invitations still go out.
    const invited = await api(t, owner.token)('POST', `${base}/invitations`, { email: 'newcomer@example.com' });
    expect(invited.status).toBe(201);
  }, 120_000);

  it('Slack: a notice per hand-off for the first 10 of a window, then one count of the rest at its end', async () => {
    const botId = await newBot('슬랙 봇');
    expect((await api(t, owner.token)('PATCH', `${base}/chatbots/${botId}`, { slackChannelId: 'C0HANDOFF' })).status).toBe(200);
    for (let i = 0; i < 13; i++) {
      const ip = `198.51.100.${20 + Math.floor(i / 5)}`;
      expect((await handoff(botId, await start(botId, ip), ip, `slack${i}@example.com`)).statusCode).toBe(201);
    }
    const slackJobs = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'chatbot.handoff-slack'));
    const mine = slackJobs.filter((j) => (j.payload as { botId?: string }).botId === botId);
    expect(mine.filter((j) => (j.payload as { ticketId?: string }).ticketId)).toHaveLength(10);
    const digest = mine.filter((j) => (j.payload as { since?: string }).since);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.runAt.getTime()).toBeGreaterThan(clock.now().getTime() + 60_000);
  });

  it('questions: limited per address before the bot-wide budget, so other visitors still get answers; the team hears once when the bot-wide cap is hit', async () => {
    const botId = await newBot('질문 한도 봇');
    // One address, fresh conversations: the 61st question in the minute is refused, not the bot.
    const ip = '192.0.2.10';
    const codes: number[] = [];
    let c = await start(botId, ip);
    for (let i = 0; i < 62; i++) {
      if (i % 20 === 0 && i) c = await start(botId, ip);
      codes.push((await ask(botId, c, ip)).statusCode);
    }
    expect(codes.filter((x) => x === 200)).toHaveLength(LIMITS.address.max);
    expect(codes.slice(-2)).toEqual([429, 429]);
    const other = await ask(botId, await start(botId, '192.0.2.11'), '192.0.2.11');
    expect(other.statusCode).toBe(200);

    // Genuine volume from many addresses reaches the bot-wide cap: visitors are told, the team is mailed once.
    const saved = LIMITS.bot.max;
    LIMITS.bot.max = 90; // 62+2 starts and 64 questions counted so far
    try {
      const refusals: string[] = [];
      for (let n = 0; n < 4; n++) {
        const addr = `192.0.2.${20 + n}`;
        const conv = await start(botId, addr).catch(() => null);
        if (!conv) continue;
        for (let i = 0; i < 10; i++) {
          const r = await ask(botId, conv, addr);
          if (r.statusCode === 429) refusals.push(r.json().error);
        }
      }
      expect(refusals.length).toBeGreaterThan(0);
      expect(refusals.every((e) => e === s.botRateLimited)).toBe(true);
    } finally {
      LIMITS.bot.max = saved;
    }
    await t.app.jobs.runDue();
    const capMails = (await mailsTo(t, owner.email)).filter((m) => m.subject === s.capMailSubject('질문 한도 봇'));
    expect(capMails).toHaveLength(1);
    const bot = (await api(t, owner.token)('GET', `${base}/chatbots`)).body.data.find((b: { id: string }) => b.id === botId);
    expect(bot.cappedAt).toEqual(expect.any(String));
  }, 120_000);

  it('a bot is edited (name, greeting, colour, origins) and deleted by its managers; refused origins are recorded with the time, at most 10', async () => {
    const botId = await newBot('설정 봇');
    const o = api(t, owner.token);
    expect((await api(t, member.token)('PATCH', `${base}/chatbots/${botId}`, { name: 'x' })).status).toBe(403);
    expect((await api(t, member.token)('DELETE', `${base}/chatbots/${botId}`)).status).toBe(403);

    // A mistyped origin: the real site is refused, and the bot records where and when.
    const mistyped = await o('PATCH', `${base}/chatbots/${botId}`, { allowedOrigins: ['https://shop.exmaple'] });
    expect(mistyped.status).toBe(200);
    expect((await call('GET', `/api/chatbot/${botId}/widget`, { origin: SHOP })).statusCode).toBe(403);
    for (let i = 0; i < 12; i++) await call('GET', `/api/chatbot/${botId}/widget`, { origin: `https://site${i}.example` });
    await call('GET', `/api/chatbot/${botId}/widget`, { origin: 'https://site11.example' }); // seen again: not a second entry
    let bot = (await o('GET', `${base}/chatbots`)).body.data.find((b: { id: string }) => b.id === botId);
    expect(bot.refusedOrigins).toHaveLength(10);
    expect(bot.refusedOrigins[0]).toEqual({ origin: 'https://site11.example', lastSeenAt: expect.any(String) });
    expect(new Set(bot.refusedOrigins.map((r: { origin: string }) => r.origin)).size).toBe(10);

    const edited = await o('PATCH', `${base}/chatbots/${botId}`, {
      name: '하루마켓 도우미',
      greeting: '무엇이든 물어보세요',
      brandColor: '#10b981',
      allowedOrigins: [SHOP],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: '하루마켓 도우미', greeting: '무엇이든 물어보세요', brandColor: '#10b981', allowedOrigins: [SHOP] });
    const widget = await call('GET', `/api/chatbot/${botId}/widget`, { origin: SHOP });
    expect(widget.statusCode).toBe(200);
    expect(widget.json()).toMatchObject({ name: '하루마켓 도우미', greeting: '무엇이든 물어보세요', brandColor: '#10b981' });
    const bad = await o('PATCH', `${base}/chatbots/${botId}`, { brandColor: 'green' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/[가-힣]/);

    expect((await o('DELETE', `${base}/chatbots/${botId}`)).status).toBe(200);
    bot = (await o('GET', `${base}/chatbots`)).body.data.find((b: { id: string }) => b.id === botId);
    expect(bot).toBeUndefined();
    expect((await call('GET', `/api/chatbot/${botId}/widget`, { origin: SHOP })).statusCode).toBe(404);
  }, 120_000);

  it('resolution rate: a conversation answered without hand-off is resolved; console previews and empty conversations do not count', async () => {
    const botId = await newBot('지표 봇');
    const appOrigin = new URL(t.config.appUrl).origin;
    const a = await start(botId, '192.0.2.50');
    expect((await ask(botId, a, '192.0.2.50')).json().answered).toBe(true);
    const b = await start(botId, '192.0.2.51');
    expect((await ask(botId, b, '192.0.2.51')).json().answered).toBe(true);
    expect((await ask(botId, b, '192.0.2.51', UNKNOWN)).json().answered).toBe(false);
    const handed = await start(botId, '192.0.2.52');
    await ask(botId, handed, '192.0.2.52', UNKNOWN);
    expect((await handoff(botId, handed, '192.0.2.52', 'help@example.com')).statusCode).toBe(201);
    await start(botId, '192.0.2.53'); // opened, nothing asked
    const preview = await start(botId, '192.0.2.54', appOrigin);
    await ask(botId, preview, '192.0.2.54', UNKNOWN, appOrigin);

    const f = (await api(t, owner.token)('GET', `${base}/chatbots/${botId}/figures`)).body.data;
    expect(f.conversations).toBe(3);
    expect(f.handedOff).toBe(1);
    expect(f.resolutionRate).toBeCloseTo(2 / 3);
  }, 120_000);

  it('tickets are deleted after the retention the collection notice states (one year)', async () => {
    const botId = await newBot('보관 봇');
    const old = (await handoff(botId, await start(botId, '192.0.2.60'), '192.0.2.60', 'old@example.com')).json().ticketId as string;
    const fresh = (await handoff(botId, await start(botId, '192.0.2.61'), '192.0.2.61', 'fresh@example.com')).json().ticketId as string;
    await t.database.db
      .update(chatbotTickets)
      .set({ createdAt: new Date(Date.now() - (TICKET_RETENTION_DAYS + 1) * 86_400_000) })
      .where(eq(chatbotTickets.id, old));
    await purgeTickets(t.database.db, TICKET_RETENTION_DAYS);
    const left = (await api(t, owner.token)('GET', `${base}/chatbots/${botId}/tickets`)).body.data.map((x: { id: string }) => x.id);
    expect(left).toEqual([fresh]);
    expect(ko.chatbot.widget.privacyNotice).toContain('1년');
  });

  it('a web page that cannot be used as knowledge answers with the reason in Korean (HTTP status, no text)', async () => {
    const site = createServer((req, res) => {
      if (req.url === '/empty') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><script>app()</script></body></html>');
      res.writeHead(404, { 'content-type': 'text/html' }).end('not here');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    try {
      const botId = await newBot('웹 지식 봇');
      const root = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      const missing = await api(t, owner.token)('POST', `${base}/chatbots/${botId}/sources`, { type: 'url', url: `${root}/gone` });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe(s.urlHttpStatus(404));
      const empty = await api(t, owner.token)('POST', `${base}/chatbots/${botId}/sources`, { type: 'url', url: `${root}/empty` });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toBe(s.urlNoText);
    } finally {
      site.close();
    }
  });
});
