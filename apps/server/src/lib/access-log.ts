/**
 * Access records (issue 32, PIPA and 개인정보의 안전성 확보조치 기준 제8조): who read personal data — platform admins
 * reading user lists and the audit log, seed admins reading chatbot transcripts, Slack mirrors, member lists, masked
 * columns. One row per read in privacy_access_log, kept at least two years (the data map's entry). The row names
 * what was read (an id, a count, a description), never the data itself. Infrastructure like audit.ts: every module
 * records through this file; the platform admin reads them at GET /api/admin/privacy/access-log.
 */
import type { FastifyRequest } from 'fastify';

export type TAccessScope = 'platform' | 'seed';

export type TAccessRecord = {
  actorId: string | null;
  actorEmail: string;
  scope: TAccessScope;
  seedId?: string | null;
  /** A stable code, domain.verb (labels in ko-privacy.ts access.actions), e.g. 'admin.users.list'. */
  action: string;
  /** What was read: an id, a filter, a count — never the personal data itself. */
  subject: string;
  reason?: string | null;
  ip: string;
};

/** Access actions recorded by the modules (their Korean labels: koPrivacy.access.actions). */
export const ACCESS = {
  adminUsersList: 'admin.users.list',
  adminUsersTrash: 'admin.users.trash',
  adminAuditRead: 'admin.audit.read',
  seedMembersList: 'seeds.members.list',
  chatbotConversationsList: 'chatbot.conversations.list',
  chatbotConversationRead: 'chatbot.conversation.read',
  chatbotTicketsList: 'chatbot.tickets.list',
  slackUsersList: 'slack.users.list',
  slackLogsRead: 'slack.logs.read',
  adminBuilderRowsRead: 'admin-builder.rows.read',
  adminBuilderExport: 'admin-builder.rows.export',
  adminBuilderReveal: 'admin-builder.rows.reveal',
  mealLedgerExport: 'meal.ledger.export',
  privacyRequest: 'privacy.request',
} as const;

/** The actor and address of an authenticated request (the guard has run). */
export function accessActor(request: FastifyRequest): Pick<TAccessRecord, 'actorId' | 'actorEmail' | 'ip'> {
  return { actorId: request.user?.id ?? null, actorEmail: request.user?.email ?? '', ip: request.ip };
}

/** The record of one read by the request's user: `accessOf(request, 'seed', ACCESS.chatbotConversationRead, id, seedId)`. */
export function accessOf(request: FastifyRequest, scope: TAccessScope, action: string, subject: string, seedId?: string | null): TAccessRecord {
  return { ...accessActor(request), scope, seedId: seedId ?? null, action, subject };
}

/** A search term or filter as the record names it: trimmed, at most 100 characters, quoted. */
export const quoted = (term: string | undefined | null) => (term?.trim() ? `"${term.trim().slice(0, 100)}"` : '');

export { recordAccess } from './access-log.repository.ts';
