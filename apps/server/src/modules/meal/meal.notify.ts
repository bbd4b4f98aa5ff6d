/** Mail (and chat, through the Slack hook the rooms service exposes) about meal rounds. Sent after commit; failures only logged. */
import { ko } from '@suite/shared';
import { preformattedHtml as toHtml } from '../../lib/html.ts';
import { sendSeedChat } from '../rooms/rooms.service.ts';
import { membersOf } from '../seeds/seeds.service.ts';
import type { TMealDeps } from './meal.deps.ts';
import type { TMealRow } from './meal.repository.ts';

const mail = ko.meal.mail;

export const roundUrl = (deps: TMealDeps, meal: TMealRow) => `${deps.appUrl}/admin/services/meal/${meal.id}`;

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

export async function notify(deps: TMealDeps, seedId: string, to: string[], subject: string, text: string): Promise<void> {
  const list = [...new Set(to)];
  if (list.length === 0) return;
  const results = await Promise.allSettled(list.map((addr) => deps.mailer.send({ to: addr, subject, text, html: toHtml(text), links: [] })));
  for (const r of results) if (r.status === 'rejected') deps.log.warn({ err: r.reason }, 'meal: mail failed');
  try {
    await sendSeedChat({ seedId, emails: list, text });
  } catch (err) {
    deps.log.warn({ err }, 'meal: chat message failed');
  }
}

export { mail as mealMail };
