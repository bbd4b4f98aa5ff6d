/**
 * 'Add user': an admin creates the account (active, no password, email unverified) and the invitee sets a password
 * from the mailed link `/invite/account?token=` (single use, 7 days, stored as SHA-256). Accepting proves the
 * mailbox (email verified), records the consents sign-up asks for (terms, privacy, the age confirmation, marketing as
 * chosen; under 14 refused) and starts an ordinary session through the account system.
 */
import { ko, type TAuthResponse } from '@suite/shared';
import type { z } from 'zod';
import type { ZAcceptAccountInvitationInput, ZAdminInviteInput } from '@suite/shared/schemas/admin';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { newTokenId, sha256 } from '../../lib/tokens.ts';
import {
  assertActive,
  assertAgeAllowed,
  assertNotCommon,
  deliver,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  recordAccountConsents,
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
  input: z.infer<typeof ZAcceptAccountInvitationInput>,
  meta: TRequestMeta,
): Promise<TAuthResponse> {
  // Under 14: refused before the link is used (the same rule and text as sign-up; the link stays valid).
  assertAgeAllowed(input.age_bracket);
  assertNotCommon(input.password);
  const passwordHash = await hashPassword(input.password);
  // The link, the password, the consents and the audit row commit together: a failure leaves the link unused.
  const updated = await deps.db.transaction(async (tx) => {
    const at = deps.now();
    const row = await consumeInviteToken(tx, sha256(input.token), at);
    const user = row?.userId ? await findUserById(tx, row.userId) : undefined;
    if (!row || !user || user.deletedAt || user.email !== row.email) throw new AppError('ACCOUNT_INVITATION_INVALID');
    assertActive(user);
    const patch = { passwordHash, emailVerified: true, marketingConsent: input.marketing_consent, ...(input.full_name ? { fullName: input.full_name } : {}) };
    const changed = await updateUser(tx, user.id, patch, at);
    if (!changed) throw new AppError('ACCOUNT_INVITATION_INVALID');
    await recordAccountConsents(tx, user.id, { marketing: input.marketing_consent, age14: true }, meta.ip);
    await voidInviteTokens(tx, user.id, at);
    await writeAudit(tx, {
      action: 'auth.invitation_accepted',
      actorId: user.id,
      targetType: 'user',
      targetId: user.id,
      ip: meta.ip,
      metadata: { label: user.email, marketing: input.marketing_consent },
    });
    return changed;
  });
  const tokens = await startSession(deps, updated, meta);
  await touchLogin(deps.db, updated.id, deps.now());
  return { success: true, message: ko.console.admin.invitationAccepted, user: toApiUser(updated), tokens };
}
