/**
 * Second factors (issue 19, item 3): TOTP (RFC 6238, ±1 step, secret sealed with ENCRYPTION_KEY, each step usable
 * once), single-use recovery codes (stored as SHA-256), and passkeys (WebAuthn via @simplewebauthn/server), which
 * also sign in without a password. A sign-in of an account with a second factor stops after the first step with a
 * short-lived `mfaToken`; only the second step starts a session (marked `second_factor_at`).
 */
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { ko, type TAuthResponse } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { AUDIT, writeAudit } from '../../lib/audit.ts';
import { auditOwnAccount } from './own-account-audit.ts';
import { newTokenId, sha256 } from '../../lib/tokens.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import type { TTx } from '../../db/client.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { consumeFlow, createFlow, peekFlow, type TFlowKind } from './flow.repository.ts';
import * as repo from './second-factor.repository.ts';
import { markSecondFactor, revokeUserSessions } from './session.repository.ts';
import { sessionsEnded } from './session.service.ts';
import { noticeSecondFactor } from './security-notices.ts';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp.ts';
import type { TUserRow } from './user.repository.ts';

const FLOW_TTL_MS = 10 * 60_000;
/**
 * Issue 27 item 15: enrolling a factor (an authenticator app or another passkey) ends the account's other sessions,
 * which never passed it; the session that enrolled stays (it is marked as having passed the second factor).
 */
const SESSIONS_ENDED_REASON = 'second_factor_enrolled';

/**
 * A second factor enrolled: `write` stores it, and in the same transaction the current session counts as second-factor
 * verified and the user's other sessions end; then the ended sessions are announced and the enrolment audited.
 */
async function enrol(
  deps: TAuthDeps,
  userId: string,
  sessionId: string,
  meta: TRequestMeta,
  kind: 'totp' | 'passkey',
  write: (tx: TTx) => Promise<unknown>,
): Promise<void> {
  let ended = 0;
  await deps.db.transaction(async (tx) => {
    await write(tx);
    await markSecondFactor(tx, sessionId, deps.now());
    ended = await revokeUserSessions(tx, userId, SESSIONS_ENDED_REASON, deps.now(), sessionId);
  });
  if (ended > 0) await sessionsEnded(deps, userId);
  await auditOwnAccount(deps.db, AUDIT.secondFactorEnrolled, userId, meta.ip, { kind, sessionsEnded: ended });
  await noticeSecondFactor(deps, userId, kind, true);
}

async function auditRemoved(deps: TAuthDeps, userId: string, meta: TRequestMeta, kind: 'totp' | 'passkey') {
  await auditOwnAccount(deps.db, AUDIT.secondFactorRemoved, userId, meta.ip, { kind });
  await noticeSecondFactor(deps, userId, kind, false);
}
const RECOVERY_CODES = 10;

const sealKey = (deps: TAuthDeps) => deps.config.encryptionKey;
/**
 * The relying party is APP_URL's host. WebAuthn refuses IP addresses as RP IDs, so outside production an APP_URL on
 * 127.0.0.1 or [::1] is served to passkeys as `localhost` (same port): open the app at http://localhost:PORT.
 */
const rp = (deps: TAuthDeps) => {
  const url = new URL(deps.config.appUrl);
  if (!deps.config.isProduction && (url.hostname === '127.0.0.1' || url.hostname === '[::1]')) url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin, name: ko.common.appName };
};

async function newFlow(deps: TAuthDeps, kind: TFlowKind, userId: string | null, data: Record<string, unknown>): Promise<string> {
  const token = newTokenId();
  await createFlow(deps.db, { idHash: sha256(token), kind, userId, data, expiresAt: new Date(deps.now().getTime() + FLOW_TTL_MS) });
  return token;
}

export async function hasSecondFactor(deps: TAuthDeps, userId: string): Promise<boolean> {
  return repo.hasConfirmedFactor(deps.db, userId);
}

export async function secondFactorStatus(deps: TAuthDeps, userId: string) {
  const [totp, left, keys] = await Promise.all([repo.findTotp(deps.db, userId), repo.recoveryCodesLeft(deps.db, userId), repo.listPasskeys(deps.db, userId)]);
  return {
    totp: Boolean(totp?.confirmedAt),
    recovery_codes_left: left,
    passkeys: keys.map((k) => ({ id: k.id, name: k.name, created_at: k.createdAt.toISOString(), last_used_at: k.lastUsedAt?.toISOString() ?? null })),
  };
}

// ---- TOTP ----

export async function startTotp(deps: TAuthDeps, user: TUserRow) {
  const secret = newTotpSecret();
  if (!(await repo.putPendingTotp(deps.db, user.id, encryptSecret(sealKey(deps), secret), deps.now()))) throw new AppError('SECOND_FACTOR_EXISTS');
  return { secret, otpauth_url: otpauthUrl(secret, user.email, ko.common.appName) };
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

const normaliseRecovery = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[^0-9a-f]/g, '');

/** Confirms the pending secret with a code from the app; returns the recovery codes (shown once). */
export async function confirmTotp(deps: TAuthDeps, user: TUserRow, sessionId: string, code: string, meta: TRequestMeta) {
  await deps.limiter.consume(`totp-confirm:${user.id}`, { max: 10, windowMs: 15 * 60_000 });
  const row = await repo.findTotp(deps.db, user.id);
  if (!row || row.confirmedAt) throw new AppError('SECOND_FACTOR_CODE_INVALID');
  const step = matchTotp(decryptSecret(sealKey(deps), row.secretSealed), code.trim(), deps.now().getTime());
  if (step === null) throw new AppError('SECOND_FACTOR_CODE_INVALID');
  const codes = newRecoveryCodes();
  await enrol(deps, user.id, sessionId, meta, 'totp', async (tx) => {
    if (!(await repo.confirmTotp(tx, user.id, step, deps.now()))) throw new AppError('SECOND_FACTOR_CODE_INVALID');
    await repo.replaceRecoveryCodes(
      tx,
      user.id,
      codes.map((c) => sha256(normaliseRecovery(c))),
    );
  });
  return codes;
}

export async function removeTotp(deps: TAuthDeps, userId: string, meta: TRequestMeta): Promise<void> {
  await repo.deleteTotp(deps.db, userId);
  if ((await repo.listPasskeys(deps.db, userId)).length === 0) await repo.replaceRecoveryCodes(deps.db, userId, []);
  await auditRemoved(deps, userId, meta, 'totp');
}

/** A TOTP code (each step once) or an unused recovery code (then spent). */
export async function verifySecondFactorCode(deps: TAuthDeps, userId: string, code: string): Promise<'totp' | 'recovery' | null> {
  const c = code.trim();
  if (/^\d{6}$/.test(c)) {
    const row = await repo.findTotp(deps.db, userId);
    if (!row?.confirmedAt) return null;
    const step = matchTotp(decryptSecret(sealKey(deps), row.secretSealed), c, deps.now().getTime());
    return step !== null && (await repo.useTotpStep(deps.db, userId, step)) ? 'totp' : null;
  }
  const norm = normaliseRecovery(c);
  if (norm.length !== 10) return null;
  return (await repo.useRecoveryCode(deps.db, userId, sha256(norm), deps.now())) ? 'recovery' : null;
}

// ---- Passkeys ----

export async function passkeyRegistrationOptions(deps: TAuthDeps, user: TUserRow) {
  const { id, name } = rp(deps);
  const existing = await repo.listPasskeys(deps.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: name,
    rpID: id,
    userName: user.email,
    userDisplayName: user.fullName,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((k) => ({ id: k.id, transports: k.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const flowToken = await newFlow(deps, 'webauthn_register', user.id, { challenge: options.challenge });
  return { flowToken, options: options as unknown as Record<string, unknown> };
}

export async function registerPasskey(
  deps: TAuthDeps,
  user: TUserRow,
  sessionId: string,
  input: { flowToken: string; response: unknown; name: string },
  meta: TRequestMeta,
): Promise<void> {
  const flow = await consumeFlow(deps.db, 'webauthn_register', sha256(input.flowToken), deps.now());
  if (!flow || flow.userId !== user.id || typeof flow.data.challenge !== 'string') throw new AppError('PASSKEY_INVALID');
  const { id, origin } = rp(deps);
  let result;
  try {
    result = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: flow.data.challenge,
      expectedOrigin: origin,
      expectedRPID: id,
      requireUserVerification: false,
    });
  } catch {
    throw new AppError('PASSKEY_INVALID');
  }
  if (!result.verified) throw new AppError('PASSKEY_INVALID');
  const cred = result.registrationInfo.credential;
  await enrol(deps, user.id, sessionId, meta, 'passkey', (tx) =>
    repo.insertPasskey(tx, {
      id: cred.id,
      userId: user.id,
      publicKey: Buffer.from(cred.publicKey).toString('base64url'),
      counter: cred.counter,
      transports: cred.transports ?? [],
      name: input.name || ko.accounts.ui.passkeyDefaultName,
    }),
  );
}

export async function removePasskey(deps: TAuthDeps, userId: string, passkeyId: string, meta: TRequestMeta): Promise<void> {
  if (!(await repo.deletePasskey(deps.db, passkeyId, userId))) throw new AppError('PASSKEY_INVALID', undefined, { status: 404 });
  await auditRemoved(deps, userId, meta, 'passkey');
}

/** Options for a passkey assertion: for one user (second step) or any discoverable passkey (passwordless). */
export async function passkeyAuthOptions(deps: TAuthDeps, userId: string | null) {
  const keys = userId ? await repo.listPasskeys(deps.db, userId) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp(deps).id,
    userVerification: 'preferred',
    ...(userId ? { allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports })) } : {}),
  });
  const flowToken = await newFlow(deps, 'webauthn_login', userId, { challenge: options.challenge });
  return { flowToken, options: options as unknown as Record<string, unknown> };
}

/** Verifies an assertion; returns the passkey's user id. `userId`: the assertion must be that user's. */
export async function verifyPasskeyAssertion(deps: TAuthDeps, flowToken: string, response: unknown, userId: string | null): Promise<string> {
  const flow = await consumeFlow(deps.db, 'webauthn_login', sha256(flowToken), deps.now());
  const credId = (response as { id?: unknown } | null)?.id;
  if (!flow || typeof flow.data.challenge !== 'string' || typeof credId !== 'string') throw new AppError('PASSKEY_INVALID');
  if (userId && flow.userId !== userId) throw new AppError('PASSKEY_INVALID');
  const key = await repo.findPasskey(deps.db, credId);
  if (!key || (userId && key.userId !== userId)) throw new AppError('PASSKEY_INVALID');
  const { id, origin } = rp(deps);
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: flow.data.challenge,
      expectedOrigin: origin,
      expectedRPID: id,
      credential: { id: key.id, publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')), counter: key.counter, transports: key.transports },
      requireUserVerification: false,
    });
  } catch {
    throw new AppError('PASSKEY_INVALID');
  }
  if (!result.verified) throw new AppError('PASSKEY_INVALID');
  await repo.touchPasskey(deps.db, key.id, result.authenticationInfo.newCounter, deps.now());
  return key.userId;
}

// ---- The second step of a sign-in ----

/** The first step succeeded for an account with a second factor: no session yet, a short-lived token instead. */
export async function secondFactorChallenge(deps: TAuthDeps, user: TUserRow, provider: string): Promise<TAuthResponse> {
  const totp = await repo.findTotp(deps.db, user.id);
  const keys = await repo.listPasskeys(deps.db, user.id);
  const methods = [...(totp?.confirmedAt ? ['totp', 'recovery'] : []), ...(keys.length ? ['passkey'] : [])];
  if (!totp?.confirmedAt && keys.length && !methods.includes('recovery') && (await repo.recoveryCodesLeft(deps.db, user.id)) > 0) methods.push('recovery');
  const mfaToken = await newFlow(deps, 'mfa_login', user.id, { provider });
  return { success: true, mfaRequired: true, mfaToken, methods, message: ko.accounts.server.secondFactorNeeded };
}

/** The pending sign-in behind an mfaToken (not spent: a wrong code may be retried, 5 times). */
export async function pendingSignIn(deps: TAuthDeps, mfaToken: string): Promise<{ userId: string; provider: string }> {
  await deps.limiter.consume(`mfa:${sha256(mfaToken).slice(0, 32)}`, { max: 5, windowMs: FLOW_TTL_MS });
  const flow = await peekFlow(deps.db, 'mfa_login', sha256(mfaToken), deps.now());
  if (!flow?.userId) throw new AppError('SECOND_FACTOR_EXPIRED');
  return { userId: flow.userId, provider: typeof flow.data.provider === 'string' ? flow.data.provider : 'email' };
}

export async function spendSignIn(deps: TAuthDeps, mfaToken: string): Promise<void> {
  if (!(await consumeFlow(deps.db, 'mfa_login', sha256(mfaToken), deps.now()))) throw new AppError('SECOND_FACTOR_EXPIRED');
}

// ---- Who must have one ----

export const PLATFORM_SCOPE = 'platform';

export async function adminMustUseSecondFactor(deps: TAuthDeps): Promise<boolean> {
  return repo.getPolicy(deps.db, PLATFORM_SCOPE);
}

export async function setPlatformPolicy(deps: TAuthDeps, actorId: string, required: boolean, meta: TRequestMeta): Promise<void> {
  await repo.setPolicy(deps.db, PLATFORM_SCOPE, required, deps.now());
  await writeAudit(deps.db, { action: AUDIT.secondFactorPolicyChanged, actorId, targetType: 'platform', ip: meta.ip, metadata: { required } });
}

export async function seedPolicy(deps: TAuthDeps, userId: string, seedId: string): Promise<boolean> {
  if (!(await deps.seeds.roleInSeed(deps.db, seedId, userId))) throw new AppError('SEED_NOT_FOUND');
  return repo.getPolicy(deps.db, seedId);
}

/** Only the seed's owner sets it; a non-member gets 404 as for a seed that does not exist. */
export async function setSeedPolicy(deps: TAuthDeps, userId: string, seedId: string, required: boolean, meta: TRequestMeta): Promise<void> {
  const role = await deps.seeds.roleInSeed(deps.db, seedId, userId);
  if (!role) throw new AppError('SEED_NOT_FOUND');
  if (role !== 'owner') throw new AppError('SEED_OWNER_ONLY');
  await repo.setPolicy(deps.db, seedId, required, deps.now());
  await writeAudit(deps.db, {
    action: AUDIT.secondFactorPolicyChanged,
    actorId: userId,
    targetType: 'seed',
    targetId: seedId,
    ip: meta.ip,
    metadata: { required },
  });
}
