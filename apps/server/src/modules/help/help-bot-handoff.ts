/**
 * Hand-off of the help centre's 문의하기 (issue 33): when a visitor of the help bot asks for a person, the operator's
 * address (HELP_HANDOFF_EMAIL, else COMPANY_EMAIL) gets the transcript by mail. The chatbot module calls this hook
 * for every stored ticket (after its commit); tickets of other bots are not its business. The mail leaves after the
 * response, and a failure is logged, never thrown into the visitor's request.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ko } from '@suite/shared';
import type { TAppContext } from '../../context.ts';
import { afterResponse } from '../../lib/after-response.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { THandoffTicket } from '../chatbot/chatbot.service.ts';
import { findHelpBot } from './help-bot.ts';

const t = ko.help.bot;

export function helpHandoff(ctx: Pick<TAppContext, 'config' | 'database' | 'mailer'>, log: FastifyBaseLogger): (ticket: THandoffTicket) => void {
  let helpBotId: string | undefined;
  return (ticket) => {
    const to = ctx.config.help.handoffEmail;
    if (!to) return;
    afterResponse(
      log,
      async () => {
        helpBotId ??= (await findHelpBot(ctx.database.db))?.botId;
        if (ticket.botId !== helpBotId) return;
        const text = t.handoffBody(ticket);
        await ctx.mailer.send({ to, subject: t.handoffSubject(ticket.name || ticket.email), text, html: `<pre>${escapeHtml(text)}</pre>`, links: [] });
        log.info({ ticketId: ticket.ticketId }, 'help bot hand-off: mailed to the operator');
      },
      'help bot hand-off mail',
    );
  };
}
