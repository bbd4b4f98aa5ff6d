/** Email confirmation, forgot password and reset password: single-use mailed tokens, stored as SHA-256. */
import { ko } from '@suite/shared';
import type { TMail } from '../../adapters/mailer.ts';
import { AppError } from '../../lib/app-error.ts';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import { afterResponse } from '../../lib/after-response.ts';
import { newTokenId, sha256 } from '../../lib/tokens.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { confirmMail, resetMail } from './auth.mails.ts';
import { liftSecondStepLock, LIMITS, reserveMail } from './auth.throttle.ts';
import { consumeMailToken, createMailToken, peekMailToken, voidMailTokens, type TMailTokenKind } from './mail-token.repository.ts';
import { assertNotCommon, assertNotPersonal, hashPassword } from './passwords.ts';
import { revokeUserSessions } from './session.repository.ts';
import { deleteUnconfirmedIdentities } from './identity.repository.ts';
import { findUserByEmail, findUserById, updateUser, type TUserRow } from './user.repository.ts';
import { sessionsEnded } from './session.service.ts';
import { noticePassword } from './security-notices.ts';

const TTL_MS: Record<TMailTokenKind, number> = { confirm_email: 24 * 3_600_000, reset_password: 3_600_000, unlock_login: 30 * 60_000 };

export async function newMailToken(deps: TAuthDeps, user: TUserRow, kind: TMailTokenKind, payload?: Record<string, unknown>): Promise<string> {
  const token = newTokenId();
  await createMailToken(deps.db, {
    userId: user.id,
    kind,
    tokenHash: sha256(token),
    email: user.email,
    expiresAt: new Date(deps.now().getTime() + TTL_MS[kind]),
    ...(payload ? { payload } : {}),
  });
  return token;
}

/**
 * Over SMTP the answer does not wait for the mail server (its delay would tell whether the account exists);
 * the development outbox is written before answering so tests and developers find the mail at once.
 */
export async function deliver(deps: TAuthDeps, mail: TMail): Promise<void> {
  if (deps.mailer.kind === 'smtp') {
    void deps.mailer.send(mail).catch((err: unknown) => deps.log.error({ err, subject: mail.subject }, 'mail not sent'));
    return;
  }
  await deps.mailer.send(mail);
}

/**
 * Mails a confirmation link. `reserved`: the caller already counted this mail against the address's limits.
 * `invitationToken`: the sign-up came from a seed invitation, accepted when the link is opened (issue 27 item 21).
 */
export async function sendConfirmation(deps: TAuthDeps, user: TUserRow, reserved: boolean, invitationToken?: string): Promise<void> {
  if (!reserved && !(await reserveMail(deps.limiter, user.email, false))) return;
  const token = await newMailToken(deps, user, 'confirm_email', invitationToken ? { invitationToken } : undefined);
  await deliver(deps, confirmMail(deps.config.appUrl, user.email, user.fullName, token));
}

/**
 * Resend-confirmation and forgot-password answer the same status, body and (about) time whatever the address:
 * only the per-IP limit (which does not depend on the address) can refuse; the lookup, the per-address mail
 * throttle (silent) and the mail itself run after the answer (lib/after-response.ts).
 */
export async function resendConfirmation(deps: TAuthDeps, email: string, meta: TRequestMeta): Promise<string> {
  await deps.limiter.consume(`recovery:ip:${meta.ip}`, LIMITS.recoveryIp);
  afterResponse(
    deps.log,
    async () => {
      const user = await findUserByEmail(deps.db, email);
      if (!user || user.deletedAt || user.emailVerified || !user.passwordHash) return;
      if (!(await reserveMail(deps.limiter, email, false))) return;
      await sendConfirmation(deps, user, true);
    },
    'resend-confirmation',
  );
  return ko.auth.server.confirmSent;
}

export async function confirmEmail(deps: TAuthDeps, token: string, meta: TRequestMeta): Promise<{ message: string; seedId?: string }> {
  const row = await consumeMailToken(deps.db, 'confirm_email', sha256(token), deps.now());
  const user = row?.userId ? await findUserById(deps.db, row.userId) : undefined;
  if (!row || !user || user.deletedAt || user.email !== row.email) throw new AppError('TOKEN_INVALID');
  await updateUser(deps.db, user.id, { emailVerified: true }, deps.now());
  await voidMailTokens(deps.db, user.id, 'confirm_email', deps.now());
  await writeAudit(deps.db, { action: AUDIT.emailConfirmed, actorId: user.id, targetType: 'user', targetId: user.id, ip: meta.ip });
  // Issue 27 item 21: a sign-up from a seed invitation joins the seed now. The seeds service checks, as for any
  // acceptance, that the invited address is this account's; a used, expired or another address's invitation is
  // left alone (the account is confirmed either way).
  const carried = (row.payload as { invitationToken?: unknown } | null)?.invitationToken;
  const invitationToken = typeof carried === 'string' ? carried : undefined;
  if (invitationToken) {
    try {
      const seed = await deps.seeds.acceptInvitation(deps, { id: user.id, email: user.email, ip: meta.ip }, invitationToken);
      return { message: ko.auth.server.emailConfirmedJoined(seed.seed_name), seedId: seed.id };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return { message: ko.auth.server.emailConfirmed };
}

export async function forgotPassword(deps: TAuthDeps, email: string, meta: TRequestMeta): Promise<string> {
  await deps.limiter.consume(`recovery:ip:${meta.ip}`, LIMITS.recoveryIp);
  afterResponse(
    deps.log,
    async () => {
      const user = await findUserByEmail(deps.db, email);
      if (!user || user.deletedAt || user.status !== 'active') return;
      if (!(await reserveMail(deps.limiter, email, false))) return;
      const token = await newMailToken(deps, user, 'reset_password');
      await deliver(deps, resetMail(deps.config.appUrl, user.email, user.fullName, token));
    },
    'forgot-password',
  );
  return ko.auth.server.forgotSent;
}

export async function resetPassword(deps: TAuthDeps, token: string, password: string, meta: TRequestMeta): Promise<string> {
  assertNotCommon(password);
  const peeked = await peekMailToken(deps.db, 'reset_password', sha256(token));
  const owner = peeked?.userId ? await findUserById(deps.db, peeked.userId) : undefined;
  if (owner) assertNotPersonal(password, owner);
  const row = await consumeMailToken(deps.db, 'reset_password', sha256(token), deps.now());
  const user = row?.userId ? await findUserById(deps.db, row.userId) : undefined;
  if (!row || !user || user.deletedAt || user.email !== row.email) throw new AppError('TOKEN_INVALID');
  const passwordHash = await hashPassword(password);
  // Following the link proves the mailbox: the address counts as confirmed from now on.
  await updateUser(deps.db, user.id, { passwordHash, emailVerified: true }, deps.now());
  await voidMailTokens(deps.db, user.id, 'reset_password', deps.now());
  const ended = await revokeUserSessions(deps.db, user.id, 'password_reset', deps.now());
  // Whoever knew the old password is out: a lock of the second step they caused no longer holds the owner back.
  await liftSecondStepLock(deps.limiter, user.id);
  if (ended > 0) await sessionsEnded(deps, user.id);
  // The reset proved the mailbox: links to outside accounts that the owner never confirmed go (issue 19).
  const dropped = await deleteUnconfirmedIdentities(deps.db, user.id);
  await writeAudit(deps.db, {
    action: AUDIT.passwordReset,
    actorId: user.id,
    targetType: 'user',
    targetId: user.id,
    ip: meta.ip,
    metadata: { sessionsEnded: ended, identitiesDropped: dropped },
  });
  await noticePassword(deps, user.id, true);
  return dropped ? `${ko.auth.server.resetDone} ${ko.accounts.server.resetRemovedLinks(dropped)}` : ko.auth.server.resetDone;
}
