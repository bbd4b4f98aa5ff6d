/**
 * What meal rounds tell people: notices through the notification service (issue 30: inbox, each person's channels,
 * quiet hours), once per person, round and event; and the round's text to the seed's chat (the Slack hook the rooms
 * service exposes) as before. Sent after the commit.
 */
import { ko } from '@suite/shared';
import type { TNotificationEvent } from '@suite/shared/schemas/notifications';
import { notify } from '../notifications/notifications.service.ts';
import { sendSeedChat } from '../rooms/rooms.service.ts';
import { membersOf } from '../seeds/seeds.service.ts';
import type { TMealDeps } from './meal.deps.ts';
import type { TMealRow } from './meal.repository.ts';

const mail = ko.meal.mail;

/** The round in the console (relative: the notice's link; absolute in the chat text). */
export const roundLink = (meal: Pick<TMealRow, 'id'>) => `/admin/services/meal/${meal.id}`;
export const LEDGER_LINK = '/admin/services/meal/ledger';
export const roundUrl = (deps: TMealDeps, meal: TMealRow) => `${deps.appUrl}${roundLink(meal)}`;

export const formatSeoul = (d: Date) =>
  new Intl.DateTimeFormat('ko-KR', {
    timeZone: 'Asia/Seoul',
    month: 'long',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(d);

/** Seed members' addresses (by user id), read through the seeds service as the host sees them. */
export async function memberEmails(deps: TMealDeps, meal: TMealRow): Promise<Map<string, string>> {
  const members = await membersOf(deps.db, meal.hostId, meal.seedId);
  return new Map(members.data.map((m) => [m.user_id, m.email.toLowerCase()]));
}

export type TMealNotice = { title: string; body: string; link?: string };

/**
 * One notice of `event` per person (key `<event>:<round>:<person>`: a retried job or a repeated call tells nobody
 * twice). `strict`: a notice that cannot be written throws (a job, to be retried); otherwise it is logged.
 */
export async function noticeMembers(
  deps: TMealDeps,
  event: TNotificationEvent,
  meal: TMealRow,
  userIds: string[],
  notice: TMealNotice,
  opts: { strict?: boolean } = {},
): Promise<void> {
  for (const userId of new Set(userIds)) {
    const input = {
      userId,
      seedId: meal.seedId,
      title: notice.title,
      body: notice.body,
      link: notice.link ?? roundLink(meal),
      dedupeKey: `${event}:${meal.id}:${userId}`,
    };
    try {
      await notify(deps.notifications, event, input);
    } catch (err) {
      if (opts.strict) throw err;
      deps.log.warn({ err, event }, 'meal: notice failed');
    }
  }
}

/** The round's text to the seed's chat, naming the members it concerns (failures only logged). */
export async function tellChat(deps: TMealDeps, meal: TMealRow, userIds: string[], text: string): Promise<void> {
  const emails = await memberEmails(deps, meal);
  const list = [...new Set(userIds.map((id) => emails.get(id)).filter((e): e is string => Boolean(e)))];
  if (list.length === 0) return;
  try {
    await sendSeedChat({ seedId: meal.seedId, emails: list, text });
  } catch (err) {
    deps.log.warn({ err }, 'meal: chat message failed');
  }
}

export { mail as mealMail };
