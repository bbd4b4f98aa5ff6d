/**
 * What actions from Slack (decision 088) work with, and the pieces both sides share: who a Slack user is in the
 * seed (their Slack profile e-mail, cached briefly, matched against the seed's members), the audit row, Block Kit.
 */
import { ko } from '@suite/shared';
import { koSlackActions } from '@suite/shared/messages/ko-slack-actions';
import type { TDb } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import type { createMeal } from '../meal/meal.service.ts';
import type { TRoomsDeps } from '../rooms/calendar.service.ts';
import { memberByEmail } from '../seeds/seeds.service.ts';
import type { Button } from '@slack/web-api';
import type { TSlackApi, TSlackBlock } from './slack-api.ts';

export const a = koSlackActions;
/** How long a confirm or cancel button stays valid. */
export const PENDING_TTL_MS = 15 * 60_000;
const EMAIL_CACHE_MS = 10 * 60_000;

export type TActionDeps = {
  db: TDb;
  state: TSharedState;
  slack: TSlackApi;
  now: () => Date;
  /** The rooms module's deps (its services check every rule the web checks). */
  rooms: TRoomsDeps;
  /** The meal module's deps, once it is registered (after the Slack module). */
  meal: () => TMealDeps | undefined;
  log: { warn: (o: object, m: string) => void };
};

export type TMealDeps = Parameters<typeof createMeal>[0];
export type TMember = { userId: string; email: string; role: string };
export type TLinked = { member: TMember | undefined; email: string | null };

/** The seed member a Slack user is: their profile e-mail (cached 10 min in the shared state) among the seed's members. */
export async function linkedMember(d: TActionDeps, ws: { teamId: string; seedId: string }, token: string, slackUser: string): Promise<TLinked> {
  const key = `slack:email:${ws.teamId}:${slackUser}`;
  const cached = await d.state.getValue(key);
  let email: string | null;
  if (cached !== null) email = cached || null;
  else {
    email = await d.slack.userEmail(token, slackUser);
    await d.state.setValue(key, email ?? '', EMAIL_CACHE_MS);
  }
  return { email, member: email ? await memberByEmail(d.db, ws.seedId, email) : undefined };
}

export type TAuditAction = 'book' | 'cancel' | 'meal_open' | 'meal_join' | 'meal_leave' | 'refused';

/** One audit_log row per action from Slack, with the Slack user and the member it was linked to. */
export async function auditAction(
  d: TActionDeps,
  action: TAuditAction,
  e: {
    member?: TMember | undefined;
    slackUser: string;
    ws: { id: string; teamId: string; seedId: string };
    targetType: string;
    targetId?: string;
    detail: Record<string, unknown>;
  },
): Promise<void> {
  try {
    await writeAudit(d.db, {
      action: `slack.action_${action}`,
      actorId: e.member?.userId ?? null,
      targetType: e.targetType,
      ...(e.targetId ? { targetId: e.targetId } : {}),
      metadata: { slackUserId: e.slackUser, teamId: e.ws.teamId, workspaceId: e.ws.id, seedId: e.ws.seedId, ...e.detail },
    });
  } catch (err) {
    d.log.warn({ err: (err as Error).message, action }, 'slack actions: audit row not written');
  }
}

export const section = (text: string, button?: Button): TSlackBlock => ({
  type: 'section',
  text: { type: 'mrkdwn', text },
  ...(button ? { accessory: button } : {}),
});
export const button = (text: string, actionId: string, value: string, style?: 'primary' | 'danger'): Button => ({
  type: 'button',
  text: { type: 'plain_text', text },
  action_id: actionId,
  value,
  ...(style ? { style } : {}),
});

/** The rooms module's "already booked" text ends the same way whatever the room and slot. */
const clashTail = ko.rooms.server.conflict('x', 'y').split('y').pop() ?? '';
export const isClash = (message: string) => clashTail.length > 3 && message.endsWith(clashTail);
