/**
 * Actions from Slack (issue 35, decision 088), the mention side: "@봇 내일 3시 4명 회의실 잡아줘" offers the best free
 * rooms with a 확인 button each, "@봇 점심 모집 12시 마감" opens a meal round with its join buttons, "내 예약 보여줘"
 * lists the member's coming bookings with 취소 buttons. Everything goes through the rooms and meal services with the
 * member the Slack user's e-mail matches; a Slack user without one is told how to link. The clicks are in
 * actions.interactions.ts.
 */
import { ZCreateBookingInput } from '@suite/shared/schemas/rooms';
import { ZCreateMealInput } from '@suite/shared/schemas/meal';
import { AppError } from '../../lib/app-error.ts';
import { listBookings, type TActor } from '../rooms/bookings.service.ts';
import { freeRooms } from '../rooms/finder.service.ts';
import { createMeal } from '../meal/meal.service.ts';
import { a, auditAction, button, linkedMember, PENDING_TTL_MS, section, type TActionDeps, type TMember } from './actions.deps.ts';
import { detectIntent, formatSeoulSlot, seoulInstant, seoulToday, type TBookIntent, type TMealIntent } from './actions.intents.ts';
import * as arepo from './actions.repository.ts';
import type { TSlackBlock } from './slack-api.ts';

export type TActionReply = { text: string; blocks?: TSlackBlock[] };
type TWs = { id: string; teamId: string; seedId: string };
type TAsk = { channel: string; user: string; text: string };

const seoulMinutes = (d: Date) => {
  const s = new Date(d.getTime() + 9 * 3600_000);
  return s.getUTCHours() * 60 + s.getUTCMinutes();
};
const seoulDateOf = (d: Date) => seoulToday(d);
export const slotOf = (start: Date, end: Date) => formatSeoulSlot(seoulDateOf(start), seoulMinutes(start), seoulMinutes(end));

/**
 * The action a mention asks for, done or offered; null when it is not an action (the normal answer follows).
 * Errors of the services come back as Korean text; anything else is thrown (the event is retried).
 */
export async function tryAction(d: TActionDeps | undefined, ws: TWs, token: string, ask: TAsk): Promise<TActionReply | null> {
  if (!d) return null;
  const intent = detectIntent(ask.text, d.now());
  if (!intent) return null;
  const { member, email } = await linkedMember(d, ws, token, ask.user);
  if (!member) return { text: a.notLinked(email) };
  try {
    if (intent.kind === 'book') return await offerRooms(d, ws, ask, member, intent);
    if (intent.kind === 'meal') return await openMeal(d, ws, ask, member, intent);
    return await myBookings(d, ws, ask, member);
  } catch (e) {
    if (e instanceof AppError && e.status < 500) return { text: intent.kind === 'meal' ? a.mealRefused(e.message) : a.refused(e.message) };
    throw e;
  }
}

const actorOf = (m: TMember): TActor => ({ id: m.userId, email: m.email });

async function offerRooms(d: TActionDeps, ws: TWs, ask: TAsk, member: TMember, intent: TBookIntent): Promise<TActionReply> {
  if (intent.startMin === null) return { text: a.askTime };
  const now = d.now();
  const date = intent.date ?? seoulToday(now);
  const start = seoulInstant(date, intent.startMin);
  const end = new Date(start.getTime() + intent.durationMin * 60_000);
  if (start <= now) return { text: a.pastTime };
  if (intent.durationMin <= 0 || intent.durationMin > 12 * 60) return { text: a.tooLong };
  const slot = formatSeoulSlot(date, intent.startMin, intent.startMin + intent.durationMin);
  // The web's own request schema: a slot off the 15-minute grid is refused here with its Korean message.
  const shape = ZCreateBookingInput.safeParse({
    roomId: '00000000-0000-4000-8000-000000000000',
    title: a.bookingTitle,
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
  });
  if (!shape.success) return { text: a.refused(shape.error.issues[0]?.message ?? '') };
  const free = await freeRooms(d.rooms, actorOf(member), ws.seedId, { from: start.toISOString(), to: end.toISOString(), capacity: intent.people });
  // Best fit first: the smallest room that seats everyone.
  const best = free.sort((x, y) => x.capacity - y.capacity || x.name.localeCompare(y.name, 'ko')).slice(0, 3);
  if (best.length === 0) return { text: a.noRooms(slot, intent.people) };
  const id = await arepo.insertPending(d.db, {
    workspaceId: ws.id,
    slackUserId: ask.user,
    memberId: member.userId,
    kind: 'book',
    params: { rooms: best.map((r) => ({ id: r.id, name: r.name })), startsAt: start.toISOString(), endsAt: end.toISOString(), people: intent.people, slot },
    channel: ask.channel,
    expiresAt: new Date(now.getTime() + PENDING_TTL_MS),
  });
  const intro = a.offerIntro(slot, intent.people);
  const blocks = [
    section(intro),
    ...best.map((r, i) => section(a.roomLine(r.name, r.capacity, r.location), button(a.confirm, `suite_book_${i}`, `${id}.${i}`, 'primary'))),
  ];
  return { text: intro, blocks };
}

export const mealBlocks = (pendingId: string, text: string): TSlackBlock[] => [
  section(text),
  { type: 'actions', elements: [button(a.join, 'suite_meal_join', pendingId, 'primary'), button(a.leave, 'suite_meal_leave', pendingId)] },
];

async function openMeal(d: TActionDeps, ws: TWs, ask: TAsk, member: TMember, intent: TMealIntent): Promise<TActionReply> {
  const mealDeps = d.meal();
  if (!mealDeps) return { text: a.failed };
  const now = d.now();
  // Without a time: 11:30 for lunch, 17:30 for dinner.
  const deadlineMin = intent.deadlineMin ?? (intent.meal === '저녁' ? 17 * 60 + 30 : 11 * 60 + 30);
  const deadline = seoulInstant(intent.date, deadlineMin);
  if (deadline <= now) return { text: a.mealDeadlinePast };
  const title = a.mealTitle(intent.meal);
  const input = ZCreateMealInput.safeParse({ title, date: intent.date, deadline: deadline.toISOString(), mode: 'free', split: 'even' });
  if (!input.success) return { text: a.mealRefused(input.error.issues[0]?.message ?? '') };
  const meal = await createMeal(mealDeps, { id: member.userId }, ws.seedId, input.data);
  const closes = formatSeoulSlot(intent.date, deadlineMin);
  const id = await arepo.insertPending(d.db, {
    workspaceId: ws.id,
    slackUserId: '',
    memberId: member.userId,
    kind: 'meal',
    params: { mealId: meal.id, title: meal.title, closes },
    channel: ask.channel,
    expiresAt: deadline,
  });
  await auditAction(d, 'meal_open', {
    member,
    slackUser: ask.user,
    ws,
    targetType: 'meal',
    targetId: meal.id,
    detail: { title: meal.title, deadline: deadline.toISOString() },
  });
  const text = a.mealOpened(meal.title, closes, meal.participants.filter((p) => p.status === 'joined').length);
  return { text, blocks: mealBlocks(id, text) };
}

async function myBookings(d: TActionDeps, ws: TWs, ask: TAsk, member: TMember): Promise<TActionReply> {
  const now = d.now();
  const list = (
    await listBookings(d.rooms, actorOf(member), ws.seedId, {
      from: now.toISOString(),
      to: new Date(now.getTime() + 30 * 24 * 3600_000).toISOString(),
      mine: 'true',
    })
  )
    .filter((b) => (b.status === 'confirmed' || b.status === 'checked_in') && new Date(b.endsAt) > now)
    .sort((x, y) => x.startsAt.localeCompare(y.startsAt))
    .slice(0, 10);
  if (list.length === 0) return { text: a.myNone };
  const blocks: TSlackBlock[] = [section(a.myIntro(list.length))];
  for (const b of list) {
    const line = a.myLine(b.roomName, slotOf(new Date(b.startsAt), new Date(b.endsAt)), b.title);
    if (!b.canEdit) {
      blocks.push(section(line));
      continue;
    }
    const id = await arepo.insertPending(d.db, {
      workspaceId: ws.id,
      slackUserId: ask.user,
      memberId: member.userId,
      kind: 'cancel',
      params: { bookingId: b.id, roomName: b.roomName, slot: slotOf(new Date(b.startsAt), new Date(b.endsAt)) },
      channel: ask.channel,
      expiresAt: new Date(now.getTime() + PENDING_TTL_MS),
    });
    const confirm = {
      title: { type: 'plain_text' as const, text: a.cancelConfirmTitle },
      text: { type: 'plain_text' as const, text: a.cancelConfirmText(b.roomName, slotOf(new Date(b.startsAt), new Date(b.endsAt))) },
      confirm: { type: 'plain_text' as const, text: a.cancelConfirmYes },
      deny: { type: 'plain_text' as const, text: a.cancelConfirmNo },
      style: 'danger' as const,
    };
    blocks.push(section(line, { ...button(a.cancel, `suite_cancel_${blocks.length}`, id, 'danger'), confirm }));
  }
  return {
    text: [a.myIntro(list.length), ...list.map((b) => `• ${a.myLine(b.roomName, slotOf(new Date(b.startsAt), new Date(b.endsAt)), b.title)}`)].join('\n'),
    blocks,
  };
}
