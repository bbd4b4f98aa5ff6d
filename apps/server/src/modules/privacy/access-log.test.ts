import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koPrivacy } from '@suite/shared/messages/ko-privacy';
import type { TAccessLogEntry, TAccessLogPage } from '@suite/shared/schemas/privacy';
import { slackWorkspaces } from '../../db/schema-slack.ts';
import { ACCESS } from '../../lib/access-log.ts';
import { createTestApp, dbKinds, type TTestApp } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { seedWithMembers } from '../meal/testing/meal-test-kit.ts';

const SHOP = 'https://shop.example';
const URL_ = '/api/admin/privacy/access-log';

describe.each(dbKinds)('privacy access records on %s', (kind) => {
  let t: TTestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let s: Awaited<ReturnType<typeof seedWithMembers>>;
  let botId: string;
  let conversationId: string;
  let workspaceId: string;
  const page = async (qs = '') => {
    const res = await api(t, admin.token)('GET', `${URL_}${qs}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as TAccessLogPage;
  };
  const actions = (p: TAccessLogPage) => p.data.map((e) => e.action);

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    admin = await signedIn(t, { role: 'admin', fullName: '플랫폼관리자', email: `root.${randomBytes(3).toString('hex')}@corp.example` });
    s = await seedWithMembers(t, 1);
    const o = api(t, s.owner.token);
    botId = (await o('POST', `${s.base}/chatbots`, { name: '접근기록봇', allowedOrigins: [SHOP] })).body.id as string;
    const started = await t.app.inject({ method: 'POST', url: `/api/chatbot/${botId}/conversations`, headers: { origin: SHOP }, payload: {} });
    expect(started.statusCode).toBe(201);
    conversationId = (started.json() as { conversationId: string }).conversationId;
    const [ws] = await t.database.db
      .insert(slackWorkspaces)
      .values({
        seedId: s.seedId,
        teamId: `T${Date.now()}`,
        teamName: '접근 워크스페이스',
        installedBy: s.owner.id,
        installerSlackUserId: 'U0TEST1',
        settings: {} as never,
      })
      .returning({ id: slackWorkspaces.id });
    workspaceId = ws!.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is for platform admins only', async () => {
    expect((await api(t)('GET', URL_)).status).toBe(401);
    expect((await api(t, s.owner.token)('GET', URL_)).status).toBe(403);
    expect((await api(t, s.members[0]!.token)('GET', URL_)).status).toBe(403);
  });

  it('records the platform admin reading user lists and the audit log, without the data read', async () => {
    const a = api(t, admin.token);
    expect((await a('GET', '/api/admin/users?search=%EA%B9%80%EC%A3%BC%EC%B5%9C')).status).toBe(200);
    expect((await a('GET', '/api/admin/users/trash')).status).toBe(200);
    expect((await a('GET', '/api/admin/audit?action=auth')).status).toBe(200);
    const p = await page(`?actor=${encodeURIComponent(admin.email)}`);
    expect(actions(p)).toEqual([ACCESS.adminAuditRead, ACCESS.adminUsersTrash, ACCESS.adminUsersList]);
    const list = p.data.find((e) => e.action === ACCESS.adminUsersList)!;
    expect(list).toMatchObject({ actorId: admin.id, actorEmail: admin.email, scope: 'platform', seedId: null, reason: null });
    expect(list.subject).toContain('"김주최"');
    expect(list.subject).toMatch(/1쪽 1\/1명/);
    // The owner's e-mail (the data the list showed) is not in any record.
    expect(JSON.stringify(p.data)).not.toContain(s.owner.email);
  });

  it('records seed admins reading member lists, chatbot transcripts, tickets and the Slack mirror, with the seed', async () => {
    const o = api(t, s.owner.token);
    expect((await o('GET', `${s.base}/members`)).status).toBe(200);
    expect((await o('GET', `${s.base}/chatbots/${botId}/conversations`)).status).toBe(200);
    expect((await o('GET', `${s.base}/chatbots/${botId}/conversations/${conversationId}`)).status).toBe(200);
    expect((await o('GET', `${s.base}/chatbots/${botId}/tickets`)).status).toBe(200);
    expect((await o('GET', `/api/slack/workspaces/${workspaceId}/users`)).status).toBe(200);
    expect((await o('GET', `/api/slack/workspaces/${workspaceId}/logs?q=%ED%99%98%EB%B6%88`)).status).toBe(200);
    const csv = await t.app.inject({ method: 'GET', url: `${s.base}/meal-ledger/export`, headers: { authorization: `Bearer ${s.owner.token}` } });
    expect(csv.statusCode).toBe(200);
    // A refused read records nothing: a stranger's transcript request is 404/403 before any data.
    const stranger = await signedIn(t, { fullName: '외부인' });
    expect((await api(t, stranger.token)('GET', `${s.base}/chatbots/${botId}/conversations/${conversationId}`)).status).toBeGreaterThanOrEqual(400);

    const p = await page(`?actor=${s.owner.id}`);
    expect(actions(p)).toEqual([
      ACCESS.mealLedgerExport,
      ACCESS.slackLogsRead,
      ACCESS.slackUsersList,
      ACCESS.chatbotTicketsList,
      ACCESS.chatbotConversationRead,
      ACCESS.chatbotConversationsList,
      ACCESS.seedMembersList,
    ]);
    for (const e of p.data) expect(e).toMatchObject({ scope: 'seed', seedId: s.seedId, actorEmail: s.owner.email });
    expect(p.data.find((e) => e.action === ACCESS.chatbotConversationRead)!.subject).toContain(conversationId);
    expect(p.data.find((e) => e.action === ACCESS.seedMembersList)!.subject).toBe('멤버 2명');
    expect(p.data.find((e) => e.action === ACCESS.slackLogsRead)!.subject).toContain('"환불"');
    expect(JSON.stringify(p.data)).not.toContain(s.members[0]!.email);
    expect((await page(`?actor=${stranger.id}`)).total).toBe(0);
  });

  it('filters by action (code or prefix), period and pages', async () => {
    const chatbot = await page('?action=chatbot');
    expect(new Set(actions(chatbot))).toEqual(new Set([ACCESS.chatbotTicketsList, ACCESS.chatbotConversationRead, ACCESS.chatbotConversationsList]));
    expect(actions(await page(`?action=${ACCESS.chatbotConversationRead}`))).toEqual([ACCESS.chatbotConversationRead]);
    const all = await page('?limit=100');
    expect(all.total).toBe(10);
    const p2 = await page('?limit=4&page=2');
    expect(p2).toMatchObject({ total: 10, page: 2, totalPages: 3 });
    expect(p2.data.map((e: TAccessLogEntry) => e.id)).toEqual(all.data.slice(4, 8).map((e) => e.id));
    // A day window: today (Seoul) holds them all, a day in the past none.
    const today = new Date(t.app.ctx.now().getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
    expect((await page(`?from=${today}&to=${today}`)).total).toBe(10);
    expect((await page('?from=2020-01-01&to=2020-01-02')).total).toBe(0);
  });

  it('refuses a bad filter with a Korean 400', async () => {
    const res = await api(t, admin.token)('GET', `${URL_}?from=yesterday`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(koPrivacy.access.badDate);
    expect((await api(t, admin.token)('GET', `${URL_}?page=0`)).status).toBe(400);
  });
});
