/**
 * External identities (Google, Kakao, Naver) and how they meet our accounts (issue 19, item 1):
 * - an identity signs in only once linked AND confirmed (`confirmed_at`);
 * - a new account from a provider needs an email the provider verified;
 * - an identity whose email belongs to an existing account is never linked silently: a pending link is stored and the
 *   owner gets a mail; the link works after the owner confirms it (the mail's link, or /settings while signed in);
 * - the owner is mailed whenever a link is confirmed; a password reset removes links never confirmed.
 */
import { ko, type TAgeBracket } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import { newTokenId, sha256 } from '../../lib/tokens.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { identityLinkedMail, linkIdentityMail } from './auth.mails.ts';
import { reserveMail } from './auth.throttle.ts';
import { consumeFlow, createFlow } from './flow.repository.ts';
import {
  confirmIdentity,
  deleteIdentity,
  findIdentity,
  findIdentityById,
  insertIdentity,
  listIdentities,
  otherSignInMethods,
  type TIdentityRow,
} from './identity.repository.ts';
import { deliver } from './recovery.service.ts';
import { findUserByEmail, findUserById, insertUser, roleForNewUser, updateUser, type TUserRow } from './user.repository.ts';
import { recordSignup } from './signup-records.ts';
import { revokeUserSessions } from './session.repository.ts';
import { sessionsEnded } from './session.service.ts';

export type TProvider = 'google' | 'kakao' | 'naver';

export type TExternalIdentity = {
  provider: TProvider;
  subject: string;
  /** Lower-cased; '' when the provider gave none. */
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
};

export type TExternalOutcome = { kind: 'signin'; user: TUserRow } | { kind: 'link_pending' } | { kind: 'new' };

const LINK_TTL_MS = 24 * 3_600_000;
const providerName = (p: string) => ko.accounts.providers[p] ?? p;

/** What an identity presented at sign-in leads to. Never links and never signs in through an unconfirmed link. */
export async function resolveExternal(deps: TAuthDeps, ext: TExternalIdentity, meta: TRequestMeta): Promise<TExternalOutcome> {
  const known = await findIdentity(deps.db, ext.provider, ext.subject);
  if (known) {
    const user = await findUserById(deps.db, known.userId);
    if (!user) throw new AppError('IDENTITY_NOT_CONFIRMED');
    if (known.confirmedAt) return { kind: 'signin', user };
    await mailLinkRequest(deps, user, known, meta);
    return { kind: 'link_pending' };
  }
  if (!ext.email || !ext.emailVerified) throw new AppError('IDENTITY_EMAIL_UNVERIFIED');
  const owner = await findUserByEmail(deps.db, ext.email);
  if (!owner) return { kind: 'new' };
  const pending = await insertIdentity(deps.db, {
    userId: owner.id,
    provider: ext.provider,
    subject: ext.subject,
    email: ext.email,
    confirmedAt: null,
  });
  if (pending) await mailLinkRequest(deps, owner, pending, meta);
  return { kind: 'link_pending' };
}

async function mailLinkRequest(deps: TAuthDeps, owner: TUserRow, identity: TIdentityRow, meta: TRequestMeta): Promise<void> {
  await writeAudit(deps.db, {
    action: AUDIT.identityLinkRequested,
    actorId: null,
    targetType: 'user',
    targetId: owner.id,
    ip: meta.ip,
    metadata: { provider: identity.provider },
  });
  if (owner.deletedAt || !(await reserveMail(deps.limiter, owner.email, false))) return;
  const token = newTokenId();
  await createFlow(deps.db, {
    idHash: sha256(token),
    kind: 'link_identity',
    userId: owner.id,
    data: { identityId: identity.id },
    expiresAt: new Date(deps.now().getTime() + LINK_TTL_MS),
  });
  await deliver(deps, linkIdentityMail(deps.config.appUrl, owner.email, owner.fullName, providerName(identity.provider), identity.email, token));
}

/** A new account for a verified identity, with its consents, its confirmed identity and its audit row, in one transaction. */
export async function createExternalUser(
  deps: TAuthDeps,
  ext: TExternalIdentity,
  input: { marketing_consent: boolean; phone?: string | undefined; age_bracket?: TAgeBracket | undefined },
  meta: TRequestMeta,
): Promise<TUserRow | undefined> {
  if (!ext.email || !ext.emailVerified) throw new AppError('IDENTITY_EMAIL_UNVERIFIED');
  const fullName = (ext.name || ext.email.split('@')[0] || ext.email).slice(0, 40);
  return deps.db.transaction(async (tx) => {
    const role = await roleForNewUser(tx);
    const user = await insertUser(tx, {
      email: ext.email,
      passwordHash: null,
      fullName,
      phone: input.phone ?? '',
      provider: ext.provider,
      emailVerified: true,
      marketingConsent: input.marketing_consent,
      avatarUrl: ext.picture,
      role,
    });
    if (!user) return undefined;
    const identity = await insertIdentity(tx, { userId: user.id, provider: ext.provider, subject: ext.subject, email: ext.email, confirmedAt: deps.now() });
    if (!identity) throw new AppError('CONFLICT');
    // The audit row belongs to the sign-up: user, identity, consents and audit are written all or nothing.
    const consents = { marketing: input.marketing_consent, age14: input.age_bracket === '14_or_over' };
    await recordSignup(tx, user.id, consents, meta, { provider: ext.provider, role: user.role, userAgent: meta.userAgent });
    return user;
  });
}

async function afterLinked(deps: TAuthDeps, user: TUserRow, identity: TIdentityRow, meta: TRequestMeta, via: string): Promise<void> {
  await writeAudit(deps.db, {
    action: AUDIT.identityLinked,
    actorId: user.id,
    targetType: 'user',
    targetId: user.id,
    ip: meta.ip,
    metadata: { provider: identity.provider, via },
  });
  await deliver(deps, identityLinkedMail(deps.config.appUrl, user.email, user.fullName, providerName(identity.provider), identity.email));
}

/** The owner followed the mailed link and confirmed. */
export async function confirmLinkByMail(deps: TAuthDeps, token: string, meta: TRequestMeta): Promise<string> {
  const flow = await consumeFlow(deps.db, 'link_identity', sha256(token), deps.now());
  const identityId = typeof flow?.data.identityId === 'string' ? flow.data.identityId : '';
  const user = flow?.userId ? await findUserById(deps.db, flow.userId) : undefined;
  if (!flow || !user || user.deletedAt || !identityId) throw new AppError('TOKEN_INVALID');
  const identity = await confirmIdentity(deps.db, identityId, deps.now());
  if (!identity || identity.userId !== user.id) throw new AppError('TOKEN_INVALID');
  if (!user.emailVerified) {
    // The mail proved the mailbox; whoever set this never-confirmed account's password did not (pre-hijacking).
    await updateUser(deps.db, user.id, { emailVerified: true, passwordHash: null }, deps.now());
    await revokeUserSessions(deps.db, user.id, 'identity_link_unconfirmed_account', deps.now());
    await sessionsEnded(deps, user.id);
  }
  await afterLinked(deps, user, identity, meta, 'mail');
  return ko.accounts.server.identityLinked;
}

/** The owner, signed in with an existing method, confirmed a pending link in /settings. */
export async function confirmLinkSignedIn(deps: TAuthDeps, userId: string, identityId: string, meta: TRequestMeta): Promise<string> {
  const user = await findUserById(deps.db, userId);
  const pending = await findIdentityById(deps.db, identityId, userId);
  if (!user || !pending) throw new AppError('IDENTITY_NOT_FOUND');
  if (pending.confirmedAt) return ko.accounts.server.identityLinked;
  const identity = await confirmIdentity(deps.db, identityId, deps.now());
  if (!identity) throw new AppError('IDENTITY_NOT_FOUND');
  await afterLinked(deps, user, identity, meta, 'settings');
  return ko.accounts.server.identityLinked;
}

export async function unlinkIdentity(deps: TAuthDeps, userId: string, identityId: string, meta: TRequestMeta): Promise<string> {
  const user = await findUserById(deps.db, userId);
  const identity = await findIdentityById(deps.db, identityId, userId);
  if (!user || !identity) throw new AppError('IDENTITY_NOT_FOUND');
  if (identity.confirmedAt && !user.passwordHash && (await otherSignInMethods(deps.db, userId, identityId)) === 0) {
    throw new AppError('LAST_SIGN_IN_METHOD');
  }
  if (!(await deleteIdentity(deps.db, identityId, userId))) throw new AppError('IDENTITY_NOT_FOUND');
  await writeAudit(deps.db, {
    action: AUDIT.identityUnlinked,
    actorId: userId,
    targetType: 'user',
    targetId: userId,
    ip: meta.ip,
    metadata: { provider: identity.provider, confirmed: Boolean(identity.confirmedAt) },
  });
  return ko.accounts.server.identityUnlinked;
}

export async function identitiesOf(deps: TAuthDeps, userId: string) {
  const rows = await listIdentities(deps.db, userId);
  return rows.map((r) => ({
    id: r.id,
    provider: r.provider,
    email: r.email,
    confirmed: Boolean(r.confirmedAt),
    linked_at: r.linkedAt.toISOString(),
  }));
}
