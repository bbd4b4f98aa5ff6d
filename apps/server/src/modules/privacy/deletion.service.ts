/**
 * Deleting one's own account (issue 32): asked for with the password or a second-factor code, possible only once the
 * person owns no seed; the account is then scheduled for erasure 30 days later (users.deletion_scheduled_at), every
 * session ends at once, and a mail says when and how to cancel (sign in again, 설정 > 개인정보). The schedule
 * `privacy.erase-due` erases due accounts by the data map (erasure.service.ts).
 */
import { ko, type TDeleteMeInput, type TDeletionStatus } from '@suite/shared';
import type { TMail } from '../../adapters/mailer.ts';
import type { TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { TAuthUser } from '../../plugins/auth-guard.ts';
import { deliver, findUserById, revokeUserSessions, sessionsEnded, updateUser, type TRequestMeta, type TUserRow } from '../auth/auth.service.ts';
import { assertReauth } from '../auth/reauth.service.ts';
import { hasSecondFactor } from '../auth/second-factor.service.ts';
import { listSeeds } from '../seeds/seeds.service.ts';
import { DELETION_WAITS_ACTION, dueAccounts, lockIfStillDue, waitingOwners } from './deletion.repository.ts';
import { eraseSubjectIf, type TErasureDeps } from './erasure.service.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';

/** The grace period between the request and the erasure. */
const DELETION_GRACE_DAYS = 30;

const m = ko.privacy.deletion;
const seoulTime = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'short' });
const formatDeleteAt = (at: Date): string => seoulTime.format(at);

async function ownedSeeds(deps: TPrivacyDeps, userId: string): Promise<TDeletionStatus['ownedSeeds']> {
  const seeds = await listSeeds(deps.db, userId);
  return seeds.filter((s) => s.role === 'owner').map((s) => ({ id: s.id, seed_name: s.seed_name, members: s.member_count }));
}

async function liveUser(db: TTx, userId: string): Promise<TUserRow> {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt) throw new AppError('SESSION_REVOKED');
  return user;
}

export async function deletionStatus(deps: TPrivacyDeps, userId: string): Promise<TDeletionStatus> {
  const user = await liveUser(deps.db, userId);
  return {
    deleteAt: user.deletionScheduledAt?.toISOString() ?? null,
    ownedSeeds: await ownedSeeds(deps, userId),
    hasPassword: Boolean(user.passwordHash),
    hasSecondFactor: await hasSecondFactor(deps.auth, userId),
  };
}

/**
 * DELETE /api/me. Re-authentication first (the account system's check and its limit of guesses), then the seeds the
 * person owns (409 naming each), then one transaction: the date, every session revoked, the audit row. After the
 * commit: the sessions' streams are told, and the mail goes.
 */
export async function requestDeletion(deps: TPrivacyDeps, who: TAuthUser, input: TDeleteMeInput, meta: TRequestMeta): Promise<Date> {
  await assertReauth(deps.auth, who, input.password ?? input.secondFactorCode ?? '');
  const owned = await ownedSeeds(deps, who.id);
  if (owned.length) {
    const details = owned.map((s) => ({ path: `seeds.${s.id}`, message: m.ownedSeed(s.seed_name, s.members) }));
    throw new AppError('PRIVACY_SEEDS_OWNED', undefined, { details });
  }
  const now = deps.now();
  const deleteAt = await deps.db.transaction(async (tx) => {
    // Asked again while pending: the first date stands (asking again never postpones the erasure).
    const pending = (await findUserById(tx, who.id))?.deletionScheduledAt;
    const at = pending ?? new Date(now.getTime() + DELETION_GRACE_DAYS * 86_400_000);
    if (!(await updateUser(tx, who.id, { deletionScheduledAt: at }, now))) throw new AppError('SESSION_REVOKED');
    const ended = await revokeUserSessions(tx, who.id, 'account_deletion', now);
    await writeAudit(tx, {
      action: 'privacy.deletion_requested',
      actorId: who.id,
      targetType: 'user',
      targetId: who.id,
      ip: meta.ip,
      metadata: { deleteAt: at.toISOString(), sessionsEnded: ended },
    });
    return at;
  });
  await sessionsEnded(deps.auth, who.id);
  await mailPerson(deps, who.id, m.mailScheduledSubject, m.mailScheduledBody(formatDeleteAt(deleteAt)));
  return deleteAt;
}

/** POST /api/me/deletion/cancel: the person's own pending deletion only (409 when none). */
export async function cancelDeletion(deps: TPrivacyDeps, who: TAuthUser, meta: TRequestMeta): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await findUserById(tx, who.id))?.deletionScheduledAt) throw new AppError('PRIVACY_DELETION_NOT_PENDING');
    if (!(await updateUser(tx, who.id, { deletionScheduledAt: null }, deps.now()))) throw new AppError('PRIVACY_DELETION_NOT_PENDING');
    await writeAudit(tx, { action: 'privacy.deletion_canceled', actorId: who.id, targetType: 'user', targetId: who.id, ip: meta.ip });
  });
  await mailPerson(deps, who.id, m.mailCanceledSubject, m.mailCanceledBody);
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

async function mailPerson(deps: TPrivacyDeps, userId: string, subject: string, body: string): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) return;
  const url = `${deps.ctx.config.appUrl}/settings/privacy`;
  const greeting = ko.auth.mail.greeting(user.fullName);
  const mail: TMail = {
    to: user.email,
    subject,
    text: [greeting, '', body, '', `${m.mailLink}: ${url}`, '', ko.auth.mail.footer].join('\n'),
    html:
      `<p>${escape(greeting)}</p><p>${escape(body)}</p><p><a href="${escape(url)}">${escape(m.mailLink)}</a><br><small>${escape(url)}</small></p>` +
      `<p><small>${escape(ko.auth.mail.footer)}</small></p>`,
    links: [url],
  };
  try {
    await deliver(deps.auth, mail);
  } catch (err) {
    deps.log.error({ err }, 'privacy: deletion mail not sent');
  }
}

const DUE_BATCH = 50;

/**
 * The schedule `privacy.erase-due`: every account whose grace period has passed is erased by the data map, each in its
 * own transaction that first re-checks (row locked) that the deletion is still due and that the person owns no seed
 * (an account that took a seed over during the grace period waits until it is handed on). One audit row per erasure,
 * with the row counts only. Returns how many accounts were erased.
 */
export async function eraseDueAccounts(deps: TErasureDeps & Pick<TPrivacyDeps, 'now'>): Promise<number> {
  const now = deps.now();
  let erased = 0;
  for (const account of await dueAccounts(deps.db, now, DUE_BATCH)) {
    try {
      const subject = { kind: 'user' as const, userId: account.id, email: account.email };
      const counts = await eraseSubjectIf(deps, subject, (tx) => lockIfStillDue(tx, account.id, now));
      if (!counts) continue;
      await writeAudit(deps.db, { action: 'privacy.account_erased', targetType: 'user', metadata: { rows: counts } });
      erased++;
    } catch (err) {
      deps.log?.error({ err }, 'privacy: erasing a due account failed (rolled back; retried on the next run)');
    }
  }
  return erased;
}

/**
 * Part of `privacy.erase-due`: a person whose deletion date has passed but who still owns a seed is told once per
 * deletion date (an audit row marks it, written before the mail) that the deletion waits until the seeds are handed
 * on or deleted. Returns how many were told.
 */
export async function remindWaitingOwners(deps: TPrivacyDeps): Promise<number> {
  let told = 0;
  for (const owner of await waitingOwners(deps.db, deps.now(), DUE_BATCH)) {
    await writeAudit(deps.db, {
      action: DELETION_WAITS_ACTION,
      targetType: 'user',
      targetId: owner.id,
      metadata: { deleteAt: owner.deleteAt, seeds: owner.seeds.length },
    });
    await mailPerson(deps, owner.id, m.mailWaitsSubject, m.mailWaitsBody(owner.seeds.map((n) => `'${n}'`).join(', ')));
    told++;
  }
  return told;
}
