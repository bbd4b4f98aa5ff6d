/**
 * The help centre's own chatbot (issue 33, 문의하기): created once at start-up by the sync job (also with two apps on
 * one database), its system account can neither sign in nor be seen in the user list and counts, the widget API
 * answers from the right article and refuses what no article covers, a hand-off mails the operator, and a re-sync
 * follows article changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestApp } from '../../test/helpers.ts';
import { call, GOOD_PASSWORD, outbox } from '../auth/testing/auth-test-kit.ts';
import { makeUser, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { findUserByEmail, hashPassword, updateUser } from '../auth/auth.service.ts';
import { botsOfSeed } from '../chatbot/chatbot.service.ts';
import { listSources } from '../knowledge/knowledge.service.ts';
import { listSeeds } from '../seeds/seeds.service.ts';
import { loadArticles } from './articles.ts';
import { findHelpBot, HELP_BOT_EMAIL, syncHelpBot, type THelpBotDeps } from './help-bot.ts';
import { operatorAddresses } from './help-bot-handoff.ts';

const OPERATOR = 'help-desk@example.com';
const articles = loadArticles();

describe.each(dbKinds)('help bot (%s)', (kind) => {
  let t: TTestApp;
  let botId: string;
  let origin: string;
  let visitors = 0;
  const deps = (): THelpBotDeps => ({ db: t.database.db, config: t.config, refetch: { jobs: t.app.jobs, now: () => new Date() }, log: t.app.log });

  const inject = (method: 'POST' | 'GET', url: string, opts: { token?: string; body?: unknown; ip?: string } = {}) =>
    t.app.inject({
      method,
      url,
      remoteAddress: opts.ip ?? '127.0.0.1',
      headers: { origin, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
  /** The bot, synced now unless an earlier test did (each test must pass when it is the only one run). */
  const ensureBot = async () => {
    if (!botId) {
      await t.app.jobs.runDue();
      botId = (await call(t, { url: '/api/help/contact' })).body.botId;
    }
    return botId;
  };
  const start = async () => {
    await ensureBot();
    const ip = `10.7.${Math.floor(++visitors / 250)}.${visitors % 250}`;
    const r = await inject('POST', `/api/chatbot/${botId}/conversations`, { ip });
    expect(r.statusCode).toBe(201);
    return { ...(r.json() as { conversationId: string; token: string }), ip };
  };
  const ask = async (text: string) => {
    const c = await start();
    const r = await inject('POST', `/api/chatbot/${botId}/conversations/${c.conversationId}/messages`, { token: c.token, body: { text }, ip: c.ip });
    expect(r.statusCode).toBe(200);
    return { c, a: r.json() as { answer: string; answered: boolean; sources: { title: string; url?: string }[] } };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, env: { HELP_HANDOFF_EMAIL: OPERATOR, HELP_BOT: 'true' } });
    origin = new URL(t.config.appUrl).origin;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('stays off when HELP_BOT is not set under NODE_ENV=test (other suites never see it)', async () => {
    const off = await createTestApp(kind, { jobs: false });
    try {
      expect(off.config.help.bot).toBe(false);
      await off.app.jobs.runDue();
      expect((await call(off, { url: '/api/help/contact' })).body).toEqual({ botId: null });
      expect(await findHelpBot(off.database.db)).toBeNull();
    } finally {
      await off.close();
    }
  }, 60_000);

  it('has no bot before the sync job ran, and one after it; a second app on the same database keeps it one', async () => {
    expect((await call(t, { url: '/api/help/contact' })).body).toEqual({ botId: null });
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const contact = await call(t, { url: '/api/help/contact' });
    expect(contact.status).toBe(200);
    botId = contact.body.botId;
    expect(botId).toMatch(/^[0-9a-f-]{36}$/);

    const second = await createTestApp(kind, { jobs: false, database: t.database, env: { HELP_BOT: 'true' } });
    try {
      await second.app.jobs.runDue();
      const again = await findHelpBot(second.database.db);
      expect(again?.botId).toBe(botId);
    } finally {
      await second.close();
    }
    const bot = (await findHelpBot(t.database.db))!;
    expect(await listSeeds(t.database.db, bot.userId)).toHaveLength(1);
    expect(await botsOfSeed(t.database.db, bot.seedId)).toHaveLength(1);
    const sources = await listSources(t.database.db, botId);
    expect(sources).toHaveLength(articles.length);
    expect(new Set(sources.map((s) => s.url)).size).toBe(articles.length);
  }, 120_000);

  it('the system account cannot sign in (even with a password set) and is neither listed nor counted', async () => {
    await ensureBot();
    const user = (await findUserByEmail(t.database.db, HELP_BOT_EMAIL))!;
    expect(user.status).toBe('system');
    expect(user.passwordHash).toBeNull();
    const refused = await call(t, { url: '/api/auth-login', body: { email: HELP_BOT_EMAIL, password: GOOD_PASSWORD } });
    expect(refused.status).toBe(401);
    await updateUser(t.database.db, user.id, { passwordHash: await hashPassword(GOOD_PASSWORD) }, new Date());
    const still = await call(t, { url: '/api/auth-login', body: { email: HELP_BOT_EMAIL, password: GOOD_PASSWORD } });
    expect(still.status).toBe(401);
    expect(still.body.code).toBe('INVALID_CREDENTIALS');
    await updateUser(t.database.db, user.id, { passwordHash: null }, new Date());

    const admin = await signedIn(t, { role: 'admin' });
    const list = await call(t, { url: '/api/admin/users?limit=100', token: admin.token });
    expect(list.status).toBe(200);
    const emails = (list.body.data as { email: string }[]).map((u) => u.email);
    expect(emails).toContain(admin.email);
    expect(emails).not.toContain(HELP_BOT_EMAIL);
    expect(list.body.total).toBe(emails.length);
    const search = await call(t, { url: '/api/admin/users?search=help-bot', token: admin.token });
    expect(search.body.total).toBe(0);
    const overview = await call(t, { url: '/api/admin/overview', token: admin.token });
    expect(overview.status).toBe(200);
    expect(overview.body.users.total).toBe(emails.length);
    // Everyone in this database signed up today (Asia/Seoul): the sign-up chart counts the people, not the bot account.
    const analytics = await call(t, { url: '/api/admin/analytics', token: admin.token });
    expect(analytics.status).toBe(200);
    const signups = (analytics.body.signups as { count: number }[]).reduce((sum, d) => sum + d.count, 0);
    expect(signups).toBe(emails.length);
  });

  it('answers from the right article with its address, and refuses an off-topic question', async () => {
    const { a } = await ask('2단계 인증은 어떻게 켜요?');
    expect(a.answered).toBe(true);
    expect(a.sources[0]?.url).toMatch(/\/help\/(account|trouble)-second-factor$/);
    expect(a.answer).toContain('자세히 보기:');

    const mail = await ask('메일을 보낼 수 없다고 나와요');
    expect(mail.a.answered).toBe(true);
    expect(mail.a.sources[0]?.url).toMatch(/\/help\/trouble-mail-limits$/);

    const off = await ask('오늘 점심 메뉴로 짬뽕이 좋을까요 짜장면이 좋을까요?');
    expect(off.a.answered).toBe(false);
    expect(off.a.sources).toEqual([]);
  });

  it("a hand-off mails the operator's address with the transcript", async () => {
    const { c } = await ask('세금계산서는 어떻게 받나요');
    const r = await inject('POST', `/api/chatbot/${botId}/conversations/${c.conversationId}/handoff`, {
      token: c.token,
      ip: c.ip,
      body: { email: 'customer@example.com', name: '김고객', message: '담당자와 통화하고 싶어요' },
    });
    expect(r.statusCode).toBeLessThan(300);
    const mails = await outbox(t, OPERATOR);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('김고객');
    expect(mails[0]!.text).toContain('customer@example.com');
    expect(mails[0]!.text).toContain('담당자와 통화하고 싶어요');
    expect(mails[0]!.text).toContain('세금계산서는 어떻게 받나요');
  });

  it('without HELP_HANDOFF_EMAIL or COMPANY_EMAIL, hand-offs go to the active platform admins (none is lost)', async () => {
    const admin = await makeUser(t, { role: 'admin', fullName: '운영관리' });
    const noAddress = { ...t.app.ctx, config: { ...t.config, help: { ...t.config.help, handoffEmail: undefined } } };
    const to = await operatorAddresses(noAddress);
    expect(to).toContain(admin.email);
    expect(to).not.toContain('help-bot@system.invalid');
    expect(await operatorAddresses(t.app.ctx)).toEqual([OPERATOR]);
  });

  it('a re-sync follows a changed, a removed and a restored article', async () => {
    await ensureBot();
    const target = articles.find((a) => a.slug === 'trouble-mail-limits')!;
    const changed = articles.map((a) => (a === target ? { ...a, summary: '바뀐 요약입니다.', questions: [...a.questions, '메일 한도가 궁금해요'] } : a));
    expect(await syncHelpBot(deps(), changed)).toMatchObject({ created: 0, updated: 1, removed: 0 });
    const source = (await listSources(t.database.db, botId)).find((s) => s.url?.endsWith('/help/trouble-mail-limits'))!;
    expect(source.answer).toContain('바뀐 요약입니다.');
    expect(source.phrasings).toContain('메일 한도가 궁금해요');
    expect(await syncHelpBot(deps(), changed)).toMatchObject({ created: 0, updated: 0, removed: 0 });

    expect(
      await syncHelpBot(
        deps(),
        changed.filter((a) => a.slug !== target.slug),
      ),
    ).toMatchObject({ created: 0, updated: 0, removed: 1 });
    expect(await listSources(t.database.db, botId)).toHaveLength(articles.length - 1);
    expect(await syncHelpBot(deps(), articles)).toMatchObject({ created: 1, updated: 0, removed: 0 });
    expect(await listSources(t.database.db, botId)).toHaveLength(articles.length);
  });
});
