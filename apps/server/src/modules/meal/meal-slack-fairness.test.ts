/**
 * Issue 38, fairness in the open: against the fake Slack Web API (the real client code, base URL SLACK_API_URL), a
 * game round posts its commitment before the first join, the draw's reveal goes in that message's thread, and the
 * reveal verifies with the README's formula computed here independently (node:crypto, not meal.fairness.ts).
 */
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dbKinds, movableClock, type TTestApp } from '../../test/helpers.ts';
import { api } from '../admin-users/testing/console-test-kit.ts';
import { createSlackApi } from '../slack/slack-api.ts';
import { encryptSecret } from '../slack/slack-crypto.ts';
import * as slackRepo from '../slack/slack.repository.ts';
import { startFakeSlack, type TFakeSlack } from '../slack/testing/fake-slack.ts';
import { mealDepsOf } from './meal.module.ts';
import * as repo from './meal.repository.ts';
import { inMinutes, seedWithMembers } from './testing/meal-test-kit.ts';

const CLIENT = { clientId: 'meal-test-client', clientSecret: 'meal-test-secret' };
const LUNCH = 'C0LUNCH001';

/** The README's formula, written again from its text. */
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string, msg: string) => createHmac('sha256', key).update(msg, 'utf8').digest('hex');
const first4 = (hex: string) => parseInt(hex.slice(0, 8), 16);
function readmeDraw(roundId: string, serverSeed: string, seeds: string[], payerCount: number) {
  const joined = seeds.join(':');
  const h = hmac(serverSeed, `${roundId}:${joined}`);
  const remaining = seeds.map((_, i) => i);
  const payers: number[] = [];
  for (let k = 0; k < Math.min(payerCount, seeds.length); k++) {
    const hk = k === 0 ? h : hmac(serverSeed, `${roundId}:${k}:${joined}`);
    payers.push(remaining.splice(first4(hk) % remaining.length, 1)[0]!);
  }
  return { h, payers };
}

const unescapeSlack = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** What a person reading the reveal in Slack sees: the server seed, the seeds in order, h, payer numbers and the link. */
function parseReveal(text: string) {
  const serverSeed = /serverSeed\): `([0-9a-f]{64})`/.exec(text)?.[1];
  const h = /`([0-9a-f]{64})`\s*$/m.exec(text.split('\n').find((l) => l.startsWith('h = '))!)?.[1];
  const seeds = text
    .split('\n')
    .filter((l) => /^\d+\. /.test(l))
    .map((l) => JSON.parse(unescapeSlack(/ ("(?:[^"\\]|\\.)*")$/.exec(l)![1]!)) as string);
  const payers = [...(text.split('\n').find((l) => l.startsWith('결제자: ')) ?? '').matchAll(/(\d+)번/g)].map((x) => Number(x[1]) - 1);
  const link = /검증 페이지: (\S+)/.exec(text)?.[1];
  return { serverSeed, h, seeds, payers, link };
}

describe.each(dbKinds)('meal fairness in Slack on %s', (kind) => {
  const clock = movableClock(Date.parse('2030-03-04T02:00:00Z'));
  let t: TTestApp;
  let slack: TFakeSlack;
  beforeAll(async () => {
    slack = await startFakeSlack(CLIENT);
    t = await createTestApp(kind, { now: clock.now, jobs: false, env: { SLACK_API_URL: slack.apiUrl } });
  });
  afterAll(async () => {
    await t?.close();
    await slack?.close();
  });

  /** A seed with members and a connected workspace (a bot token the fake accepts), `channels` chosen in its settings. */
  async function slackSeed(others: number, channels: string[] = [LUNCH]) {
    const s = await seedWithMembers(t, others);
    const access = await createSlackApi({ apiUrl: slack.apiUrl }).oauthAccess({ ...CLIENT, code: slack.issueCode(), redirectUri: 'http://x' });
    await slackRepo.insertWorkspace(t.database.db, {
      seedId: s.seedId,
      teamId: `T${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      teamName: '점심 워크스페이스',
      botUserId: 'UBOT0001',
      botTokenEnc: encryptSecret(t.config.encryptionKey, access.accessToken),
      settings: { channels, language: 'ko', tone: 'polite', retentionDays: 90, monthlyTokenBudget: 0 },
    });
    return s;
  }

  const gameRound = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    date: '2030-03-04',
    deadline: inMinutes(clock.now(), 60),
    mode: 'menu',
    options: [{ name: '비빔밥', price: 9000 }],
    split: 'ladder',
    payerCount: 2,
    ...extra,
  });

  it('posts the commitment before the first join, and the reveal in its thread verifies with the README formula', async () => {
    const s = await slackSeed(3);
    const o = api(t, s.owner.token);
    const before = slack.posts.length;
    const created = await o('POST', `${s.base}/meals`, gameRound('공정 점심 <&>'));
    expect(created.status).toBe(201);
    const meal = created.body.data;
    // The answer came back: the commitment is already in Slack, in the seed's first chosen channel, with its ts stored.
    expect(slack.posts.length).toBe(before + 1);
    const commitPost = slack.posts[before]!;
    expect(commitPost.channel).toBe(LUNCH);
    expect(commitPost.thread_ts).toBeUndefined();
    expect(commitPost.text).toContain(`\`${meal.commitment}\``);
    expect(commitPost.text).toContain('공정 점심 &lt;&amp;&gt;');
    expect(commitPost.text).toContain('결제자: 2명');
    expect(commitPost.text).toContain(`${t.config.appUrl}/meal/verify/${meal.id}`);
    expect(meal.slack).toEqual({ channel: LUNCH, ts: expect.stringMatching(/^\d+\.\d{6}$/) });
    expect((await repo.findMealById(t.database.db, meal.id))!.slackTs).toBe(meal.slack.ts);
    const postCall = slack.calls.filter((c) => c.method === 'chat.postMessage').at(-1)!;

    // Order: the post was received before the first join request was made.
    const firstJoinAt = Date.now();
    expect(postCall.at).toBeLessThanOrEqual(firstJoinAt);
    const seeds = ['행운', 'a"b\\c <&>', ''];
    const people = [s.owner, ...s.members];
    for (const [i, u] of people.entries()) {
      const body = { choice: meal.options[0].id, ...(seeds[i] ? { clientSeed: seeds[i] } : {}) };
      expect((await api(t, u.token)('POST', `${s.base}/meals/${meal.id}/join`, body)).status).toBe(200);
    }
    expect(slack.posts.length).toBe(before + 1);
    expect((await o('POST', `${s.base}/meals/${meal.id}/close`)).status).toBe(200);
    const drawn = await o('POST', `${s.base}/meals/${meal.id}/draw`);
    expect(drawn.status).toBe(200);

    expect(slack.posts.length).toBe(before + 2);
    const reveal = slack.posts[before + 1]!;
    expect(reveal.channel).toBe(LUNCH);
    expect(reveal.thread_ts).toBe(meal.slack.ts);
    const parsed = parseReveal(reveal.text);
    expect(parsed.link).toBe(`${t.config.appUrl}/meal/verify/${meal.id}`);
    expect(parsed.seeds).toHaveLength(4);
    // The seeds as posted, in user-id order, are the ones people typed.
    const byId = [...people].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    expect(parsed.seeds).toEqual(byId.map((u) => seeds[people.indexOf(u)] ?? ''));
    // Recomputed from the thread alone: the commitment posted before anyone joined, h and the payers.
    const commitment = /`([0-9a-f]{64})`/.exec(commitPost.text)![1]!;
    expect(sha256(parsed.serverSeed!)).toBe(commitment);
    const again = readmeDraw(meal.id, parsed.serverSeed!, parsed.seeds, 2);
    expect(again.h).toBe(parsed.h);
    expect(again.payers).toEqual(parsed.payers);
    expect(parsed.payers).toHaveLength(2);
    // …and they are the payers the suite drew.
    expect(drawn.body.payers.map((p: { userId: string }) => p.userId)).toEqual(again.payers.map((i) => byId[i]!.id));
    // No e-mail address and no full name in the public thread.
    for (const u of people) expect(reveal.text).not.toContain(u.email);
    expect(reveal.text).not.toContain('김주최');
    expect(reveal.text).toContain('김*최');
  });

  it('posts to the channel the host chose; plain rounds and seeds without Slack post nothing', async () => {
    const s = await slackSeed(1);
    const o = api(t, s.owner.token);
    const before = slack.posts.length;
    const chosen = await o('POST', `${s.base}/meals`, gameRound('채널 고른 점심', { slackChannel: '#점심-공지' }));
    expect(chosen.status).toBe(201);
    expect(slack.posts.length).toBe(before + 1);
    expect(slack.posts.at(-1)!.channel).toBe('#점심-공지');
    expect(chosen.body.data.slack.channel).toBe('#점심-공지');

    const even = await o('POST', `${s.base}/meals`, gameRound('그냥 점심', { split: 'even' }));
    expect(even.status).toBe(201);
    expect(even.body.data.slack).toBeNull();
    const plain = await seedWithMembers(t, 1);
    const noSlack = await api(t, plain.owner.token)('POST', `${plain.base}/meals`, gameRound('슬랙 없는 사다리'));
    expect(noSlack.status).toBe(201);
    expect(noSlack.body.data.slack).toBeNull();
    expect(slack.posts.length).toBe(before + 1);

    const channels = await o('GET', `/api/seeds/${s.seedId}/meal-slack-channels`);
    expect(channels.status).toBe(200);
    expect(channels.body.data).toEqual({ connected: true, teamName: '점심 워크스페이스', channels: [LUNCH], defaultChannel: LUNCH });
    const none = await api(t, plain.owner.token)('GET', `/api/seeds/${plain.seedId}/meal-slack-channels`);
    expect(none.body.data).toEqual({ connected: false, teamName: null, channels: [], defaultChannel: null });
    expect((await api(t, plain.owner.token)('GET', `/api/seeds/${s.seedId}/meal-slack-channels`)).status).toBe(404);
  });

  it('a game round cancelled before the draw says so in the commitment thread, without revealing the server seed', async () => {
    const s = await slackSeed(1);
    const o = api(t, s.owner.token);
    const before = slack.posts.length;
    const meal = (await o('POST', `${s.base}/meals`, gameRound('취소될 사다리'))).body.data;
    expect(slack.posts.length).toBe(before + 1);
    expect((await o('DELETE', `${s.base}/meals/${meal.id}`)).status).toBe(200);
    expect(slack.posts.length).toBe(before + 2);
    const note = slack.posts[before + 1]!;
    expect(note.thread_ts).toBe(meal.slack.ts);
    expect(note.channel).toBe(slack.posts[before]!.channel);
    expect(note.text).toContain('취소되었습니다');
    expect(note.text).not.toMatch(/[0-9a-f]{64}/);
  });

  it('refuses a game round without a channel to publish in, and a malformed channel, in Korean', async () => {
    const s = await slackSeed(1, []);
    const o = api(t, s.owner.token);
    const before = slack.posts.length;
    const missing = await o('POST', `${s.base}/meals`, gameRound('채널 없는 사다리'));
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('채널');
    expect(missing.body.details).toEqual([{ path: 'slackChannel', message: expect.stringContaining('채널') }]);
    const bad = await o('POST', `${s.base}/meals`, gameRound('이상한 채널', { slackChannel: 'lunch channel!' }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Slack 채널은');
    expect(slack.posts.length).toBe(before);
    expect((await o('GET', `${s.base}/meals`)).body.data).toHaveLength(0);
  });

  it('Slack down at creation: the round is still created (201), the failure logged and shown; the reveal still goes out', async () => {
    const s = await slackSeed(1);
    const o = api(t, s.owner.token);
    const warn = vi.spyOn(mealDepsOf(t.app.ctx)!.log, 'warn');
    const before = slack.posts.length;
    slack.failPosts = 100;
    try {
      const created = await o('POST', `${s.base}/meals`, gameRound('슬랙 장애 점심'));
      expect(created.status).toBe(201);
      expect(created.body.data.slack).toEqual({ channel: LUNCH, ts: null });
      expect(created.body.data.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ mealId: created.body.data.id, channel: LUNCH }), 'meal: commitment not posted to Slack');
      expect(slack.posts.length).toBe(before);
      slack.failPosts = 0;
      const meal = created.body.data;
      // Joins are not held up by the failure.
      for (const u of [s.owner, ...s.members])
        expect((await api(t, u.token)('POST', `${s.base}/meals/${meal.id}/join`, { choice: meal.options[0].id })).status).toBe(200);
      expect((await o('POST', `${s.base}/meals/${meal.id}/close`)).status).toBe(200);
      expect((await o('POST', `${s.base}/meals/${meal.id}/draw`)).status).toBe(200);
      expect(slack.posts.length).toBe(before + 1);
      expect(slack.posts.at(-1)!.thread_ts).toBeUndefined();
      expect(slack.posts.at(-1)!.text).toContain('추첨 결과를 공개합니다');
      const shown = await o('GET', `${s.base}/meals/${meal.id}`);
      expect(shown.body.data.slack).toEqual({ channel: LUNCH, ts: null });
    } finally {
      slack.failPosts = 0;
      warn.mockRestore();
    }
  });
});
