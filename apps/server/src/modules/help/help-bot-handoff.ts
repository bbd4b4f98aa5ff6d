/**
 * Hand-off of the help centre's 문의하기 (issue 33): when a visitor of the help bot asks for a person, the operator's
 * address (HELP_HANDOFF_EMAIL, else COMPANY_EMAIL; with neither, every active platform admin) gets the transcript by
 * mail, so no hand-off is lost on an installation that set no address. The chatbot module calls this hook
 * for every stored ticket (after its commit); tickets of other bots are not its business. The mail leaves after the
 * response, and a failure is logged, never thrown into the visitor's request.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ko } from '@suite/shared';
import type { TAppContext } from '../../context.ts';
import { afterResponse } from '../../lib/after-response.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { THandoffTicket } from '../chatbot/chatbot.service.ts';
import { listUsers } from '../admin-users/admin-users.service.ts';
import { findHelpBot } from './help-bot.ts';

const t = ko.help.bot;

/** The operator's address, else the active platform admins' (oldest first, at most 20). */
export async function operatorAddresses(ctx: Pick<TAppContext, 'config' | 'database' | 'now'>): Promise<string[]> {
  if (ctx.config.help.handoffEmail) return [ctx.config.help.handoffEmail];
  const admins = await listUsers(ctx.database.db, { role: 'admin', status: 'active', sort: 'created_at', order: 'asc', page: 1, limit: 20 }, ctx.now());
  return admins.data.map((u) => u.email);
}

export function helpHandoff(ctx: Pick<TAppContext, 'config' | 'database' | 'mailer' | 'now'>, log: FastifyBaseLogger): (ticket: THandoffTicket) => void {
  let helpBotId: string | undefined;
  return (ticket) => {
    afterResponse(
      log,
      async () => {
        helpBotId ??= (await findHelpBot(ctx.database.db))?.botId;
        if (ticket.botId !== helpBotId) return;
        const text = t.handoffBody(ticket);
        const to = await operatorAddresses(ctx);
        if (!to.length) return void log.warn({ ticketId: ticket.ticketId }, 'help bot hand-off: no operator address and no platform admin to mail');
        for (const address of to) {
          await ctx.mailer.send({
            to: address,
            subject: t.handoffSubject(ticket.name || ticket.email),
            text,
            html: `<pre>${escapeHtml(text)}</pre>`,
            links: [],
          });
        }
        log.info({ ticketId: ticket.ticketId, recipients: to.length }, 'help bot hand-off: mailed to the operator');
      },
      'help bot hand-off mail',
    );
  };
}
