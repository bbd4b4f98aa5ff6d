import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ko } from '@suite/shared';
import { slackDigestRuns, slackDigestSubscriptions } from '../../db/schema-slack-digest.ts';
import { slackTokenUsage, slackWorkspaces } from '../../db/schema-slack.ts';
import { privacyAccessLog } from '../../db/schema-privacy.ts';
import { createTestApp, dbKinds, freshDatabase, movableClock, type TTestApp } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { parseDigestCommand, parseTime } from './digest-command.ts';
import { dueDate, extractDigest, type TDigestMessage } from './digest-extract.ts';
import { parseDigestAnswer } from './digest-llm.ts';
import { renderDigest } from './digest-render.ts';
import { dueSlot, latestSlot } from './digest-schedule.ts';
import { digestDepsOf } from './digest.module.ts';
import { runDueDigests } from './digest.service.ts';
import * as drepo from './digest.repository.ts';
import * as repo from './slack.repository.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { slackSignature } from './slack-crypto.ts';
import { startFakeLlm, type TFakeLlm } from './testing/fake-llm.ts';
import { startFakeSlack, type TFakeSlack } from './testing/fake-slack.ts';
import { CLIENT, directWorkspace, SIGNING_SECRET } from './testing/slack-test-kit.ts';

const d = ko.slackDigest;
const HOUR = 3_600_000;
/** 2030-01-08 (Tuesday) 18:00 in Seoul = 09:00 UTC. */
const SIX_PM = Date.parse('2030-01-08T09:00:00Z');
const tsAt = (ms: number, n = 0) => `${Math.floor(ms / 1000)}.${String(100 + n).padStart(6, '0')}`;

/** A realistic day in a project channel: a thread with a decision, an answered and an open question, two tasks. */
function projectDay(base: number): TDigestMessage[] {
  const t1 = tsAt(base - 8 * HOUR, 1);
  const m = (h: number, n: number, user: string, text: string, thread = t1): TDigestMessage => ({ ts: tsAt(base - h * HOUR, n), threadTs: thread, user, text });
  const top2 = tsAt(base - 3 * HOUR, 7);
  return [
    { ts: t1, threadTs: t1, user: 'UALICE', text: '다음 주 베타 출시 일정 이야기해요. 12월 3일 어떠세요?' },
    m(7.5, 2, 'UBOB', '저는 좋아요. QA만 끝나면 될 것 같아요.'),
    m(7, 3, 'UALICE', '그럼 베타 출시는 12월 3일로 확정할게요.'),
    m(6, 4, 'UALICE', '<@UCAROL> 릴리스 노트 초안 금요일까지 작성해주세요'),
    m(5, 5, 'UCAROL', '네, 제가 QA 체크리스트도 내일까지 정리할게요'),
    m(4, 6, 'UBOB', '결제 모듈 로그는 어디서 보나요?'),
    { ts: top2, threadTs: top2, user: 'UDAVE', text: '점심 메뉴 투표는 내일 하는 거 맞나요?' },
    { ts: tsAt(base - 2 * HOUR, 8), threadTs: tsAt(base - 2 * HOUR, 8), user: 'UBOT0001', text: '봇의 답변은 빠져야 해요' },
  ];
}

describe('digest rules (no database)', () => {
  it('finds the latest slot in Seoul time, daily and weekly, and is due only within the grace hour after it', () => {
    const daily = { frequency: 'daily' as const, weekday: 5, minuteOfDay: 18 * 60 };
    expect(latestSlot(daily, new Date(SIX_PM + 60_000))!.key).toBe('d:2030-01-08');
    expect(latestSlot(daily, new Date(SIX_PM - 60_000))!.key).toBe('d:2030-01-07');
    const slot = latestSlot(daily, new Date(SIX_PM))!;
    expect(slot.end.toISOString()).toBe('2030-01-08T09:00:00.000Z');
    expect(slot.end.getTime() - slot.start.getTime()).toBe(24 * HOUR);
    // Friday 17:00: on Tuesday the latest is last Friday (2030-01-04).
    const weekly = latestSlot({ frequency: 'weekly', weekday: 5, minuteOfDay: 17 * 60 }, new Date(SIX_PM))!;
    expect(weekly.key).toBe('w:2030-01-04');
    expect(weekly.end.getTime() - weekly.start.getTime()).toBe(7 * 24 * HOUR);
    const saved = new Date(SIX_PM - HOUR);
    expect(dueSlot({ ...daily, updatedAt: saved }, new Date(SIX_PM + 30_000))?.key).toBe('d:2030-01-08');
    expect(dueSlot({ ...daily, updatedAt: saved }, new Date(SIX_PM + HOUR + 1))).toBeNull();
    // Saved after today's time: starts tomorrow.
    expect(dueSlot({ ...daily, updatedAt: new Date(SIX_PM + 5 * 60_000) }, new Date(SIX_PM + 6 * 60_000))).toBeNull();
    expect(latestSlot({ ...daily, frequency: 'off' }, new Date(SIX_PM))).toBeNull();
  });

  it('parses the /digest grammar and refuses bad times and weekdays', () => {
    expect(parseDigestCommand('')).toEqual({ kind: 'status' });
    expect(parseDigestCommand('구독')).toEqual({ kind: 'subscribe' });
    expect(parseDigestCommand(' 구독  취소 ')).toEqual({ kind: 'unsubscribe' });
    expect(parseDigestCommand('매일 18:00')).toEqual({ kind: 'schedule', frequency: 'daily', weekday: 5, minuteOfDay: 1080 });
    expect(parseDigestCommand('매주 금 17:00')).toEqual({ kind: 'schedule', frequency: 'weekly', weekday: 5, minuteOfDay: 1020 });
    expect(parseDigestCommand('매주 월요일 오전 9시 30분')).toEqual({ kind: 'schedule', frequency: 'weekly', weekday: 1, minuteOfDay: 570 });
    expect(parseDigestCommand('매일 25:00')).toEqual({ kind: 'error', error: 'badTime' });
    expect(parseDigestCommand('매주 금욜 17:00')).toEqual({ kind: 'error', error: 'badWeekday' });
    expect(parseDigestCommand('채널 게시 끄기')).toEqual({ kind: 'post', on: false });
    expect(parseDigestCommand('아무말')).toEqual({ kind: 'error', error: 'unknown' });
    expect([parseTime('오후 6시'), parseTime('18시 반'), parseTime('오후 13시'), parseTime('7:5')]).toEqual([1080, 1110, null, null]);
  });

  it('extracts decisions, open questions and tasks with owners and due dates from a Korean thread', () => {
    const msgs = projectDay(SIX_PM);
    const c = extractDigest(msgs, 'UBOT0001');
    expect(c.decisions.map((i) => i.text)).toEqual(['그럼 베타 출시는 12월 3일로 확정할게요.']);
    // The first question was answered in its thread; the other two were not.
    expect(c.questions.map((i) => i.text)).toEqual(['결제 모듈 로그는 어디서 보나요?', '점심 메뉴 투표는 내일 하는 거 맞나요?']);
    expect(c.actions.map((i) => [i.owner, i.due])).toEqual([
      ['UCAROL', '1월 11일 (금)'],
      ['UCAROL', '1월 9일 (수)'],
    ]);
    expect(c.questions[0]!.ts).toBe(msgs[5]!.ts);
    expect(JSON.stringify(c)).not.toContain('봇의 답변');
    expect(dueDate('다음 주 월요일까지 보내주세요', new Date(SIX_PM))).toBe('1월 14일 (월)');
    expect(dueDate('12/3까지', new Date(SIX_PM))).toBe('12월 3일 (화)');
  });

  it('leaves chatter out of a stand-up: no 핫픽스 decision, no 금요일까지 question, no task without request or date', () => {
    const lines = [
      ['UA', '안녕하세요! 오늘 스탠드업 시작할게요'],
      ['UC', '원인은 세션 만료 설정이었고 핫픽스 올렸습니다'],
      ['UA', '그럼 다음 배포는 목요일 오후 2시에 하기로 합시다'],
      ['UB', '<@UD> PR 리뷰 부탁드려요'],
      ['UC', '혹시 QA 환경 계정은 누가 관리하나요?'],
      ['UA', '감사합니다 👍'],
      ['UB', '디자인 시안은 이번 주 금요일까지 공유해주세요 <@UE>'],
    ];
    const msgs = lines.map(([user, text], i) => ({ ts: tsAt(SIX_PM + i * 60_000), threadTs: tsAt(SIX_PM + i * 60_000), user: user!, text: text! }));
    const c = extractDigest(msgs, 'UBOT0001');
    expect(c.decisions.map((i) => i.user)).toEqual(['UA']);
    expect(c.questions.map((i) => i.text)).toEqual(['혹시 QA 환경 계정은 누가 관리하나요?']);
    expect(c.actions.map((i) => [i.owner, i.due])).toEqual([
      ['UD', null],
      ['UE', '1월 11일 (금)'],
    ]);
  });

  it('takes the model JSON only when it has the asked shape and points at real messages', () => {
    const msgs = projectDay(SIX_PM).slice(0, 3);
    const ok = parseDigestAnswer('```json\n{"decisions":[{"ref":3,"text":"베타 출시 12월 3일"}],"questions":[],"actions":[]}\n```', msgs);
    expect(ok?.decisions[0]).toMatchObject({ ts: msgs[2]!.ts, text: '베타 출시 12월 3일' });
    expect(parseDigestAnswer('결정: 베타 출시', msgs)).toBeNull();
    expect(parseDigestAnswer('{"decisions":[{"ref":9,"text":"없는 메시지"}],"questions":[],"actions":[]}', msgs)).toBeNull();
    expect(parseDigestAnswer('{"decisions":"many"}', msgs)).toBeNull();
  });

  it('keeps Slack markup from a steered model out of the post: no <!channel> or link in a due date or a mention label', () => {
    const msgs = projectDay(SIX_PM).slice(0, 4);
    const evil = parseDigestAnswer(
      JSON.stringify({
        decisions: [],
        questions: [],
        actions: [
          { ref: 4, text: '회의록 확인', owner: 'UCAROL', due: '<!channel>' },
          { ref: 4, text: '자료 보기', owner: null, due: '<https://evil.example|회의록>' },
          { ref: 4, text: '정리', owner: 'UCAROL', due: '1월 11일 (금)' },
        ],
      }),
      msgs,
    )!;
    expect(evil.actions.map((x) => x.due)).toEqual([null, null, '1월 11일 (금)']);
    const content = {
      decisions: [{ ...evil.actions[2]!, text: '<@UALICE|<!channel>> 님이 확정' }],
      questions: [],
      actions: [{ ...evil.actions[2]!, due: '<!here> <https://evil.example|회의록>' }],
    };
    const text = renderDigest({
      channelLabel: '#beta',
      frequency: 'daily',
      from: 'a',
      to: 'b',
      messages: msgs,
      content,
      link: () => 'https://x.slack.com/archives/C1/p1',
      note: null,
    });
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<!here>');
    expect(text).not.toContain('<https://evil.example');
    expect(text).toContain('<@UALICE|&lt;!channel>');
    expect(text).toContain('&lt;!here&gt; &lt;https://evil.example|회의록&gt;');
  });
});

describe.each(dbKinds)('channel digests on %s', (kind) => {
  const TEAM = { id: 'T0DIGEST1', name: '다이제스트 팀', botUserId: 'UBOT0001' };
  const CH = 'C0DIGEST';
  const clock = movableClock(SIX_PM - 10 * HOUR);
  const closers: (() => Promise<unknown>)[] = [];
  let slack: TFakeSlack;
  let llm: TFakeLlm;
  let a: TTestApp;
  let b: TTestApp;
  let wsId: string;
  let owner: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    slack = await startFakeSlack(CLIENT);
    llm = await startFakeLlm();
    closers.push(
      () => slack.close(),
      () => llm.close(),
    );
    const database = await freshDatabase(kind);
    closers.push(() => database.close());
    const env = {
      AUTH_SECRET: randomBytes(48).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SLACK_API_URL: slack.apiUrl,
      SLACK_AUTHORIZE_URL: slack.authorizeUrl,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_CLIENT_ID: CLIENT.clientId,
      SLACK_CLIENT_SECRET: CLIENT.clientSecret,
      LLM_BASE_URL: llm.url,
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'fake-model',
      LLM_TIMEOUT_MS: '2000',
      LLM_MAX_RETRIES: '0',
    };
    // Two instances on one database and one shared state (Redis on PostgreSQL), with the same clock.
    const state = { redisUrl: kind === 'postgres' ? process.env.REDIS_URL : undefined, prefix: `suite-test:${randomBytes(4).toString('hex')}:` };
    a = await createTestApp(kind, { env, database, jobs: false, state, now: clock.now });
    closers.push(a.close);
    b = await createTestApp(kind, { env, database, jobs: false, state, now: clock.now });
    closers.push(b.close);
    owner = await signedIn(a);
    const ws = await directWorkspace({ t: a, slack, llm, close: async () => {} }, owner.token, TEAM);
    wsId = ws.id;
    slack.channels.set(CH, { name: 'beta-launch', isPrivate: false, members: ['UBOB', 'UCAROL', 'UOWNER', 'UADMIN', 'UBOSS'] });
    await a.database.db.update(slackWorkspaces).set({ installerSlackUserId: 'UADMIN' }).where(eq(slackWorkspaces.id, wsId));
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  });

  async function command(text: string, opts: { user?: string; secret?: string; ts?: number; channel?: string; channelName?: string } = {}) {
    const raw = new URLSearchParams({
      command: '/digest',
      text,
      team_id: TEAM.id,
      channel_id: opts.channel ?? CH,
      channel_name: opts.channelName ?? 'beta-launch',
      user_id: opts.user ?? 'UBOB',
      response_url: 'https://hooks.slack.com/commands/x',
    }).toString();
    const ts = String(opts.ts ?? Math.floor(clock.now().getTime() / 1000));
    return a.app.inject({
      method: 'POST',
      url: '/api/slack/commands',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': ts,
        'x-slack-signature': slackSignature(opts.secret ?? SIGNING_SECRET, ts, raw),
      },
      payload: raw,
    });
  }
  const mirror = async (msgs: TDigestMessage[], channel = CH) => {
    for (const m of msgs)
      await repo.upsertMessage(a.database.db, { workspaceId: wsId, channel, ts: m.ts, threadTs: m.threadTs, slackUserId: m.user, text: m.text }, clock.now());
  };
  const runs = () => a.database.db.select().from(slackDigestRuns).where(eq(slackDigestRuns.workspaceId, wsId));

  it('refuses /digest with a wrong, missing or stale signature', async () => {
    expect((await command('구독', { secret: 'wrong-secret' })).statusCode).toBe(401);
    expect((await command('구독', { ts: Math.floor(clock.now().getTime() / 1000) - 600 })).statusCode).toBe(401);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/slack/commands',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'text=x',
    });
    expect(res.statusCode).toBe(401);
    expect(JSON.stringify(res.json())).toContain(ko.slack.server.signatureInvalid);
    expect(await a.database.db.select().from(slackDigestSubscriptions)).toEqual([]);
  });

  it('subscribes and unsubscribes with /digest, answering in Korean only to the caller', async () => {
    const help = await command('도움말');
    expect(help.json()).toEqual({ response_type: 'ephemeral', text: d.command.help });
    const first = await command('구독');
    expect(first.statusCode).toBe(200);
    // A subscription never sets up a schedule: the digest stays off until an admin picks a time.
    expect(first.json().text).toContain(d.command.subscribedOff('#beta-launch'));
    // Nothing mirrored from the channel yet: the answer says to invite the app.
    expect(first.json().text).toContain(d.command.inviteHint);
    expect((await command('구독')).json().text).toBe(d.command.alreadySubscribed);
    expect((await command('구독', { user: 'UCAROL' })).statusCode).toBe(200);
    const subs = await a.database.db.select().from(slackDigestSubscriptions).where(eq(slackDigestSubscriptions.workspaceId, wsId));
    expect(subs.map((s) => s.slackUserId).sort()).toEqual(['UBOB', 'UCAROL']);
    expect((await command('구독 취소', { user: 'UCAROL' })).json().text).toBe(d.command.unsubscribed('#beta-launch'));
    expect((await command('구독 취소', { user: 'UCAROL' })).json().text).toBe(d.command.notSubscribed);
    expect((await command('구독', { channel: 'D0DIRECT' })).json().text).toBe(d.command.notInChannel);
    // Someone Slack does not list in the channel cannot subscribe to it.
    expect((await command('구독', { user: 'UZED' })).json().text).toBe(d.command.notMember);
    const status = (await command('')).json().text as string;
    expect(status).toContain('꺼짐');
    expect(status).toContain('구독자 1명');
  });

  it('lets only admins change the schedule and refuses bad times in Korean', async () => {
    expect((await command('매일 17:00', { user: 'UBOB' })).json().text).toBe(d.command.adminsOnly);
    expect((await command('매일 25:00', { user: 'UADMIN' })).json().text).toBe(d.command.badTime);
    expect((await command('매주 금욜 17:00', { user: 'UADMIN' })).json().text).toBe(d.command.badWeekday);
    // Console: a bad time is a Korean 400.
    const bad = await api(a, owner.token)('PATCH', `/api/slack/workspaces/${wsId}/digests/${CH}`, { frequency: 'daily', time: '25:00' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(d.validation.time);
    const badDay = await api(a, owner.token)('PATCH', `/api/slack/workspaces/${wsId}/digests/${CH}`, { frequency: 'weekly', weekday: 9, time: '17:00' });
    expect(badDay.status).toBe(400);
    // A Slack workspace admin (users.info is_admin) may change it too.
    slack.admins.add('UBOSS');
    expect((await command('채널 게시 끄기', { user: 'UBOSS' })).json().text).toContain(d.command.postOff('#beta-launch'));
    const set = await command('매일 18:00', { user: 'UADMIN' });
    expect(set.json().text).toContain(d.command.scheduleSet('#beta-launch', '매일 18:00', false));
    expect((await command('채널 게시', { user: 'UADMIN' })).json().text).toContain(d.command.postOn('#beta-launch'));
  });

  it('posts the daily digest once at its time on two instances, in the channel and by DM, with the three sections and links', async () => {
    const msgs = projectDay(SIX_PM);
    await mirror(msgs);
    await mirror([{ ts: tsAt(SIX_PM - HOUR, 9), threadTs: tsAt(SIX_PM - HOUR, 9), user: 'UERIN', text: '다른 채널의 결정은 확정입니다' }], 'C0OTHER');
    llm.respond = () => undefined;
    // Before the time: nothing.
    clock.advance(SIX_PM - 60_000 - clock.now().getTime());
    const before = await Promise.all([runDueDigests(digestDepsOf(a.app.ctx)!), runDueDigests(digestDepsOf(b.app.ctx)!)]);
    expect(before.map((r) => r.sent)).toEqual([0, 0]);
    expect(slack.posts).toHaveLength(0);
    // At the time, both instances run the schedule at once: exactly one sends.
    clock.advance(90_000);
    llm.respond = (messages) =>
      messages.some((m) => m.content.includes('다이제스트'))
        ? JSON.stringify({
            decisions: [{ ref: 3, text: '베타 출시일을 12월 3일로 확정' }],
            questions: [{ ref: 6, text: '결제 모듈 로그 위치' }],
            actions: [{ ref: 4, text: '릴리스 노트 초안 작성', owner: 'UCAROL', due: '1월 11일 (금)' }],
          })
        : undefined;
    const results = await Promise.all([runDueDigests(digestDepsOf(a.app.ctx)!), runDueDigests(digestDepsOf(b.app.ctx)!)]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const inChannel = slack.posts.filter((p) => p.channel === CH);
    expect(inChannel).toHaveLength(1);
    const text = inChannel[0]!.text;
    for (const title of [d.post.decisions, d.post.questions, d.post.actions]) expect(text).toContain(title);
    expect(text).toContain('베타 출시일을 12월 3일로 확정');
    expect(text).toContain('<@UCAROL>: 릴리스 노트 초안 작성 (마감 1월 11일 (금))');
    // Each item links to its message: a reply's link names its thread.
    expect(text).toMatch(new RegExp(`<https://[^|>]+/archives/${CH}/p${msgs[2]!.ts.replace('.', '')}\\?thread_ts=${msgs[0]!.ts}&cid=${CH}\\|${d.post.link}>`));
    expect(text).not.toContain('다른 채널의 결정');
    // The subscriber gets it by DM (their user id as the channel).
    const dms = slack.posts.filter((p) => p.channel === 'UBOB');
    expect(dms).toHaveLength(1);
    expect(dms[0]!.text).toContain(d.post.dmIntro('#beta-launch'));
    const [run] = await runs();
    expect(run).toMatchObject({
      periodKey: 'd:2030-01-08',
      status: 'sent',
      mode: 'llm',
      messageCount: 7,
      decisions: 1,
      questions: 1,
      actions: 1,
      dmSent: ['UBOB'],
    });
    // The digest's tokens count toward the budget.
    const usage = await a.database.db
      .select()
      .from(slackTokenUsage)
      .where(and(eq(slackTokenUsage.workspaceId, wsId), eq(slackTokenUsage.kind, 'digest')));
    expect(usage).toHaveLength(1);
    expect(usage[0]!.tokens).toBe(run!.promptTokens + run!.completionTokens);
    // Later runs of the same minute or hour send nothing more.
    clock.advance(5 * 60_000);
    await Promise.all([runDueDigests(digestDepsOf(a.app.ctx)!), runDueDigests(digestDepsOf(b.app.ctx)!)]);
    expect(slack.posts).toHaveLength(2);
  });

  it('posts nothing for a period without messages', async () => {
    clock.advance(SIX_PM + 24 * HOUR + 30_000 - clock.now().getTime());
    const r = await runDueDigests(digestDepsOf(b.app.ctx)!);
    expect(r).toEqual({ sent: 0, empty: 1, failed: 0 });
    expect(slack.posts).toHaveLength(2);
    expect((await runs()).find((x) => x.periodKey === 'd:2030-01-09')?.status).toBe('empty');
  });

  it('falls back to the extractive digest on bad JSON, and without calling the model once over the budget', async () => {
    const day3 = SIX_PM + 48 * HOUR;
    await mirror(projectDay(day3));
    llm.respond = () => '다이제스트: 결정은 출시, 질문은 로그';
    clock.advance(day3 + 30_000 - clock.now().getTime());
    const calls = llm.requests.length;
    expect((await runDueDigests(digestDepsOf(a.app.ctx)!)).sent).toBe(1);
    expect(llm.requests.length).toBe(calls + 1);
    const post = slack.posts.filter((p) => p.channel === CH).at(-1)!.text;
    expect(post).toContain(d.post.basicNote);
    expect(post).toContain('그럼 베타 출시는 12월 3일로 확정할게요.');
    expect(post).toContain('<@UCAROL>: 릴리스 노트 초안 금요일까지 작성해주세요 (마감 1월 11일 (금))');
    expect(post).toContain('점심 메뉴 투표는 내일 하는 거 맞나요?');
    expect((await runs()).find((x) => x.periodKey === 'd:2030-01-10')).toMatchObject({ mode: 'basic', error: 'llm_bad_json' });

    // Over the monthly budget: the rules write it and the model is not asked.
    await a.database.db
      .update(slackWorkspaces)
      .set({ settings: { channels: [], language: 'ko', tone: 'polite', retentionDays: 90, monthlyTokenBudget: 10 } })
      .where(eq(slackWorkspaces.id, wsId));
    const day4 = SIX_PM + 72 * HOUR;
    await mirror(projectDay(day4));
    clock.advance(day4 + 30_000 - clock.now().getTime());
    const before = llm.requests.length;
    expect((await runDueDigests(digestDepsOf(b.app.ctx)!)).sent).toBe(1);
    expect(llm.requests.length).toBe(before);
    const over = slack.posts.filter((p) => p.channel === CH).at(-1)!.text;
    expect(over).toContain(d.post.budgetNote);
    expect(over).toContain(d.post.decisions);
    expect((await runs()).find((x) => x.periodKey === 'd:2030-01-11')).toMatchObject({ mode: 'basic', error: 'token_budget_exceeded' });
  });

  it('retries a digest whose posting failed once its claim is stale, without posting twice', async () => {
    const day5 = SIX_PM + 96 * HOUR;
    await mirror(projectDay(day5));
    clock.advance(day5 + 30_000 - clock.now().getTime());
    // The Slack client retries a 500 twice: three failures make the attempt fail.
    slack.failPosts = 3;
    const posted = slack.posts.length;
    expect(await runDueDigests(digestDepsOf(a.app.ctx)!)).toEqual({ sent: 0, empty: 0, failed: 1 });
    expect((await runs()).find((x) => x.periodKey === 'd:2030-01-12')).toMatchObject({ status: 'failed', channelTs: null, dmSent: [] });
    // Within the claim's 10 minutes nobody takes it again; after them the other instance does.
    clock.advance(5 * 60_000);
    expect((await runDueDigests(digestDepsOf(b.app.ctx)!)).sent).toBe(0);
    clock.advance(6 * 60_000);
    expect((await runDueDigests(digestDepsOf(b.app.ctx)!)).sent).toBe(1);
    expect(slack.posts.slice(posted).map((p) => p.channel)).toEqual([CH, 'UBOB']);
    expect((await runs()).find((x) => x.periodKey === 'd:2030-01-12')).toMatchObject({ status: 'sent', attempts: 2, dmSent: ['UBOB'] });
    expect((await runDueDigests(digestDepsOf(a.app.ctx)!)).sent).toBe(0);
  });

  it('lists the channels in the console and subscribes the signed-in member by their e-mail', async () => {
    slack.usersByEmail.set(owner.email.toLowerCase(), 'UOWNER');
    const list = await api(a, owner.token)('GET', `/api/slack/workspaces/${wsId}/digests`);
    expect(list.status).toBe(200);
    expect(list.body.can_manage).toBe(true);
    const ch = list.body.data.find((c: { channel: string }) => c.channel === CH);
    expect(ch).toMatchObject({ channel_name: 'beta-launch', frequency: 'daily', time: '18:00', post_to_channel: true, configured: true, subscribed: false });
    expect(ch.subscribers.map((s: { slack_user_id: string }) => s.slack_user_id)).toEqual(['UBOB']);
    expect(ch.last_run).toMatchObject({ status: 'sent' });
    // Reading the subscribers (Slack users) is recorded like the users tab.
    const logged = await a.database.db.select().from(privacyAccessLog).where(eq(privacyAccessLog.action, 'slack.users.list'));
    expect(logged.map((r) => r.subject)).toContain('워크스페이스 다이제스트 팀 다이제스트 구독자 · 1명');
    expect(list.body.data.find((c: { channel: string }) => c.channel === 'C0OTHER')).toMatchObject({ configured: false, next_at: null });
    const sub = await api(a, owner.token)('POST', `/api/slack/workspaces/${wsId}/digests/${CH}/subscription`);
    expect(sub.status).toBe(200);
    expect(sub.body.data.subscribed).toBe(true);
    const put = await api(a, owner.token)('PATCH', `/api/slack/workspaces/${wsId}/digests/${CH}`, {
      frequency: 'weekly',
      weekday: 5,
      time: '17:30',
      post_to_channel: false,
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ frequency: 'weekly', weekday: 5, time: '17:30', post_to_channel: false });
    // Someone outside the seed sees nothing.
    const stranger = await signedIn(a);
    expect((await api(a, stranger.token)('GET', `/api/slack/workspaces/${wsId}/digests`)).status).toBe(404);
  });

  it('sends the weekly digest on its weekday, only by DM when channel posting is off', async () => {
    // Set above: weekly on Friday 17:30, not in the channel; subscribers UBOB and UOWNER.
    const friday = Date.parse('2030-01-18T08:30:00Z');
    await mirror(projectDay(friday));
    clock.advance(friday + 20_000 - clock.now().getTime());
    const posted = slack.posts.length;
    expect((await runDueDigests(digestDepsOf(b.app.ctx)!)).sent).toBe(1);
    const fresh = slack.posts.slice(posted);
    expect(fresh.map((p) => p.channel).sort()).toEqual(['UBOB', 'UOWNER']);
    expect(fresh[0]!.text).toContain(d.post.title('#beta-launch', 'weekly'));
    // The 7 days up to Friday 17:30 hold this Friday's messages and last Saturday's (day 5 above).
    expect((await runs()).find((x) => x.periodKey === 'w:2030-01-18')).toMatchObject({ status: 'sent', messageCount: 14 });
  });

  it('answers a /digest with a NUL byte in Korean instead of a 500, storing nothing', async () => {
    const before = await a.database.db.select().from(slackDigestSubscriptions);
    const res = await command('구독', { channelName: 'beta\u0000launch', channel: 'C0NULBYTE' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ response_type: 'ephemeral', text: d.server.badText });
    expect((await command('구독\u0000')).json().text).toBe(d.server.badText);
    expect(await a.database.db.select().from(slackDigestSubscriptions)).toHaveLength(before.length);
    expect(await drepo.findSettings(a.database.db, wsId, 'C0NULBYTE')).toBeUndefined();
  });

  it("never leaks a private channel to a seed member who is not in it: not listed, not subscribable, never DM'd", async () => {
    // Run alone, the clock is still days before the 18:00 slot below: bring it to that afternoon first (before anyone signs in), so the
    // messages mirrored now fall in the digest's day (in the whole file, earlier tests already moved it there).
    const sixPm = Date.parse('2030-01-18T09:00:00Z');
    if (clock.now().getTime() < sixPm - 3 * HOUR) clock.advance(sixPm - 3 * HOUR - clock.now().getTime());
    const db = a.database.db;
    const [row] = await db.select().from(slackWorkspaces).where(eq(slackWorkspaces.id, wsId));
    const member = await signedIn(a);
    await addMember(db, row!.seedId, member.id, 'member');
    slack.usersByEmail.set(member.email.toLowerCase(), 'UMALLORY');
    slack.channels.set('C0PRIVATE', { name: 'secret-hr', isPrivate: true, members: ['UHR'] });
    slack.channels.set('C0EXCL', { name: 'excluded', isPrivate: false, members: ['UMALLORY'] });
    await db
      .update(slackWorkspaces)
      .set({ settings: { ...row!.settings, excludedChannels: ['C0EXCL'] } })
      .where(eq(slackWorkspaces.id, wsId));
    const at = clock.now().getTime();
    await mirror([{ ts: tsAt(at - HOUR, 1), threadTs: tsAt(at - HOUR, 1), user: 'UHR', text: '연봉 조정안은 다음 주 월요일까지 확정합니다' }], 'C0PRIVATE');
    await mirror([{ ts: tsAt(at - HOUR, 2), threadTs: tsAt(at - HOUR, 2), user: 'UMALLORY', text: '제외된 채널의 메시지' }], 'C0EXCL');

    // The reviewer's steps: the member lists the channels, subscribes to C0PRIVATE, waits for the digest.
    const list = await api(a, member.token)('GET', `/api/slack/workspaces/${wsId}/digests`);
    expect(list.status).toBe(200);
    expect(list.body.can_manage).toBe(false);
    const ids = list.body.data.map((c: { channel: string }) => c.channel);
    expect(ids).not.toContain('C0PRIVATE');
    expect(ids).not.toContain('C0EXCL');
    expect(JSON.stringify(list.body)).not.toContain('secret-hr');
    const sub = await api(a, member.token)('POST', `/api/slack/workspaces/${wsId}/digests/C0PRIVATE/subscription`);
    expect(sub.status).toBe(403);
    expect(JSON.stringify(sub.body)).toContain(d.server.notMember);
    expect((await command('구독', { user: 'UMALLORY', channel: 'C0PRIVATE', channelName: 'secret-hr' })).json().text).toBe(d.command.notMember);
    const excl = await api(a, member.token)('POST', `/api/slack/workspaces/${wsId}/digests/C0EXCL/subscription`);
    expect(excl.status).toBe(403);
    expect(JSON.stringify(excl.body)).toContain(d.server.channelExcluded);
    // Nothing was stored: no subscription and no schedule switched on by a subscription.
    expect(await drepo.findSettings(db, wsId, 'C0PRIVATE')).toBeUndefined();
    expect((await db.select().from(slackDigestSubscriptions)).map((x) => x.slackUserId)).not.toContain('UMALLORY');
    // Owners and admins see every channel's settings, but subscribing still needs membership.
    const admin = await signedIn(a);
    await addMember(db, row!.seedId, admin.id, 'admin');
    slack.usersByEmail.set(admin.email.toLowerCase(), 'UADMIN2');
    const managed = await api(a, admin.token)('GET', `/api/slack/workspaces/${wsId}/digests`);
    expect(managed.body.can_manage).toBe(true);
    expect(managed.body.data.map((c: { channel: string }) => c.channel)).toContain('C0PRIVATE');
    expect((await api(a, admin.token)('POST', `/api/slack/workspaces/${wsId}/digests/C0PRIVATE/subscription`)).status).toBe(403);

    // A subscription left from before (or someone who left the channel): the admin's daily digest skips them.
    await drepo.upsertSettings(
      db,
      wsId,
      'C0PRIVATE',
      { channelName: 'secret-hr', frequency: 'daily', minuteOfDay: 18 * 60, postToChannel: false },
      clock.now(),
    );
    await drepo.upsertSettings(db, wsId, 'C0EXCL', { channelName: 'excluded', frequency: 'daily', minuteOfDay: 18 * 60, postToChannel: true }, clock.now());
    await drepo.subscribe(db, wsId, 'C0PRIVATE', 'UMALLORY');
    await drepo.subscribe(db, wsId, 'C0PRIVATE', 'UHR');
    await drepo.subscribe(db, wsId, 'C0EXCL', 'UMALLORY');
    clock.advance(sixPm + 30_000 - clock.now().getTime());
    const posted = slack.posts.length;
    expect((await runDueDigests(digestDepsOf(a.app.ctx)!)).sent).toBe(1);
    const fresh = slack.posts.slice(posted);
    expect(fresh.map((p) => p.channel)).toEqual(['UHR']);
    expect(fresh[0]!.text).toContain('연봉 조정안');
    expect(JSON.stringify(slack.posts)).not.toContain('제외된 채널의 메시지');
    expect((await runs()).find((x) => x.channel === 'C0PRIVATE')).toMatchObject({ status: 'sent', dmSent: ['UHR'] });
  });
});
