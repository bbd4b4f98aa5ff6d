/**
 * Telling the team about the chatbot (issue 27 items 9 and 10): hand-offs and the bot-wide question cap.
 *
 * Hand-offs: the first hand-off of a bot in a window (HANDOFF_WINDOW_MS) is mailed at once; the later ones of that
 * window are collected and mailed as one digest when the window ends. Both are the same persisted job
 * (HANDOFF_MAIL_KIND): it mails every ticket of the bot not yet told of (`notified_at` null) and marks them, so a
 * burst of hand-offs costs the team at most two mails a window. These mails have their own budget (that window) and
 * never touch the seed's mail quota, which invitations and bookings use. The ticket is always written first; a
 * refused or failed notification never loses it.
 */
import { ko } from '@suite/shared';
import type { TDb } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { TChatbotDeps } from './chatbot.service.ts';
import { managerEmails } from '../seeds/seeds.service.ts';
import * as repo from './chatbot.repository.ts';

const s = ko.chatbot.server;

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

/** The console's page for a bot's tab (and ticket); `seed` makes the console switch to the bot's seed. */
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

/** The hand-off mail job: one mail (one ticket) or one digest (several) to the seed's owner and admins. */
export async function sendHandoffMail(deps: Pick<TChatbotDeps, 'db' | 'config' | 'mailer' | 'refetch' | 'log'>, payload: Record<string, unknown>) {
  const bot = await repo.findBot(deps.db, String(payload.botId ?? ''));
  if (!bot) return;
  const now = deps.refetch.now();
  const tickets = await repo.unnotifiedTickets(deps.db, bot.id, new Date(now.getTime() - 86_400_000));
  if (!tickets.length) return;
  const to = await managerEmails(deps.db, bot.seedId);
  const one = tickets.length === 1 ? tickets[0]! : undefined;
  const link = consoleLink(deps.config.appUrl, bot, 'tickets', one?.id);
  const subject = one ? s.teamMailSubject(bot.name) : s.teamDigestSubject(bot.name, tickets.length);
  const text = one
    ? s.teamMailBody(bot.name, one.email, one.transcript, link)
    : s.teamDigestBody(
        bot.name,
        tickets.map((t) => s.teamDigestLine(t.email, (t.message || '').replace(/\s+/g, ' ').slice(0, 120))),
        link,
      );
  for (const addr of to) await deps.mailer.send({ to: addr, subject, text, html: `<pre>${escapeHtml(text)}</pre>`, links: [link] });
  await repo.markNotified(
    deps.db,
    tickets.map((t) => t.id),
    now,
  );
  deps.log.info({ botId: bot.id, tickets: tickets.length, recipients: to.length }, 'chatbot hand-off: team mailed');
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
