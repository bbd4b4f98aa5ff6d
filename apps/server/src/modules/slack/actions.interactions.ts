/**
 * Actions from Slack (decision 088), the click side: a block_actions payload (signature verified by the route) names
 * a pending action by its opaque id. A confirm or cancel belongs to the Slack user who asked, is used once and
 * expires after 15 minutes; a meal round's join buttons serve every linked member until the deadline. The booking,
 * cancellation, join or leave goes through the rooms or meal service with the clicker's member, so every rule the web
 * checks applies (and the database's exclusion constraint: of two confirms for one slot, one books and the other is
 * told "이미 예약됐어요"). Every click is audited; the message is updated with the result (chat.update).
 */
import { z } from 'zod';
import { ko } from '@suite/shared';
import { ZCreateBookingInput } from '@suite/shared/schemas/rooms';
import type { TConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { cancelBooking, createBooking } from '../rooms/bookings.service.ts';
import { declineMeal, getMeal, joinMeal } from '../meal/meal.service.ts';
import { a, auditAction, isClash, linkedMember, section, type TActionDeps, type TMember } from './actions.deps.ts';
import { mealBlocks } from './actions.ts';
import * as arepo from './actions.repository.ts';
import { decryptSecret } from './slack-crypto.ts';
import type { TSlackBlock } from './slack-api.ts';
import * as repo from './slack.repository.ts';

const ZBlockActions = z.object({
  type: z.literal('block_actions'),
  team: z.object({ id: z.string().max(50) }),
  user: z.object({ id: z.string().max(50) }),
  channel: z.object({ id: z.string().max(50) }).optional(),
  container: z.object({ channel_id: z.string().max(50).optional(), message_ts: z.string().max(40).optional() }).optional(),
  message: z.object({ ts: z.string().max(40), blocks: z.array(z.unknown()).max(60).optional() }).optional(),
  actions: z.array(z.object({ action_id: z.string().max(100), value: z.string().max(200).optional() })).min(1),
});
type TClick = z.infer<typeof ZBlockActions>;

type TCtx = {
  d: TActionDeps;
  ws: { id: string; teamId: string; seedId: string };
  token: string;
  click: TClick;
  channel: string;
  ts: string;
  value: string;
  row: arepo.TPendingRow;
};

/** Handles one verified block_actions payload; never throws for what a user did (bad payloads are ignored). */
export async function handleBlockActions(d: TActionDeps, config: TConfig, payload: unknown): Promise<void> {
  const parsed = ZBlockActions.safeParse(payload);
  if (!parsed.success) return;
  const click = parsed.data;
  const action = click.actions[0]!;
  if (!action.action_id.startsWith('suite_')) return;
  const ws = await repo.findWorkspaceByTeam(d.db, click.team.id);
  if (!ws || ws.status !== 'active' || !ws.botTokenEnc) return;
  const token = decryptSecret(config.encryptionKey, ws.botTokenEnc);
  const channel = click.container?.channel_id ?? click.channel?.id ?? '';
  const ts = click.container?.message_ts ?? click.message?.ts ?? '';
  const value = action.value ?? '';
  const [id = ''] = value.split('.');
  const row = id ? await arepo.findPending(d.db, ws.id, id) : undefined;
  const tell = (text: string) => d.slack.postEphemeral(token, { channel, user: click.user.id, text }).catch(() => undefined);
  const wsRef = { id: ws.id, teamId: ws.teamId, seedId: ws.seedId };
  const refuse = async (reason: string, text: string, member?: TMember) => {
    await auditAction(d, 'refused', {
      member,
      slackUser: click.user.id,
      ws: wsRef,
      targetType: 'slack_action',
      ...(row ? { targetId: row.id } : {}),
      detail: { reason, actionId: action.action_id },
    });
    await tell(text);
  };
  const kindOk =
    row &&
    ((row.kind === 'book' && action.action_id.startsWith('suite_book_')) ||
      (row.kind === 'cancel' && action.action_id.startsWith('suite_cancel_')) ||
      (row.kind === 'meal' && action.action_id.startsWith('suite_meal_')));
  if (!row || !kindOk) return refuse('unknown', a.unknown);
  if (row.slackUserId && row.slackUserId !== click.user.id) return refuse('not_owner', a.notYours);
  if (row.status !== 'pending') return refuse('used', a.used);
  if (row.expiresAt <= d.now()) {
    await refuse('expired', row.kind === 'meal' ? a.joinRefused(ko.meal.server.notOpen) : a.expired);
    if (row.kind === 'book') await d.slack.updateMessage(token, { channel, ts, text: a.expired, blocks: [section(a.expired)] }).catch(() => undefined);
    return;
  }
  const { member, email } = await linkedMember(d, wsRef, token, click.user.id);
  if (!member) return refuse('not_linked', a.notLinked(email));
  // A confirm or cancel stays with the member who asked (the Slack e-mail may have changed since).
  if (row.kind !== 'meal' && row.memberId !== member.userId) return refuse('not_owner', a.notYours, member);
  const ctx: TCtx = { d, ws: wsRef, token, click, channel, ts, value, row };
  try {
    if (row.kind === 'book') await confirmBooking(ctx, member);
    else if (row.kind === 'cancel') await cancelFromList(ctx, member);
    else await joinOrLeave(ctx, member, action.action_id === 'suite_meal_join');
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) d.log.warn({ err: (e as Error).message }, 'slack actions: a click failed');
    await tell(a.failed);
  }
}

/** The result in place of the buttons; when the message cannot be updated, told to the clicker alone (it happened). */
async function show(c: TCtx, text: string, blocks: TSlackBlock[]) {
  try {
    await c.d.slack.updateMessage(c.token, { channel: c.channel, ts: c.ts, text, blocks });
  } catch (e) {
    c.d.log.warn({ err: (e as Error).message }, 'slack actions: message not updated, result sent to the clicker');
    await c.d.slack.postEphemeral(c.token, { channel: c.channel, user: c.click.user.id, text }).catch(() => undefined);
  }
}

type TBookParams = { rooms: { id: string; name: string }[]; startsAt: string; endsAt: string; slot: string };

async function confirmBooking(c: TCtx, member: TMember) {
  const { d, row } = c;
  const p = row.params as TBookParams;
  const room = p.rooms[Number(c.value.split('.')[1] ?? -1)];
  if (!room) return;
  if (!(await arepo.claimPending(d.db, row.id, d.now()))) {
    await d.slack.postEphemeral(c.token, { channel: c.channel, user: c.click.user.id, text: a.used });
    return;
  }
  let text: string;
  const input = ZCreateBookingInput.parse({ roomId: room.id, title: a.bookingTitle, startsAt: p.startsAt, endsAt: p.endsAt });
  try {
    const { created } = await createBooking(d.rooms, { id: member.userId, email: member.email }, c.ws.seedId, input);
    const b = created[0]!;
    text = a.booked(room.name, p.slot);
    await auditAction(d, 'book', {
      member,
      slackUser: c.click.user.id,
      ws: c.ws,
      targetType: 'booking',
      targetId: b.id,
      detail: { pendingId: row.id, room: room.name, startsAt: p.startsAt, endsAt: p.endsAt },
    });
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    text = e.status === 409 && isClash(e.message) ? a.alreadyBooked(e.message) : a.refused(e.message);
    await auditAction(d, 'refused', {
      member,
      slackUser: c.click.user.id,
      ws: c.ws,
      targetType: 'slack_action',
      targetId: row.id,
      detail: { reason: e.code, message: e.message, room: room.name },
    });
  }
  await show(c, text, [section(text)]);
}

async function cancelFromList(c: TCtx, member: TMember) {
  const { d, row } = c;
  const p = row.params as { bookingId: string; roomName: string; slot: string };
  if (!(await arepo.claimPending(d.db, row.id, d.now()))) {
    await d.slack.postEphemeral(c.token, { channel: c.channel, user: c.click.user.id, text: a.used });
    return;
  }
  let text: string;
  try {
    await cancelBooking(d.rooms, { id: member.userId, email: member.email }, c.ws.seedId, p.bookingId);
    text = a.cancelled(p.roomName, p.slot);
    await auditAction(d, 'cancel', {
      member,
      slackUser: c.click.user.id,
      ws: c.ws,
      targetType: 'booking',
      targetId: p.bookingId,
      detail: { pendingId: row.id },
    });
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    text = a.cancelFailed(e.message);
    await auditAction(d, 'refused', {
      member,
      slackUser: c.click.user.id,
      ws: c.ws,
      targetType: 'booking',
      targetId: p.bookingId,
      detail: { reason: e.code, message: e.message },
    });
  }
  // The list stays; the cancelled line loses its button and says what happened.
  const blocks = (c.click.message?.blocks ?? []) as TSlackBlock[];
  const next = blocks.map((b) => ((b as { accessory?: { value?: string } }).accessory?.value === c.value ? section(text) : b));
  await show(c, text, next.length ? next : [section(text)]);
}

async function joinOrLeave(c: TCtx, member: TMember, join: boolean) {
  const { d, row } = c;
  const mealDeps = d.meal();
  if (!mealDeps) throw new Error('meal module not registered');
  const p = row.params as { mealId: string; title: string; closes: string };
  const actor = { id: member.userId };
  try {
    if (join) await joinMeal(mealDeps, actor, c.ws.seedId, p.mealId, { choice: a.joinChoice });
    else await declineMeal(mealDeps, actor, c.ws.seedId, p.mealId);
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    await auditAction(d, 'refused', {
      member,
      slackUser: c.click.user.id,
      ws: c.ws,
      targetType: 'meal',
      targetId: p.mealId,
      detail: { reason: e.code, message: e.message },
    });
    await d.slack.postEphemeral(c.token, { channel: c.channel, user: c.click.user.id, text: a.joinRefused(e.message) });
    return;
  }
  await auditAction(d, join ? 'meal_join' : 'meal_leave', { member, slackUser: c.click.user.id, ws: c.ws, targetType: 'meal', targetId: p.mealId, detail: {} });
  const meal = await getMeal(mealDeps, actor, c.ws.seedId, p.mealId);
  const count = meal.participants.filter((x) => x.status === 'joined').length;
  const text = a.mealOpened(meal.title, p.closes, count);
  await show(c, text, mealBlocks(row.id, text));
}
