/**
 * 'Add user': an admin creates the account (active, no password, email unverified) and the invitee sets a password
 * from the mailed link `/invite/account?token=` (single use, 7 days, stored as SHA-256). Accepting proves the
 * mailbox (email verified) and starts an ordinary session through the account system.
 */
import { ko, type TAuthResponse } from '@suite/shared';
import type { z } from 'zod';
import type { ZAdminInviteInput } from '@suite/shared/schemas/admin';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { newTokenId, sha256 } from '../../lib/tokens.ts';
import {
  assertActive,
  assertNotCommon,
  deliver,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  reserveMail,
  startSession,
  toApiUser,
  touchLogin,
  updateUser,
  type TAuthDeps,
  type TRequestMeta,
  type TUserRow,
} from '../auth/auth.service.ts';
import { composeLinkMail } from '../seeds/seeds.service.ts';
import { consumeInviteToken, createInviteToken, voidInviteTokens } from './admin-users.repository.ts';
import type { TAdminActor } from './admin-users.service.ts';

export const ACCOUNT_INVITATION_TTL_MS = 7 * 24 * 3_600_000;

/** An account made by an invitation and not yet taken up: no password, never logged in, unverified. */
const isPendingInvite = (u: TUserRow) => !u.passwordHash && !u.lastLoginAt && !u.emailVerified && !u.googleSub;

function defaultName(email: string): string {
  return (email.split('@')[0] ?? email).slice(0, 40);
}

export async function inviteAccount(deps: TAuthDeps, actor: TAdminActor, input: z.infer<typeof ZAdminInviteInput>): Promise<void> {
  const email = input.email.toLowerCase();
  const existing = await findUserByEmail(deps.db, email);
  if (existing?.deletedAt) throw new AppError('ALREADY_REGISTERED', ko.console.admin.inviteInTrash);
  if (existing && !isPendingInvite(existing)) throw new AppError('ALREADY_REGISTERED', ko.console.admin.inviteExists);
  await reserveMail(deps.limiter, email, true);

  const role = input.role ?? 'user';
  const token = newTokenId();
  // Account, link token and audit row commit together; the mail goes out after the commit.
  await deps.db.transaction(async (tx) => {
    const user =
      existing ??
      (await insertUser(tx, {
        email,
        fullName: input.full_name ?? defaultName(email),
        passwordHash: null,
        provider: 'email',
        emailVerified: false,
        role,
        status: 'active',
      }));
    if (!user) throw new AppError('ALREADY_REGISTERED', ko.console.admin.inviteExists);
    if (existing) {
      // Inviting a pending address again: new link, the old ones die; name and role follow the new invitation.
      await updateUser(tx, user.id, { role, ...(input.full_name ? { fullName: input.full_name } : {}) }, actor.at);
      await voidInviteTokens(tx, user.id, actor.at);
    }
    await createInviteToken(tx, { userId: user.id, email, tokenHash: sha256(token), expiresAt: new Date(actor.at.getTime() + ACCOUNT_INVITATION_TTL_MS) });
    await writeAudit(tx, {
      action: 'admin.user_invited',
      actorId: actor.id,
      targetType: 'user',
      targetId: user.id,
      ip: actor.ip,
      metadata: { label: email, role, again: Boolean(existing) },
    });
  });
  const c = ko.console.mail;
  const url = `${deps.config.appUrl}/invite/account?token=${encodeURIComponent(token)}`;
  await deliver(
    deps,
    composeLinkMail(email, c.accountInviteSubject, input.full_name ?? defaultName(email), c.accountInviteBody, { label: c.accountInviteLink, url }),
  );
}

export async function acceptAccountInvitation(
  deps: TAuthDeps,
  input: { token: string; password: string; full_name?: string | undefined },
  meta: TRequestMeta,
): Promise<TAuthResponse> {
  assertNotCommon(input.password);
  const row = await consumeInviteToken(deps.db, sha256(input.token), deps.now());
  const user = row?.userId ? await findUserById(deps.db, row.userId) : undefined;
  if (!row || !user || user.deletedAt || user.email !== row.email) throw new AppError('ACCOUNT_INVITATION_INVALID');
  assertActive(user);
  const passwordHash = await hashPassword(input.password);
  const updated = await updateUser(
    deps.db,
    user.id,
    {
      passwordHash,
      emailVerified: true,
      ...(input.full_name ? { fullName: input.full_name } : {}),
    },
    deps.now(),
  );
  if (!updated) throw new AppError('ACCOUNT_INVITATION_INVALID');
  await voidInviteTokens(deps.db, user.id, deps.now());
  const tokens = await startSession(deps, updated, meta);
  await touchLogin(deps.db, user.id, deps.now());
  await writeAudit(deps.db, {
    action: 'auth.invitation_accepted',
    actorId: user.id,
    targetType: 'user',
    targetId: user.id,
    ip: meta.ip,
    metadata: { label: user.email },
  });
  return { success: true, message: ko.console.admin.invitationAccepted, user: toApiUser(updated), tokens };
}
