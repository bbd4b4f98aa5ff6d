import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { slackEvents, slackWorkspaces } from '../../db/schema-slack.ts';
import { dbKinds } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import * as repo from './slack.repository.ts';
import { slackSignature } from './slack-crypto.ts';
import { eventCallback, idle, installedUser, nextTs, sendEvent, SIGNING_SECRET, slackTestApp, type TSlackTest } from './testing/slack-test-kit.ts';

const TEAM = 'T0FAKE001';
const BOT = 'UBOT0001';

describe.each(dbKinds)('slack events and assistant on %s', (kind) => {
  let s: TSlackTest;
  let owner: Awaited<ReturnType<typeof installedUser>>;
  const mention = (text: string, extra: Record<string, unknown> = {}) => ({
    type: 'app_mention',
    channel: 'C0GENERAL',
    user: 'UALICE',
    text: `<@${BOT}> ${text}`,
    ts: nextTs(),
    ...extra,
  });
  const postsIn = (thread: string) => s.slack.posts.filter((p) => p.thread_ts === thread);

  beforeAll(async () => {
    s = await slackTestApp(kind, { llm: true });
    owner = await installedUser(s);
    const doc = {
      kind: 'markdown',
      title: '검색팀 소개',
      content:
        '# 검색팀\n검색팀은 사내 검색 엔진과 추천 시스템을 맡고 있습니다. 팀장은 박지민이며 주간 회의는 화요일 오전 10시입니다.\n\n# 휴가 규정\n연차는 입사 첫해 15일이며, 휴가 신청은 그룹웨어에서 3일 전까지 합니다.',
    };
    expect((await api(s.t, owner.user.token)('POST', `/api/slack/workspaces/${owner.workspaceId}/documents`, doc)).status).toBe(201);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers url_verification and refuses a bad signature, a stale timestamp and malformed bodies', async () => {
    const ok = await sendEvent(s.t, { type: 'url_verification', challenge: 'abc123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ challenge: 'abc123' });
    const forged = await sendEvent(s.t, { type: 'url_verification', challenge: 'x' }, { secret: 'wrong-secret' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe('Slack 요청 서명이 올바르지 않습니다.');
    const stale = await sendEvent(s.t, { type: 'url_verification', challenge: 'x' }, { ts: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error).toContain('5분');
    const unsigned = await s.t.app.inject({ method: 'POST', url: '/api/slack/events', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(unsigned.statusCode).toBe(401);
    const garbage = await sendEvent(s.t, null, { raw: '{not json' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error).toBe('Slack 이벤트 형식이 올바르지 않습니다.');
    // Signed with the right secret, but the body was changed after signing: the signature covers the body.
    const ts = String(Math.floor(Date.now() / 1000));
    const tampered = await s.t.app.inject({
      method: 'POST',
      url: '/api/slack/events',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': ts,
        'x-slack-signature': slackSignature(SIGNING_SECRET, ts, '{"type":"url_verification","challenge":"a"}'),
      },
      payload: '{"type":"url_verification","challenge":"b"}',
    });
    expect(tampered.statusCode).toBe(401);
  });

  it('install → signed mention → thinking status → threaded answer with sources; a replayed event is dropped', async () => {
    const e = mention('검색팀을 이끄는 사람이 누구예요?');
    const body = eventCallback(TEAM, e);
    const ack = await sendEvent(s.t, body);
    expect(ack.statusCode).toBe(200);
    const replay = await sendEvent(s.t, body);
    expect(replay.statusCode).toBe(200);
    await idle(s.t);
    const posts = postsIn(e.ts);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.text).toContain('(모델 답변)');
    expect(posts[0]!.text).toContain('*출처*');
    expect(posts[0]!.text).toContain('검색팀 소개');
    expect(s.slack.statuses.some((x) => x.thread_ts === e.ts && x.status === '답변을 찾고 있어요…')).toBe(true);
    // The model received the Korean instruction and the retrieved passage.
    const req = s.llm!.requests.at(-1)!;
    expect(req.messages[0]!.content).toContain('한국어로 답하세요');
    expect(req.messages[1]!.content).toContain('박지민');
    const [row] = await s.t.database.db.select().from(slackEvents).where(eq(slackEvents.eventId, body.event_id));
    expect(row).toMatchObject({ kind: 'search', status: 'answered', mode: 'llm' });
    expect(row!.promptTokens).toBeGreaterThan(0);
    expect(row!.latencyMs).not.toBeNull();
  });

  it('summarises a mirrored thread, respecting edits and deletions, in basic mode when over budget', async () => {
    const root = nextTs();
    const msgs = [
      { user: 'UALICE', text: '다음 주 출시 일정 논의합시다', ts: root },
      { user: 'UBOB', text: '출시는 12월 3일로 하기로 결정했습니다', ts: nextTs() },
      { user: 'UCAROL', text: '마케팅 자료는 누가 준비하나요?', ts: nextTs() },
      { user: 'UALICE', text: '<@UDAVE> 릴리스 노트는 금요일까지 정리해주세요', ts: nextTs() },
      { user: 'UBOB', text: '오타가 있는 메시지', ts: nextTs() },
      { user: 'UCAROL', text: '지워질 비밀 메시지', ts: nextTs() },
    ];
    for (const m of msgs) {
      const ev = { type: 'message', channel: 'C0GENERAL', ...m, ...(m.ts === root ? {} : { thread_ts: root }) };
      expect((await sendEvent(s.t, eventCallback(TEAM, ev))).statusCode).toBe(200);
    }
    await sendEvent(
      s.t,
      eventCallback(TEAM, {
        type: 'message',
        subtype: 'message_changed',
        channel: 'C0GENERAL',
        message: { ts: msgs[4]!.ts, text: 'QA는 제가 맡을게요', user: 'UBOB' },
      }),
    );
    await sendEvent(s.t, eventCallback(TEAM, { type: 'message', subtype: 'message_deleted', channel: 'C0GENERAL', deleted_ts: msgs[5]!.ts }));
    await idle(s.t);
    // Over the monthly budget: basic mode, clearly labelled.
    const patch = await api(s.t, owner.user.token)('PATCH', `/api/slack/workspaces/${owner.workspaceId}/settings`, { monthly_token_budget: 1 });
    expect(patch.status).toBe(200);
    const e = mention('요약해줘', { thread_ts: root });
    await sendEvent(s.t, eventCallback(TEAM, e));
    await idle(s.t);
    const text = postsIn(root).at(-1)!.text;
    expect(text).toContain('기본 모드');
    expect(text).toContain('*결정 사항*');
    expect(text).toContain('12월 3일로 하기로 결정');
    expect(text).toContain('마케팅 자료는 누가 준비하나요?');
    expect(text).toMatch(/<@UDAVE>: +릴리스 노트는 금요일까지/);
    expect(text).toContain('QA는 제가 맡을게요');
    expect(text).not.toContain('지워질 비밀');
    expect(text).not.toContain('오타가 있는');
    await api(s.t, owner.user.token)('PATCH', `/api/slack/workspaces/${owner.workspaceId}/settings`, { monthly_token_budget: 1_000_000 });
  });

  it('the message shortcut summarises a thread; the mirror keeps only the retention period', async () => {
    const root = nextTs();
    for (const m of [
      { user: 'UALICE', text: '회식 장소는 강남역으로 확정했습니다', ts: root },
      { user: 'UBOB', text: '예약은 제가 할게요', ts: nextTs(), thread_ts: root },
    ]) {
      await sendEvent(s.t, eventCallback(TEAM, { type: 'message', channel: 'C0GENERAL', ...m }));
    }
    const payload = {
      type: 'message_action',
      callback_id: 'summarize_thread',
      trigger_id: `trig${Date.now()}`,
      team: { id: TEAM },
      channel: { id: 'C0GENERAL' },
      user: { id: 'UCAROL' },
      message: { ts: root },
    };
    const raw = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/slack/interactions',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': ts,
        'x-slack-signature': slackSignature(SIGNING_SECRET, ts, raw),
      },
      payload: raw,
    });
    expect(res.statusCode).toBe(200);
    await idle(s.t);
    expect(postsIn(root).at(-1)!.text).toContain('(모델 요약)');

    // Retention: a mirrored message older than the workspace's retention is purged.
    const old = `${Math.floor(Date.now() / 1000) - 100 * 86_400}.000001`;
    await sendEvent(s.t, eventCallback(TEAM, { type: 'message', channel: 'C0GENERAL', user: 'UOLD', text: '아주 오래된 메시지', ts: old }));
    await idle(s.t);
    expect(await repo.threadMessages(s.t.database.db, owner.workspaceId, 'C0GENERAL', old)).toHaveLength(1);
    expect(await repo.purgeExpiredMessages(s.t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await repo.threadMessages(s.t.database.db, owner.workspaceId, 'C0GENERAL', old)).toHaveLength(0);
    expect(await repo.threadMessages(s.t.database.db, owner.workspaceId, 'C0GENERAL', root)).toHaveLength(2);
  });

  it('falls back to conversations.replies and waits out a 429', async () => {
    const root = '1790009999.000100';
    s.slack.replies.set(`C0OTHER:${root}`, [
      { ts: root, user: 'UALICE', text: '예산안은 승인되었습니다' },
      { ts: '1790009999.000200', thread_ts: root, user: 'UBOB', text: '집행은 누가 하나요?' },
    ]);
    s.slack.rateLimitReplies = 1;
    const e = { type: 'app_mention', channel: 'C0OTHER', user: 'UALICE', text: `<@${BOT}> 요약`, ts: nextTs(), thread_ts: root };
    await sendEvent(s.t, eventCallback(TEAM, e));
    await idle(s.t);
    expect(s.slack.calls.filter((c) => c.method === 'conversations.replies')).toHaveLength(2);
    const text = postsIn(root).at(-1)!.text;
    expect(text).toContain('(모델 요약)');
  });

  it('never loses a mention when the model is down or slow: a Korean apology with basic results, logged', async () => {
    s.llm!.mode = 'down';
    const e1 = mention('휴가 신청은 어디서 해요?');
    await sendEvent(s.t, eventCallback(TEAM, e1));
    await idle(s.t);
    expect(postsIn(e1.ts).at(-1)!.text).toContain('죄송합니다');
    expect(postsIn(e1.ts).at(-1)!.text).toContain('그룹웨어');
    s.llm!.mode = 'slow';
    s.llm!.delayMs = 2_000;
    const e2 = mention('연차는 며칠인가요?');
    await sendEvent(s.t, eventCallback(TEAM, e2));
    await idle(s.t);
    s.llm!.mode = 'ok';
    expect(postsIn(e2.ts).at(-1)!.text).toContain('죄송합니다');
    const logs = await api(s.t, owner.user.token)('GET', `/api/slack/workspaces/${owner.workspaceId}/logs?q=${encodeURIComponent('며칠')}`);
    expect(logs.body.data).toHaveLength(1);
    expect(logs.body.data[0]).toMatchObject({ status: 'apologised', mode: 'basic', slack_user_id: 'UALICE' });
    expect(logs.body.data[0].error).toContain('llm');
  });

  it('retries a failed post, and the console shows users, stats and respects roles; uninstall disconnects', async () => {
    s.slack.failPosts = 3; // the client retries 5xx twice, so the first attempt fails once overall
    const e = mention('검색팀 회의는 언제예요?');
    await sendEvent(s.t, eventCallback(TEAM, e));
    await idle(s.t); // includes the scheduled retry
    expect(postsIn(e.ts)).toHaveLength(1);

    const a = api(s.t, owner.user.token);
    const base = `/api/slack/workspaces/${owner.workspaceId}`;
    s.slack.userNames.set('UALICE', '김앨리스');
    const users = await a('GET', `${base}/users`);
    expect(users.body.data.find((u: { slack_user_id: string }) => u.slack_user_id === 'UALICE')).toMatchObject({ summaries: 2, name: '김앨리스' });
    const stats = await a('GET', `${base}/stats?days=7`);
    expect(stats.body.days).toHaveLength(7);
    expect(stats.body.total_events).toBeGreaterThanOrEqual(5);
    expect(stats.body.days.at(-1).summaries).toBe(3); // two mentions and the shortcut
    expect((await a('GET', `${base}/stats?days=999`)).status).toBe(400);
    expect((await a('PATCH', `${base}/settings`, { channels: ['general'] })).body.error).toContain('채널 ID');

    const stranger = await signedIn(s.t);
    expect((await api(s.t, stranger.token)('GET', `${base}/logs`)).status).toBe(404);
    expect((await api(s.t, stranger.token)('GET', '/api/slack/workspaces')).body.data).toHaveLength(0);

    // Channel allow-list: a mention elsewhere is not answered.
    await a('PATCH', `${base}/settings`, { channels: ['C0GENERAL'] });
    const off = { type: 'app_mention', channel: 'C0RANDOM', user: 'UALICE', text: `<@${BOT}> 안녕`, ts: nextTs() };
    await sendEvent(s.t, eventCallback(TEAM, off));
    await idle(s.t);
    expect(postsIn(off.ts)).toHaveLength(0);

    await sendEvent(s.t, eventCallback(TEAM, { type: 'app_uninstalled' }));
    await idle(s.t);
    const [ws] = await s.t.database.db.select().from(slackWorkspaces).where(eq(slackWorkspaces.id, owner.workspaceId));
    expect(ws).toMatchObject({ status: 'disconnected', botTokenEnc: null });
  });
});
