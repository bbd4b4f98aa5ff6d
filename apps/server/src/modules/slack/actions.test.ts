import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { koSlackActions as a } from '@suite/shared/messages/ko-slack-actions';
import { auditLog } from '../../db/schema.ts';
import { slackPendingActions } from '../../db/schema-slack-actions.ts';
import { dbKinds } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { addMember } from '../seeds/seeds.repository.ts';
import { slackSignature } from './slack-crypto.ts';
import { directWorkspace, eventCallback, idle, nextTs, sendEvent, SIGNING_SECRET, slackTestApp, type TSlackTest } from './testing/slack-test-kit.ts';
import type { TPosted } from './testing/fake-slack.ts';

const TEAM = 'T0ACTIONS';
const BOT = 'UBOTACT01';
const CHANNEL = 'C0ROOMS';

type TButton = { action_id: string; value: string; text: { text: string } };
const buttonsOf = (post: TPosted): TButton[] =>
  ((post.blocks ?? []) as { accessory?: TButton; elements?: TButton[] }[]).flatMap((b) => [...(b.accessory ? [b.accessory] : []), ...(b.elements ?? [])]);

/** Seoul date `days` from now, YYYY-MM-DD. */
const seoulDate = (days: number) => new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe.each(dbKinds)('actions from Slack on %s', (kind) => {
  let s: TSlackTest;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let member: Awaited<ReturnType<typeof signedIn>>;
  let seedId: string;
  let small: string;

  const mention = async (user: string, text: string) => {
    const before = s.slack.posts.length;
    const res = await sendEvent(s.t, eventCallback(TEAM, { type: 'app_mention', channel: CHANNEL, user, text: `<@${BOT}> ${text}`, ts: nextTs() }));
    expect(res.statusCode).toBe(200);
    await idle(s.t);
    const post = s.slack.posts.slice(before).find((p) => p.channel === CHANNEL);
    if (!post) throw new Error(`no reply to ${text}`);
    return post;
  };
  const click = (user: string, post: TPosted, b: TButton, secret = SIGNING_SECRET) => {
    const payload = {
      type: 'block_actions',
      team: { id: TEAM },
      user: { id: user },
      channel: { id: CHANNEL },
      container: { type: 'message', channel_id: CHANNEL, message_ts: post.ts },
      message: { ts: post.ts, blocks: post.blocks },
      actions: [{ action_id: b.action_id, value: b.value, type: 'button' }],
    };
    const raw = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    const ts = String(Math.floor(Date.now() / 1000));
    return s.t.app.inject({
      method: 'POST',
      url: '/api/slack/interactions',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-slack-request-timestamp': ts, 'x-slack-signature': slackSignature(secret, ts, raw) },
      payload: raw,
    });
  };
  const lastUpdate = (post: TPosted) => s.slack.updates.filter((u) => u.ts === post.ts).at(-1);
  const lastEphemeral = (user: string) => s.slack.ephemerals.filter((e) => e.user === user).at(-1);
  const bookings = async (token: string, day: string) =>
    (await api(s.t, token)('GET', `/api/seeds/${seedId}/bookings?from=${day}T00:00:00%2B09:00&to=${day}T23:59:00%2B09:00`)).body.data as {
      id: string;
      roomId: string;
      title: string;
      organizer: { id: string };
    }[];
  const audits = (action: string) => s.t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

  beforeAll(async () => {
    s = await slackTestApp(kind);
    owner = await signedIn(s.t, { fullName: '김슬랙' });
    member = await signedIn(s.t, { fullName: '이버튼' });
    const ws = await directWorkspace(s, owner.token, { id: TEAM, name: '액션 워크스페이스', botUserId: BOT });
    seedId = ws.seedId;
    await addMember(s.t.database.db, seedId, member.id, 'member');
    const room = async (name: string, capacity: number) => {
      const r = await api(s.t, owner.token)('POST', `/api/seeds/${seedId}/rooms`, {
        name,
        location: '5층',
        capacity,
        equipment: [],
        openMinute: 0,
        closeMinute: 1440,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        openOnHolidays: true,
      });
      expect(r.status).toBe(201);
      return r.body.data.id as string;
    };
    await room('대회의실', 10);
    small = await room('소회의실', 4);
    s.slack.usersByEmail.set(owner.email.toLowerCase(), 'UALICE');
    s.slack.usersByEmail.set(member.email.toLowerCase(), 'UBOB');
    s.slack.usersByEmail.set('stranger@example.com', 'UCAROL');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('offers the best-fitting free rooms with confirm buttons; a confirm books through the rooms service, seen by the web API', async () => {
    const post = await mention('UALICE', '내일 3시 4명 회의실 잡아줘');
    const buttons = buttonsOf(post);
    expect(buttons.map((b) => b.text.text)).toEqual(['확인', '확인']);
    // The button carries an opaque id, not the booking's parameters.
    expect(buttons[0]!.value).not.toContain(small);
    expect(post.text).toContain('4명');
    const blocksText = JSON.stringify(post.blocks);
    expect(blocksText.indexOf('소회의실')).toBeLessThan(blocksText.indexOf('대회의실'));

    const res = await click('UALICE', post, buttons[0]!);
    expect(res.statusCode).toBe(200);
    expect(lastUpdate(post)?.text).toContain('소회의실* 예약했어요');
    const day = seoulDate(1);
    const seen = await bookings(member.token, day);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ roomId: small, title: a.bookingTitle, organizer: { id: owner.id } });
    const [audit] = await audits('slack.action_book');
    expect(audit).toMatchObject({ actorId: owner.id, targetType: 'booking', targetId: seen[0]!.id });
    expect(audit!.metadata).toMatchObject({ slackUserId: 'UALICE', teamId: TEAM });

    // Single use: the same button again books nothing more.
    await click('UALICE', post, buttons[1]!);
    expect(lastEphemeral('UALICE')?.text).toBe(a.used);
    expect(await bookings(member.token, day)).toHaveLength(1);
  });

  it('refuses a click by another Slack user and an expired pending action, in Korean', async () => {
    const post = await mention('UALICE', '내일 오후 5시 2명 회의실 예약해줘');
    const [first] = buttonsOf(post);
    await click('UBOB', post, first!);
    expect(lastEphemeral('UBOB')?.text).toBe(a.notYours);
    const refused = await audits('slack.action_refused');
    expect(
      refused.some(
        (r) =>
          (r.metadata as { reason?: string; slackUserId?: string }).reason === 'not_owner' && (r.metadata as { slackUserId?: string }).slackUserId === 'UBOB',
      ),
    ).toBe(true);

    const id = first!.value.split('.')[0]!;
    await s.t.database.db
      .update(slackPendingActions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(slackPendingActions.id, id));
    await click('UALICE', post, first!);
    expect(lastEphemeral('UALICE')?.text).toBe(a.expired);
    expect((await bookings(member.token, seoulDate(1))).filter((b) => b.roomId === small)).toHaveLength(1);
  });

  it('two users confirming the same slot at once: one booking, the other is told it is already booked', async () => {
    const p1 = await mention('UALICE', '모레 11시 2명 회의실 잡아줘');
    const p2 = await mention('UBOB', '모레 11시 2명 회의실 잡아줘');
    const [r1, r2] = await Promise.all([click('UALICE', p1, buttonsOf(p1)[0]!), click('UBOB', p2, buttonsOf(p2)[0]!)]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const texts = [lastUpdate(p1)?.text ?? '', lastUpdate(p2)?.text ?? ''];
    expect(texts.filter((t) => t.includes('예약했어요'))).toHaveLength(1);
    expect(texts.filter((t) => t.startsWith('이미 예약됐어요'))).toHaveLength(1);
    expect((await bookings(owner.token, seoulDate(2))).filter((b) => b.roomId === small)).toHaveLength(1);
  });

  it('a booking rule the web enforces comes back in Korean', async () => {
    const put = await s.t.app.inject({
      method: 'PUT',
      url: `/api/seeds/${seedId}/rooms/${small}/rules`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { maxMinutes: 60 },
    });
    expect(put.statusCode).toBe(200);
    const post = await mention('UBOB', '글피 10시 2시간 3명 회의실 잡아줘');
    await click('UBOB', post, buttonsOf(post)[0]!);
    const text = lastUpdate(post)?.text ?? '';
    expect(text.startsWith('예약하지 못했어요.')).toBe(true);
    expect(text).toMatch(/[가-힣]{4,}/);
    expect(text).toContain('최대 1시간');
    expect((await bookings(owner.token, seoulDate(3))).filter((b) => b.roomId === small)).toHaveLength(0);
  });

  it('"내 예약 보여줘" lists the member’s coming bookings with cancel buttons that cancel through the service', async () => {
    const post = await mention('UALICE', '내 예약 보여줘');
    expect(post.text).toContain('소회의실');
    const cancels = buttonsOf(post).filter((b) => b.text.text === '취소');
    expect(cancels.length).toBeGreaterThanOrEqual(1);
    const before = (await bookings(owner.token, seoulDate(1))).filter((b) => b.organizer.id === owner.id);
    expect(before).toHaveLength(1);
    await click('UALICE', post, cancels[0]!);
    expect(lastUpdate(post)?.text).toContain('취소했어요');
    expect((await bookings(owner.token, seoulDate(1))).filter((b) => b.organizer.id === owner.id)).toHaveLength(0);
    expect(await audits('slack.action_cancel')).toHaveLength(1);
  });

  it('opens a meal round with join buttons; a join click counts and a leave click uncounts', async () => {
    const post = await mention('UALICE', '내일 점심 모집 12시 마감');
    expect(post.text).toContain('점심 모집');
    const [join, leave] = buttonsOf(post);
    expect([join!.text.text, leave!.text.text]).toEqual(['참여', '취소']);
    const [opened] = await audits('slack.action_meal_open');
    const mealId = opened!.targetId!;
    const meal = await api(s.t, member.token)('GET', `/api/seeds/${seedId}/meals/${mealId}`);
    expect(meal.status).toBe(200);
    const joinedBefore = (meal.body.data.participants as { status: string }[]).filter((p) => p.status === 'joined').length;

    await click('UBOB', post, join!);
    expect(lastUpdate(post)?.text).toContain(`참여 ${joinedBefore + 1}명`);
    const after = await api(s.t, member.token)('GET', `/api/seeds/${seedId}/meals/${mealId}`);
    expect(after.body.data.participants).toEqual(expect.arrayContaining([expect.objectContaining({ userId: member.id, status: 'joined' })]));
    await click('UBOB', post, leave!);
    expect(lastUpdate(post)?.text).toContain(`참여 ${joinedBefore}명`);
    expect(
      await s.t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'slack.action_meal_join'), eq(auditLog.actorId, member.id))),
    ).toHaveLength(1);
    // A Slack user without a member cannot join.
    await click('UCAROL', post, join!);
    expect(lastEphemeral('UCAROL')?.text).toContain('stranger@example.com');
    // After the deadline the buttons join nobody.
    await s.t.database.db
      .update(slackPendingActions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(slackPendingActions.id, join!.value));
    await click('UBOB', post, join!);
    expect(lastEphemeral('UBOB')?.text).toContain('마감');
  });

  it('a Slack user without a matching member is told how to link; a question about rooms is answered, not acted on', async () => {
    const post = await mention('UCAROL', '내일 3시 회의실 잡아줘');
    expect(post.text).toBe(a.notLinked('stranger@example.com'));
    expect(post.blocks).toBeUndefined();
    const q = await mention('UALICE', '회의실 예약은 어떻게 해요?');
    expect(q.blocks).toBeUndefined();
    expect(q.text).not.toContain('빈 회의실');
  });

  it('refuses a forged interaction signature with 401', async () => {
    const post = await mention('UALICE', '내일 9시 회의실 잡아줘');
    const res = await click('UALICE', post, buttonsOf(post)[0]!, 'forged-secret');
    expect(res.statusCode).toBe(401);
    expect((await bookings(owner.token, seoulDate(1))).filter((b) => b.organizer.id === owner.id)).toHaveLength(0);
  });
});
