/**
 * Telling the team about the chatbot (issue 27 items 9 and 10): hand-offs and the bot-wide question cap.
 *
 * Hand-offs: the first hand-off of a bot in a window (HANDOFF_WINDOW_MS) is told at once; the later ones of that
 * window are collected and told as one digest when the window ends. Both are the same persisted job
 * (HANDOFF_MAIL_KIND): it gives the seed's owner and admins one `chatbot.handoff` notice (the notification service,
 * issue 30: inbox, their channels, quiet hours, mail quotas) for every ticket of the bot not yet told of
 * (`notified_at` null) and marks them, so a burst of hand-offs costs each of them at most two notices a window. The
 * ticket is always written first; a refused or failed notification never loses it.
 */
import { createHash } from 'node:crypto';
import { ko } from '@suite/shared';
import type { TDb } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { TChatbotDeps } from './chatbot.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { managerEmails, managerIds } from '../seeds/seeds.service.ts';
import * as repo from './chatbot.repository.ts';

const s = ko.chatbot.server;
const n = ko.notifications.notices;

export const HANDOFF_MAIL_KIND = 'chatbot.handoff-mail';
export const CAP_NOTICE_KIND = 'chatbot.cap-notice';
export const PURGE_TICKETS_SCHEDULE = 'chatbot.purge-tickets';
/** The hand-off notice in the bot's Slack channel: a persisted job, so a Slack outage neither fails nor loses it. */
export const HANDOFF_SLACK_KIND = 'chatbot.handoff-slack';

/** One immediate mail per bot in this window; the rest of the window's hand-offs go into one digest at its end. */
export const HANDOFF_WINDOW_MS = 10 * 60_000;
/** Slack: a notice per hand-off for the first ones of a window, then one count for the rest at the window's end. */
export const SLACK_NOTICES_PER_WINDOW = 10;
/** The team is told of a used-up bot-wide budget at most once in this time. */
export const CAP_NOTICE_EVERY_MS = 24 * 3_600_000;
/** Tickets (the visitor's e-mail, name, message and transcript) are kept this long (the widget's collection notice says so). */
export const TICKET_RETENTION_DAYS = 365;

/** The console's page for a bot's tab (and ticket); `seed` makes the console switch to the bot's seed. `appUrl` '' → relative. */
export const consoleLink = (appUrl: string, bot: { id: string; seedId: string }, tab: 'tickets' | 'figures', ticketId?: string) =>
  `${appUrl}/admin/services/ai-chatbot?seed=${bot.seedId}&bot=${bot.id}&tab=${tab}${ticketId ? `&ticket=${ticketId}` : ''}`;

type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/**
 * Inside the hand-off's transaction: schedules the notifications. `nth` is this hand-off's place in the bot's current
 * window (1 = first) and `resetMs` what is left of the window. Mail: the first is mailed now, the second schedules the
 * digest for the window's end, the later ones are picked up by that digest. Slack (when the bot has a channel): a
 * notice per hand-off up to SLACK_NOTICES_PER_WINDOW, then one count of the rest at the window's end.
 */
export async function scheduleHandoffNotice(
  deps: Pick<TChatbotDeps, 'jobs' | 'refetch'>,
  tx: TTx,
  bot: Pick<repo.TBotRow, 'id' | 'slackChannelId'>,
  ticketId: string,
  nth: number,
  resetMs: number,
) {
  const now = deps.refetch.now();
  const windowEnd = new Date(now.getTime() + Math.max(resetMs, 1_000));
  if (nth <= 2)
    await deps.jobs.enqueue(tx, { kind: HANDOFF_MAIL_KIND, key: `chatbot-handoff:${bot.id}`, payload: { botId: bot.id }, runAt: nth === 1 ? now : windowEnd });
  if (!bot.slackChannelId) return;
  if (nth <= SLACK_NOTICES_PER_WINDOW)
    await deps.jobs.enqueue(tx, { kind: HANDOFF_SLACK_KIND, key: `chatbot-ticket:${ticketId}`, payload: { botId: bot.id, ticketId }, runAt: now });
  else if (nth === SLACK_NOTICES_PER_WINDOW + 1)
    await deps.jobs.enqueue(tx, {
      kind: HANDOFF_SLACK_KIND,
      key: `chatbot-handoff:${bot.id}`,
      payload: { botId: bot.id, since: new Date(now.getTime() - 1_000).toISOString() },
      runAt: windowEnd,
    });
}

/**
 * The hand-off job: one notice (one ticket) or one digest notice (several) to each of the seed's owner and admins.
 * The notice's key names the tickets it covers, so a retry after a failure part-way tells nobody twice.
 */
export async function sendHandoffMail(deps: Pick<TChatbotDeps, 'db' | 'refetch' | 'log' | 'notifications'>, payload: Record<string, unknown>) {
  const bot = await repo.findBot(deps.db, String(payload.botId ?? ''));
  if (!bot) return;
  const now = deps.refetch.now();
  const tickets = await repo.unnotifiedTickets(deps.db, bot.id, new Date(now.getTime() - 86_400_000));
  if (!tickets.length) return;
  const to = await managerIds(deps.db, bot.seedId);
  const one = tickets.length === 1 ? tickets[0]! : undefined;
  const link = consoleLink('', bot, 'tickets', one?.id);
  const title = one ? n.chatbotHandoffTitle(bot.name) : n.chatbotHandoffDigestTitle(bot.name, tickets.length);
  const body = one
    ? n.chatbotHandoffBody(bot.name, one.email, one.transcript)
    : n.chatbotHandoffDigestBody(
        bot.name,
        tickets.map((t) => s.teamDigestLine(t.email, (t.message || '').replace(/\s+/g, ' ').slice(0, 120))),
      );
  const covered = createHash('sha256')
    .update(tickets.map((t) => t.id).join(','))
    .digest('base64url')
    .slice(0, 22);
  const dedupeKey = `chatbot-handoff:${bot.id}:${covered}`;
  for (const userId of to) await notify(deps.notifications, 'chatbot.handoff', { userId, seedId: bot.seedId, title, body, link, dedupeKey });
  await repo.markNotified(
    deps.db,
    tickets.map((t) => t.id),
    now,
  );
  deps.log.info({ botId: bot.id, tickets: tickets.length, recipients: to.length }, 'chatbot hand-off: team notified');
}

/**
 * Called when a question is refused by the bot-wide budget: notes when (the console shows it) and, once a day, mails
 * the team. The claim in the shared state makes it once across instances.
 */
export async function noteCapReached(deps: Pick<TChatbotDeps, 'db' | 'limiter' | 'jobs' | 'refetch'>, botId: string) {
  if (!(await deps.limiter.state.claim(`chatbot:cap-noted:${botId}`, CAP_NOTICE_EVERY_MS))) return;
  const now = deps.refetch.now();
  await deps.db.transaction(async (tx) => {
    await repo.markCapped(tx, botId, now);
    await deps.jobs.enqueue(tx, { kind: CAP_NOTICE_KIND, key: `chatbot-cap:${botId}`, payload: { botId }, runAt: now });
  });
}

export async function sendCapMail(deps: Pick<TChatbotDeps, 'db' | 'config' | 'mailer'>, payload: Record<string, unknown>, perMinute: number) {
  const bot = await repo.findBot(deps.db, String(payload.botId ?? ''));
  if (!bot) return;
  const link = consoleLink(deps.config.appUrl, bot, 'figures');
  const text = s.capMailBody(bot.name, perMinute, link);
  for (const to of await managerEmails(deps.db, bot.seedId))
    await deps.mailer.send({ to, subject: s.capMailSubject(bot.name), text, html: `<pre>${escapeHtml(text)}</pre>`, links: [link] });
}
