import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ko } from '@suite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { seedWithMembers } from '../meal/testing/meal-test-kit.ts';
import { jobs } from '../../db/schema-jobs.ts';
import { knowledgePassages, knowledgeSources } from '../../db/schema-knowledge.ts';
import { createSlackApi } from '../slack/slack-api.ts';
import { encryptSecret } from '../slack/slack-crypto.ts';
import { searchWorkspace as slackSearch } from './knowledge.service.ts';
import * as slackRepo from '../slack/slack.repository.ts';
import { CLIENT } from '../slack/testing/slack-test-kit.ts';
import { startFakeSlack, type TFakeSlack } from '../slack/testing/fake-slack.ts';

const SHOP = 'https://shop.example';

/** Connects a fake Slack team to the seed directly (the OAuth dance is the Slack tests' business). */
async function connectSlack(t: TTestContext, slack: TFakeSlack, seedId: string, teamId: string) {
  const access = await createSlackApi({ apiUrl: slack.apiUrl }).oauthAccess({
    ...CLIENT,
    code: slack.issueCode({ id: teamId, name: '지식 팀' }),
    redirectUri: 'http://x',
  });
  return slackRepo.insertWorkspace(t.database.db, {
    seedId,
    teamId,
    teamName: '지식 팀',
    botUserId: `UB${teamId}`,
    botTokenEnc: encryptSecret(t.config.encryptionKey, access.accessToken),
    settings: { channels: [], language: 'ko', tone: 'polite', retentionDays: 90, monthlyTokenBudget: 0 },
  });
}

describe.each(dbKinds)('one knowledge store for the Slack assistant and the chatbot (%s)', (kind) => {
  let t: TTestContext;
  let slack: TFakeSlack;
  let seed: Awaited<ReturnType<typeof seedWithMembers>>;
  let workspaceId: string;
  let botId: string;
  beforeAll(async () => {
    slack = await startFakeSlack(CLIENT);
    t = await createTestApp(kind, { jobs: false, env: { SLACK_API_URL: slack.apiUrl, SLACK_AUTHORIZE_URL: slack.authorizeUrl, ALLOW_PRIVATE_URLS: 'true' } });
    seed = await seedWithMembers(t, 1);
    workspaceId = (await connectSlack(t, slack, seed.seedId, `TK${kind === 'pglite' ? 'L' : 'P'}`)).id;
    botId = (await api(t, seed.owner.token)('POST', `${seed.base}/chatbots`, { name: '상담봇', allowedOrigins: [SHOP] })).body.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await slack?.close();
  });

  const o = () => api(t, seed.owner.token);
  const ask = async (text: string) => {
    const c = (await t.app.inject({ method: 'POST', url: `/api/chatbot/${botId}/conversations`, headers: { origin: SHOP } })).json();
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/chatbot/${botId}/conversations/${c.conversationId}/messages`,
      headers: { origin: SHOP, authorization: `Bearer ${c.token}` },
      payload: { text },
    });
    return r.json() as { answered: boolean; sources: { title: string }[] };
  };
  const slackFinds = async (q: string, title: string) => (await slackSearch(t.database.db, workspaceId, q, 3)).some((h) => h.title === title);
  const slackDocs = async () => (await o()('GET', `/api/slack/workspaces/${workspaceId}/documents`)).body.data as { id: string; kind: string; title: string }[];
  const botSources = async () => (await o()('GET', `${seed.base}/chatbots/${botId}/sources`)).body.data as { id: string }[];
  const usageOf = async (id: string) =>
    ((await o()('GET', `${seed.base}/knowledge/usage`)).body.data.sources as { id: string; chatbotId: string | null; slack: boolean }[]).find(
      (x) => x.id === id,
    );

  it('stores Slack documents in the knowledge tables, keeps the Slack API shape, and serves them to Slack search', async () => {
    const res = await o()('POST', `/api/slack/workspaces/${workspaceId}/documents`, {
      kind: 'qa',
      question: '주차 등록은 어디서 해요?',
      answer: '1층 안내데스크에서 차량 번호를 등록합니다.',
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(['chars', 'created_at', 'embedded_passages', 'id', 'kind', 'passages', 'source_url', 'title']);
    expect(res.body.data).toMatchObject({ kind: 'qa', title: '주차 등록은 어디서 해요?', passages: 1, source_url: null });
    const [row] = await t.database.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, res.body.data.id));
    expect(row).toMatchObject({
      seedId: seed.seedId,
      slackWorkspaceId: workspaceId,
      chatbotId: null,
      kind: 'faq',
      answer: '1층 안내데스크에서 차량 번호를 등록합니다.',
    });
    expect(await slackFinds('주차 어디서 등록하나요', '주차 등록은 어디서 해요?')).toBe(true);
    // Not the chatbot's: it does not know.
    expect((await ask('주차 등록은 어디서 하나요?')).answered).toBe(false);
    expect(await usageOf(res.body.data.id)).toEqual({ id: res.body.data.id, chatbotId: null, slack: true });
  });

  it('a web page added in the Slack console is fetched through the guarded fetcher and re-fetched on the knowledge schedule', async () => {
    let body = '<html><head><title>주차 안내</title></head><body><p>방문 차량은 지하 2층에 주차합니다.</p></body></html>';
    const site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body));
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/parking`;
      const res = await o()('POST', `/api/slack/workspaces/${workspaceId}/documents`, { kind: 'url', url });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ kind: 'url', title: '주차 안내', source_url: url });
      const [job] = await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `knowledge-source:${res.body.data.id}`));
      expect(job).toMatchObject({ kind: 'knowledge.refetch-url', doneAt: null });
      expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
      // The page changes; the scheduled run replaces the passages, and Slack finds the new text.
      body = '<html><head><title>주차 안내</title></head><body><p>방문 차량은 이제 지상 주차장을 씁니다.</p></body></html>';
      await t.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
      await t.app.jobs.runDue();
      expect((await slackSearch(t.database.db, workspaceId, '지상 주차장', 3))[0]?.content).toContain('지상 주차장');
    } finally {
      site.close();
    }
  });

  it('a source attached to both is found by the Slack assistant and cited by the chatbot; detaching removes it from that service only', async () => {
    const added = await o()('POST', `${seed.base}/chatbots/${botId}/sources`, {
      type: 'faq',
      question: '반품 기간은 얼마인가요?',
      answer: '받은 날부터 14일 안에 반품할 수 있습니다.',
    });
    const id = added.body.data.id as string;
    expect(await slackFinds('반품은 며칠 안에 해야 해요?', '반품 기간은 얼마인가요?')).toBe(false);

    const both = await o()('PATCH', `${seed.base}/knowledge/sources/${id}`, { slack: true });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ message: ko.chatbot.server.attachmentsSaved, data: { id, chatbotId: botId, slack: true } });
    expect(await usageOf(id)).toEqual({ id, chatbotId: botId, slack: true });
    expect(await slackFinds('반품은 며칠 안에 해야 해요?', '반품 기간은 얼마인가요?')).toBe(true);
    expect((await slackDocs()).find((d) => d.id === id)).toMatchObject({ kind: 'qa', title: '반품 기간은 얼마인가요?' });
    const answer = await ask('반품은 며칠 안에 해야 해요?');
    expect(answer.answered).toBe(true);
    expect(answer.sources[0]!.title).toBe('반품 기간은 얼마인가요?');

    // Detached from the chatbot: Slack still answers from it, the chatbot no longer does.
    expect((await o()('PATCH', `${seed.base}/knowledge/sources/${id}`, { chatbotId: null })).body.data).toEqual({ id, chatbotId: null, slack: true });
    expect((await ask('반품은 며칠 안에 해야 해요?')).answered).toBe(false);
    expect((await botSources()).some((x) => x.id === id)).toBe(false);
    expect(await slackFinds('반품은 며칠 안에 해야 해요?', '반품 기간은 얼마인가요?')).toBe(true);

    // Back on the chatbot, off Slack: the reverse.
    await o()('PATCH', `${seed.base}/knowledge/sources/${id}`, { chatbotId: botId, slack: false });
    expect(await slackFinds('반품은 며칠 안에 해야 해요?', '반품 기간은 얼마인가요?')).toBe(false);
    expect((await slackDocs()).some((d) => d.id === id)).toBe(false);
    expect((await ask('반품은 며칠 안에 해야 해요?')).answered).toBe(true);

    // Used nowhere is refused (delete instead).
    const nowhere = await o()('PATCH', `${seed.base}/knowledge/sources/${id}`, { chatbotId: null, slack: false });
    expect(nowhere).toMatchObject({ status: 400, body: { error: ko.chatbot.server.attachNothing } });

    // Deleting from one console while the other still uses it only detaches it.
    await o()('PATCH', `${seed.base}/knowledge/sources/${id}`, { slack: true });
    expect((await o()('DELETE', `/api/slack/workspaces/${workspaceId}/documents/${id}`)).status).toBe(200);
    expect(await usageOf(id)).toEqual({ id, chatbotId: botId, slack: false });
    expect((await o()('DELETE', `${seed.base}/chatbots/${botId}/sources/${id}`)).status).toBe(200);
    expect(await usageOf(id)).toBeUndefined();
  });

  it('lets only the seed owner and admins change attachments', async () => {
    const id = (await o()('POST', `${seed.base}/chatbots/${botId}/sources`, { type: 'faq', question: '영업 시간은요?', answer: '평일 9시부터 6시까지입니다.' }))
      .body.data.id;
    const member = api(t, seed.members[0]!.token);
    const asMember = await member('PATCH', `${seed.base}/knowledge/sources/${id}`, { slack: true });
    expect(asMember.status).toBe(403);
    // Members may see where knowledge is used.
    expect((await member('GET', `${seed.base}/knowledge/usage`)).status).toBe(200);

    const stranger = await signedIn(t);
    const theirs = (await api(t, stranger.token)('POST', '/api/seeds', { seed_name: '다른 시드' })).body.data.id as string;
    // Another seed's owner can neither reach this seed nor reach this source through their own seed.
    expect((await api(t, stranger.token)('PATCH', `${seed.base}/knowledge/sources/${id}`, { slack: true })).status).toBe(404);
    expect((await api(t, stranger.token)('PATCH', `/api/seeds/${theirs}/knowledge/sources/${id}`, { slack: true })).status).toBe(404);
    expect((await api(t, stranger.token)('GET', `${seed.base}/knowledge/usage`)).status).toBe(404);
    // Nor attach it to their own chatbot.
    const theirBot = (await api(t, stranger.token)('POST', `/api/seeds/${theirs}/chatbots`, { name: '남의 봇', allowedOrigins: [SHOP] })).body.id;
    expect((await o()('PATCH', `${seed.base}/knowledge/sources/${id}`, { chatbotId: theirBot })).status).toBe(404);
    // A seed without a Slack workspace cannot attach to Slack.
    const theirSource = (
      await api(t, stranger.token)('POST', `/api/seeds/${theirs}/chatbots/${theirBot}/sources`, { type: 'faq', question: '질문', answer: '답' })
    ).body.data.id;
    const noSlack = await api(t, stranger.token)('PATCH', `/api/seeds/${theirs}/knowledge/sources/${theirSource}`, { slack: true });
    expect(noSlack).toMatchObject({ status: 400, body: { error: ko.chatbot.server.noSlackWorkspace } });
    expect((await o()('PATCH', `${seed.base}/knowledge/sources/${id}`, {})).body.error).toBe(ko.chatbot.server.attachNothing);
    expect(await usageOf(id)).toEqual({ id, chatbotId: botId, slack: false });
  });

  it('two attachment changes at once never lose one: each sees the other’s result', async () => {
    const id = (await o()('POST', `${seed.base}/chatbots/${botId}/sources`, { type: 'faq', question: '동시에 바꾸는 질문', answer: '답' })).body.data
      .id as string;
    for (let round = 0; round < 3; round++) {
      expect((await o()('PATCH', `${seed.base}/knowledge/sources/${id}`, { chatbotId: botId, slack: true })).status).toBe(200);
      // Both together would leave the source used nowhere: exactly one may win, and the state is what it said.
      const [a, b] = await Promise.all([
        o()('PATCH', `${seed.base}/knowledge/sources/${id}`, { chatbotId: null }),
        o()('PATCH', `${seed.base}/knowledge/sources/${id}`, { slack: false }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 400]);
      const winner = a.status === 200 ? a : b;
      expect(await usageOf(id)).toEqual({ id, ...winner.body.data });
    }
    // An upper-case spelling of the chatbot id is the same chatbot.
    const upper = await o()('PATCH', `${seed.base}/knowledge/sources/${id}`, { chatbotId: botId.toUpperCase() });
    expect(upper.status).toBe(200);
    expect((await usageOf(id))?.chatbotId).toBe(botId);
  });

  it('deleting a chatbot keeps the sources the Slack assistant still uses', async () => {
    const other = (await o()('POST', `${seed.base}/chatbots`, { name: '임시봇', allowedOrigins: [SHOP] })).body.id as string;
    const add = (question: string) =>
      o()('POST', `${seed.base}/chatbots/${other}/sources`, { type: 'faq', question, answer: '답변입니다.' }).then((r) => r.body.data.id as string);
    const shared = await add('공유하는 질문');
    const own = await add('혼자 쓰는 질문');
    await o()('PATCH', `${seed.base}/knowledge/sources/${shared}`, { slack: true });
    expect((await o()('DELETE', `${seed.base}/chatbots/${other}`)).status).toBe(200);
    expect(await usageOf(shared)).toEqual({ id: shared, chatbotId: null, slack: true });
    expect(await usageOf(own)).toBeUndefined();
  });

  it('posts the hand-off notice in the chatbot’s Slack channel as a job; a Slack outage fails neither the hand-off nor loses the notice', async () => {
    const bad = await o()('PATCH', `${seed.base}/chatbots/${botId}`, { slackChannelId: '#일반' });
    expect(bad.body.error).toBe(ko.chatbot.server.slackChannelInvalid);
    const set = await o()('PATCH', `${seed.base}/chatbots/${botId}`, { slackChannelId: 'C0HANDOFF' });
    expect(set.body.data.slackChannelId).toBe('C0HANDOFF');

    const handoff = async (message = '환불 문의입니다') => {
      const c = (await t.app.inject({ method: 'POST', url: `/api/chatbot/${botId}/conversations`, headers: { origin: SHOP } })).json();
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/chatbot/${botId}/conversations/${c.conversationId}/handoff`,
        headers: { origin: SHOP, authorization: `Bearer ${c.token}` },
        payload: { email: 'visitor.kim@example.com', message },
      });
      expect(r.statusCode).toBe(201);
      return r.json().ticketId as string;
    };
    const ticketId = await handoff();
    await t.app.jobs.runDue();
    const notice = slack.posts.find((p) => p.channel === 'C0HANDOFF' && p.text.includes(ticketId));
    expect(notice?.text).toContain('상담봇');
    expect(notice?.text).toContain('환불 문의입니다');
    // The visitor's address is masked outside the ticket.
    expect(notice?.text).toContain('v***@example.com');
    expect(notice?.text).not.toContain('visitor.kim@');

    // A visitor's message cannot become Slack markup: no @channel, no mention, no link of theirs, no line outside the quote.
    const injected = await handoff('도와주세요 <!channel> <@U123>\n*가짜 줄* <https://evil.example|콘솔에서 답변하기> & 끝');
    await t.app.jobs.runDue();
    const quoted = slack.posts.find((p) => p.text.includes(injected))!.text;
    expect(quoted).not.toMatch(/<!channel>|<@U123>|<https:\/\/evil/);
    expect(quoted).toContain('&lt;!channel&gt; &lt;@U123&gt;');
    expect(quoted).toContain('&amp; 끝');
    expect(quoted).toContain('> *가짜 줄* &lt;https://evil.example|콘솔에서 답변하기&gt;');
    expect(quoted.split('\n').filter((l) => l.includes('가짜 줄'))).toEqual(['> *가짜 줄* &lt;https://evil.example|콘솔에서 답변하기&gt; &amp; 끝']);

    // Slack down (every retry of the client answers 500): the hand-off still succeeds, the job keeps the notice.
    slack.failPosts = 100;
    const second = await handoff();
    await t.app.jobs.runDue();
    expect(slack.posts.some((p) => p.text.includes(second))).toBe(false);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `chatbot-ticket:${second}`));
    expect(job).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(job!.lastError).toBeTruthy();
    slack.failPosts = 0;
    await t.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await t.app.jobs.runDue();
    expect(slack.posts.some((p) => p.channel === 'C0HANDOFF' && p.text.includes(second))).toBe(true);

    // No channel set: no job at all.
    await o()('PATCH', `${seed.base}/chatbots/${botId}`, { slackChannelId: '' });
    const third = await handoff();
    expect(
      await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `chatbot-ticket:${third}`)),
    ).toEqual([]);
  });
});

/**
 * The Slack assistant's own knowledge tables as the releases before decision 026 wrote them. Migration 0025 (decision
 * 036) dropped them; the test builds them again from the migrations that made them to run 0016's copy.
 */
const slackDocuments = pgTable('slack_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  sourceUrl: text('source_url'),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
const slackPassages = pgTable('slack_passages', {
  id: uuid('id').primaryKey().defaultRandom(),
  documentId: uuid('document_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  ord: integer('ord').notNull(),
  content: text('content').notNull(),
  grams: text('grams').array().notNull(),
  embedding: real('embedding').array(),
  embeddingModel: text('embedding_model'),
});
const migration = (file: string) => readFileSync(new URL(`../../../drizzle/${file}`, import.meta.url), 'utf8').split('--> statement-breakpoint');
const tableExists = async (t: TTestContext, name: string) =>
  ((await t.database.db.execute(sql`select to_regclass(${`public.${name}`}) is not null as e`)) as unknown as { rows: { e: boolean }[] }).rows[0]!.e;

describe.each(dbKinds)('migration 0016 on %s', (kind) => {
  let t: TTestContext;
  let slack: TFakeSlack;
  beforeAll(async () => {
    slack = await startFakeSlack(CLIENT);
    t = await createTestApp(kind, { jobs: false, env: { SLACK_API_URL: slack.apiUrl, SLACK_AUTHORIZE_URL: slack.authorizeUrl } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await slack?.close();
  });

  it('copies Slack documents and passages (with their vectors) into the knowledge tables, and Slack finds them once keyed', async () => {
    const seed = await seedWithMembers(t, 0);
    const ws = await connectSlack(t, slack, seed.seedId, `TM${kind === 'pglite' ? 'L' : 'P'}`);
    const db = t.database.db;
    // Gone since the contract migration 0025: made again by the statements of 0005–0007 that built them.
    expect(await tableExists(t, 'slack_documents')).toBe(false);
    for (const file of ['0005_slack.sql', '0006_slack-grams.sql', '0007_slack-embeddings.sql'])
      for (const s of migration(file).filter((x) => /"slack_(documents|passages)"/.test(x) && !/gin_trgm_ops/.test(x))) await db.execute(sql.raw(s));
    // Rows as a release before 0016 wrote them.
    const [text] = await db
      .insert(slackDocuments)
      .values({ workspaceId: ws.id, kind: 'markdown', title: '재택근무 정책', content: '# 재택\n재택근무는 주 2회까지 가능합니다.' })
      .returning();
    const [qa] = await db
      .insert(slackDocuments)
      .values({
        workspaceId: ws.id,
        kind: 'qa',
        title: '법인카드는 누가 관리해요?',
        content: 'Q: 법인카드는 누가 관리해요?\nA: 재무팀 박 매니저가 관리합니다.',
      })
      .returning();
    await db.insert(slackPassages).values([
      {
        documentId: text!.id,
        workspaceId: ws.id,
        ord: 0,
        content: '재택\n재택근무는 주 2회까지 가능합니다.',
        grams: ['재택'],
        embedding: [0.6, 0.8],
        embeddingModel: 'old-embed',
      },
      { documentId: qa!.id, workspaceId: ws.id, ord: 0, content: 'Q: 법인카드는 누가 관리해요?\nA: 재무팀 박 매니저가 관리합니다.', grams: ['법인'] },
    ]);
    // The data part of the migration, as it ran on upgrade (idempotent: ids are kept, conflicts skipped).
    const statements = migration('0016_knowledge-unified.sql').filter((s) => /^\s*(--.*\n\s*)*INSERT/i.test(s));
    expect(statements).toHaveLength(4);
    for (let round = 0; round < 2; round++) for (const s of statements) await db.execute(sql.raw(s));

    const docs = (await api(t, seed.owner.token)('GET', `/api/slack/workspaces/${ws.id}/documents`)).body.data;
    expect(docs.map((d: { id: string; kind: string; title: string; passages: number }) => [d.id, d.kind, d.title, d.passages]).sort()).toEqual(
      [
        [text!.id, 'markdown', '재택근무 정책', 1],
        [qa!.id, 'qa', '법인카드는 누가 관리해요?', 1],
      ].sort(),
    );
    const [faq] = await db.select().from(knowledgeSources).where(eq(knowledgeSources.id, qa!.id));
    expect(faq).toMatchObject({
      kind: 'faq',
      question: '법인카드는 누가 관리해요?',
      answer: '재무팀 박 매니저가 관리합니다.',
      seedId: seed.seedId,
      chatbotId: null,
    });
    const [vec] = await db.select().from(knowledgePassages).where(eq(knowledgePassages.sourceId, text!.id));
    expect(vec).toMatchObject({ embeddingModel: 'old-embed', grams: [] });
    expect(vec!.embedding!.map((x) => Math.fround(x))).toEqual([Math.fround(0.6), Math.fround(0.8)]);

    // Keys come from the job the migration enqueued; then Slack's search finds the copied knowledge.
    expect(await slackSearch(db, ws.id, '재택근무 몇 번 돼요?', 3)).toEqual([]);
    expect(await db.select().from(jobs).where(eq(jobs.kind, 'knowledge.rekey'))).not.toHaveLength(0);
    await t.app.jobs.runDue();
    expect((await slackSearch(db, ws.id, '재택근무 몇 번 돼요?', 3))[0]?.title).toBe('재택근무 정책');
    expect((await slackSearch(db, ws.id, '법인카드 관리 담당자', 3))[0]?.title).toBe('법인카드는 누가 관리해요?');

    // The contract migration drops the old tables; the copies stay and are still found.
    for (const s of migration('0025_drop-superseded-slack-knowledge.sql')) await db.execute(sql.raw(s));
    expect([await tableExists(t, 'slack_documents'), await tableExists(t, 'slack_passages')]).toEqual([false, false]);
    expect((await slackSearch(db, ws.id, '재택근무 몇 번 돼요?', 3))[0]?.title).toBe('재택근무 정책');
  });
});
