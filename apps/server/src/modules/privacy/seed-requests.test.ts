import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { mailsTo, seedWithMembers } from '../meal/testing/meal-test-kit.ts';
import { runAllDue } from '../notifications/testing/notices-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { insertWorkspace, upsertMessage } from '../slack/slack.repository.ts';

const SHOP = 'https://shop.example';
const p = ko.privacy;

describe.each(dbKinds)("seed owners' privacy requests (%s)", (kind) => {
  let t: TTestContext;
  let a: Awaited<ReturnType<typeof seedWithMembers>>;
  let b: Awaited<ReturnType<typeof seedWithMembers>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let stranger: Awaited<ReturnType<typeof signedIn>>;
  /** Seed A: visitor 1 (asked twice, left an e-mail), visitor 2 (asked once), visitor 3 (left another e-mail). */
  const visitors: Record<string, string> = {};
  let visitorB = '';
  const EMAIL1 = 'visitor.one@example.com';
  const EMAIL3 = 'visitor.three@example.com';

  const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const count = async (query: ReturnType<typeof sql>) => Number((await rows(query)).rows[0]!.n);
  const convRows = (id: string) => count(sql`select count(*)::int as n from chatbot_messages where conversation_id = ${id}`);
  const convExists = (id: string) => count(sql`select count(*)::int as n from chatbot_conversations where id = ${id}`);
  const ticketsOf = (email: string) => count(sql`select count(*)::int as n from chatbot_tickets where lower(email) = ${email}`);

  async function visitor(botId: string, ip: string, questions: string[], email?: string): Promise<string> {
    const start = await t.app.inject({ method: 'POST', url: `/api/chatbot/${botId}/conversations`, headers: { origin: SHOP }, remoteAddress: ip });
    expect(start.statusCode).toBe(201);
    const { conversationId, token } = start.json() as { conversationId: string; token: string };
    const headers = { origin: SHOP, authorization: `Bearer ${token}` };
    for (const text of questions) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/chatbot/${botId}/conversations/${conversationId}/messages`,
        headers,
        payload: { text },
        remoteAddress: ip,
      });
      expect(r.statusCode).toBe(200);
    }
    if (email) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/chatbot/${botId}/conversations/${conversationId}/handoff`,
        headers,
        payload: { email, name: '방문자', message: '연락 주세요' },
        remoteAddress: ip,
      });
      expect(r.statusCode).toBe(201);
    }
    return conversationId;
  }

  async function bot(s: typeof a): Promise<string> {
    const r = await api(t, s.owner.token)('POST', `${s.base}/chatbots`, { name: '상담봇', allowedOrigins: [SHOP] });
    expect(r.status).toBe(201);
    return r.body.id as string;
  }

  async function workspace(seedId: string, teamId: string): Promise<string> {
    const ws = await insertWorkspace(t.database.db, {
      seedId,
      teamId,
      teamName: teamId,
      botUserId: 'UBOT01',
      botTokenEnc: 'not-used',
      settings: { channels: [], language: 'ko', tone: 'polite', retentionDays: 90, monthlyTokenBudget: 0 },
    });
    return ws.id;
  }
  let slackA = '';
  let slackB = '';
  const slackCount = (ws: string, user: string) =>
    count(sql`select count(*)::int as n from slack_messages where workspace_id = ${ws} and slack_user_id = ${user}`);

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, env: { ALLOW_PRIVATE_URLS: 'true' } });
    a = await seedWithMembers(t, 1);
    b = await seedWithMembers(t, 0);
    admin = await signedIn(t, { fullName: '관리자' });
    await addMember(t.database.db, a.seedId, admin.id, 'admin');
    stranger = await signedIn(t, { fullName: '낯선이', role: 'admin' }); // a platform admin, not in seed A
    const botA = await bot(a);
    const botB = await bot(b);
    visitors.one = await visitor(botA, '10.9.0.1', ['배송은 얼마나 걸리나요?', '환불 되나요?'], EMAIL1);
    visitors.two = await visitor(botA, '10.9.0.2', ['영업시간이 궁금해요']);
    visitors.three = await visitor(botA, '10.9.0.3', ['주문을 바꾸고 싶어요'], EMAIL3);
    // The same customer (same e-mail) also wrote to seed B's bot.
    visitorB = await visitor(botB, '10.9.0.4', ['다른 가게 질문'], EMAIL1);
    slackA = await workspace(a.seedId, 'TSEEDA1');
    slackB = await workspace(b.seedId, 'TSEEDB1');
    let ts = 1_790_000_100;
    for (const [ws, user] of [
      [slackA, 'U0CUSTAB'],
      [slackA, 'U0CUSTAB'],
      [slackA, 'U0OTHER1'],
      [slackB, 'U0CUSTAB'],
    ] as const) {
      const at = `${++ts}.000100`;
      await upsertMessage(t.database.db, { workspaceId: ws, channel: 'C01', ts: at, threadTs: at, slackUserId: user, text: '메시지' }, new Date());
    }
  }, 120_000);
  afterAll(async () => t?.close());

  const path = (seedId: string) => `/api/seeds/${seedId}/privacy/requests`;

  it('only the seed owner: admins, members, platform admins and strangers 403 in Korean (before validation); unknown seed 404; no token 401', async () => {
    const body = { kind: 'erase', subject: { chatbotVisitorId: visitors.two } };
    for (const who of [admin, a.members[0]!, stranger, b.owner]) {
      const post = await api(t, who.token)('POST', path(a.seedId), body);
      expect(post.status).toBe(403);
      expect(post.body.error).toBe(p.server.ownerOnly);
      expect((await api(t, who.token)('POST', path(a.seedId), { kind: 'nope' })).status).toBe(403);
      expect((await api(t, who.token)('GET', path(a.seedId))).status).toBe(403);
    }
    const unknown = await api(t, a.owner.token)('POST', path('00000000-0000-4000-8000-000000000000'), body);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/[가-힣]/);
    expect((await api(t, a.owner.token)('GET', path('not-a-uuid'))).status).toBe(404);
    expect((await api(t)('GET', path(a.seedId))).status).toBe(401);
    expect(await convExists(visitors.two!)).toBe(1); // nothing was erased
  });

  it('refuses bad bodies with Korean messages (400), and a subject with no rows in this seed (404, nothing stored)', async () => {
    const cases: [unknown, string][] = [
      [{ kind: 'erase', subject: { email: 'not-an-address' } }, p.validation.email],
      [{ kind: 'erase', subject: { slackUserId: 'lowercase' } }, p.validation.slackUserId],
      [{ kind: 'erase', subject: { phone: '010' } }, p.validation.subject],
      [{ kind: 'delete', subject: { email: EMAIL1 } }, p.validation.kind],
      [{ kind: 'export', subject: { email: EMAIL1 }, reason: 'x'.repeat(501) }, p.validation.reason],
    ];
    for (const [body, message] of cases) {
      const r = await api(t, a.owner.token)('POST', path(a.seedId), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatch(/[가-힣]/);
      expect(JSON.stringify(r.body)).toContain(message);
    }
    // Seed B's visitor is nobody in seed A.
    const other = await api(t, a.owner.token)('POST', path(a.seedId), { kind: 'erase', subject: { chatbotVisitorId: visitorB } });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe(p.server.subjectNotFound);
    expect(await convExists(visitorB)).toBe(1);
    expect((await api(t, a.owner.token)('GET', path(a.seedId))).body.data).toEqual([]);
  });

  it("export: the receipt counts the visitor's rows, the ZIP (mailed to the owner) holds only them", async () => {
    const r = await api(t, a.owner.token)('POST', path(a.seedId), { kind: 'export', subject: { chatbotVisitorId: visitors.one }, reason: '고객 열람 요청' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ kind: 'export', subjectKind: 'chatbotVisitorId', status: 'pending', exportStatus: 'pending', exportUrl: null });
    expect(r.body.subjectMasked).toBe(`${visitors.one!.slice(0, 4)}***${visitors.one!.slice(-2)}`);
    // 2 questions + 2 answers; the conversation; the ticket.
    expect(r.body.receipt).toEqual({ '챗봇 대화': 1, '챗봇 대화 메시지': 4, '챗봇 상담 요청': 1 });
    await runAllDue(t);
    const done = await api(t, a.owner.token)('GET', `${path(a.seedId)}/${r.body.id}`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'done', exportStatus: 'ready' });
    expect(done.body.completedAt).not.toBeNull();
    expect((await mailsTo(t, a.owner.email)).some((m) => m.text.includes(r.body.exportId as string))).toBe(true);
    const zip = await t.app.inject({ method: 'GET', url: done.body.exportUrl as string });
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const all = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(all).toContain(visitors.one);
    for (const other of [visitors.two!, visitors.three!, visitorB, EMAIL3]) expect(all).not.toContain(other);
    const messages = JSON.parse(strFromU8(files['chatbot_messages.json']!)) as { rows: { conversation_id: string }[] };
    expect(messages.rows).toHaveLength(4);
    expect(new Set(messages.rows.map((m) => m.conversation_id))).toEqual(new Set([visitors.one]));
    // Past its 24 hours the link is no longer given; the request stays done.
    await t.database.db.execute(sql`update privacy_exports set expires_at = now() - interval '1 minute' where id = ${done.body.exportId}`);
    const lapsed = await api(t, a.owner.token)('GET', `${path(a.seedId)}/${r.body.id}`);
    expect(lapsed.body).toMatchObject({ status: 'done', exportStatus: 'expired', exportUrl: null });
    // An export whose file row is gone before it was ready cannot be shown as done.
    const lost = await api(t, a.owner.token)('POST', path(a.seedId), { kind: 'export', subject: { chatbotVisitorId: visitors.two } });
    expect(lost.status).toBe(201);
    await t.database.db.execute(sql`delete from privacy_exports where id = ${lost.body.exportId}`);
    const failed = await api(t, a.owner.token)('GET', `${path(a.seedId)}/${lost.body.id}`);
    expect(failed.body).toMatchObject({ status: 'failed', exportStatus: null, exportUrl: null });
    await runAllDue(t); // its job finds no row and does nothing
  });

  it("erase by visitor id: that visitor's rows are gone, the seed's other visitors and seed B untouched; receipt and list", async () => {
    const r = await api(t, a.owner.token)('POST', path(a.seedId), { kind: 'erase', subject: { chatbotVisitorId: visitors.one } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ kind: 'erase', status: 'done', exportId: null, exportStatus: null });
    expect(r.body.receipt).toEqual({ '챗봇 대화': 1, '챗봇 대화 메시지': 4, '챗봇 상담 요청': 1 });
    expect(await convExists(visitors.one!)).toBe(0);
    expect(await convRows(visitors.one!)).toBe(0);
    expect(await convRows(visitors.two!)).toBe(2);
    expect(await ticketsOf(EMAIL3)).toBe(1);
    expect(await ticketsOf(EMAIL1)).toBe(1); // seed B's ticket with the same e-mail
    expect(await convRows(visitorB)).toBe(2);
    const again = await api(t, a.owner.token)('POST', path(a.seedId), { kind: 'erase', subject: { chatbotVisitorId: visitors.one } });
    expect(again.status).toBe(404);
    const list = await api(t, a.owner.token)('GET', path(a.seedId));
    expect(list.body.data.map((x: { kind: string; status: string }) => `${x.kind} ${x.status}`)).toEqual(['erase done', 'export failed', 'export done']);
  });

  it('erase by e-mail: the ticket and its conversation in this seed only', async () => {
    const r = await api(t, a.owner.token)('POST', path(a.seedId), { kind: 'erase', subject: { email: EMAIL3.toUpperCase() } });
    expect(r.status).toBe(201);
    expect(r.body.subjectMasked).toBe('v***@example.com');
    expect(r.body.receipt).toEqual({ '챗봇 대화': 1, '챗봇 대화 메시지': 2, '챗봇 상담 요청': 1 });
    expect(await ticketsOf(EMAIL3)).toBe(0);
    expect(await convExists(visitors.three!)).toBe(0);
    expect(await convRows(visitors.three!)).toBe(0);
    expect(await convRows(visitors.two!)).toBe(2);
    expect(await ticketsOf(EMAIL1)).toBe(1);
  });

  it("erase a Slack user: their mirrored messages in this seed's workspace only", async () => {
    const r = await api(t, a.owner.token)('POST', path(a.seedId), { kind: 'erase', subject: { slackUserId: 'U0CUSTAB' } });
    expect(r.status).toBe(201);
    expect(r.body.subjectMasked).toBe('U0***AB');
    expect(r.body.receipt).toEqual({ 'Slack 채널 메시지 사본': 2 });
    expect(await slackCount(slackA, 'U0CUSTAB')).toBe(0);
    expect(await slackCount(slackA, 'U0OTHER1')).toBe(1);
    expect(await slackCount(slackB, 'U0CUSTAB')).toBe(1);
  });

  it('stores no clear value; every request is an access record; another seed cannot read the receipt', async () => {
    const stored = JSON.stringify((await rows(sql`select * from privacy_requests where seed_id = ${a.seedId}`)).rows);
    for (const clear of [visitors.one!, EMAIL3, 'U0CUSTAB']) expect(stored).not.toContain(clear);
    const log = (await rows(sql`select action, subject, reason, actor_id from privacy_access_log where seed_id = ${a.seedId} order by id`)).rows;
    expect(log.length).toBeGreaterThanOrEqual(5);
    expect(log.every((l) => l.action === 'privacy.request' && l.actor_id === a.owner.id)).toBe(true);
    expect(log.some((l) => l.reason === '고객 열람 요청')).toBe(true);
    expect(JSON.stringify(log)).not.toContain(EMAIL3);
    const mine = (await api(t, a.owner.token)('GET', path(a.seedId))).body.data[0].id as string;
    const foreign = await api(t, b.owner.token)('GET', `${path(b.seedId)}/${mine}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(p.server.requestNotFound);
  });

  it('one export per customer at a time (409 in Korean while its file is built; another customer, an erase, or after it is done: fine)', async () => {
    const first = await api(t, b.owner.token)('POST', path(b.seedId), { kind: 'export', subject: { email: EMAIL1 } });
    expect(first.status).toBe(201);
    const again = await api(t, b.owner.token)('POST', path(b.seedId), { kind: 'export', subject: { email: EMAIL1.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(p.seedRequests.server.busy);
    // The same customer as a chatbot visitor is another identifier; seed A's customer with that address is another seed's.
    expect((await api(t, b.owner.token)('POST', path(b.seedId), { kind: 'export', subject: { chatbotVisitorId: visitorB } })).status).toBe(201);
    const exports = async () => count(sql`select count(*)::int as n from privacy_requests where seed_id = ${b.seedId} and kind = 'export'`);
    expect(await exports()).toBe(2);
    await runAllDue(t);
    const later = await api(t, b.owner.token)('POST', path(b.seedId), { kind: 'export', subject: { email: EMAIL1 } });
    expect(later.status).toBe(201);
    expect(await exports()).toBe(3);
    await runAllDue(t);
  });

  it('at most 30 requests a day per seed, found or not (429 in Korean, Retry-After); another seed is not limited', async () => {
    const c = await seedWithMembers(t, 0);
    for (let i = 0; i < 30; i++) {
      const r = await api(t, c.owner.token)('POST', path(c.seedId), { kind: 'erase', subject: { slackUserId: `U0NOBODY${i}` } });
      expect(r.status, `request ${i + 1}`).toBe(404);
    }
    const over = await t.app.inject({
      method: 'POST',
      url: path(c.seedId),
      headers: { authorization: `Bearer ${c.owner.token}` },
      payload: { kind: 'export', subject: { slackUserId: 'U0NOBODYX' } },
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(p.seedRequests.server.limit);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api(t, b.owner.token)('POST', path(b.seedId), { kind: 'erase', subject: { slackUserId: 'U0NOBODYX' } })).status).toBe(404);
  });
});
