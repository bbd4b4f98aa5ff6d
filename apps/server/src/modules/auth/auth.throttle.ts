/**
 * The account system's throttling rules (issue 3), counted in TSharedState so every instance agrees:
 * - login (unknown devices): 5 failures per account–IP pair within 15 min lock that pair for 15 min; 100 failures per
 *   account per hour; 30 failures per IP across accounts per 15 min (issue 11);
 * - login (a browser holding a valid device cookie for the account): only its own 10 failures per 15 min;
 * - sign-up and forgot-password (with resend-confirmation): 30 requests per 5 min per IP, each;
 * - refresh: 150 per 5 min per IP;
 * - mail to one address: at most once a minute and 5 an hour;
 * - the second step (issue 27 item 4), across sign-ins: 10 wrong codes per account per hour lock the account's code
 *   step for 15 min, doubling with each lock within a day (up to 24 h), and 30 wrong codes per IP per 15 min lock
 *   that IP; while locked even the right code is refused. A password reset lifts the account's lock.
 * - when 100 failures per hour lock an account for unknown devices (issue 27 item 16), the owner is mailed once an
 *   unlock link that makes the browser opening it a trusted device (login-unlock.service.ts).
 */
import { ko } from '@suite/shared';
import { sha256 } from '../../lib/tokens.ts';
import { routeLimit, tooMany, type TRateLimiter } from '../../plugins/rate-limit.ts';

const MIN = 60_000;
export const LIMITS = {
  loginPair: { max: 5, windowMs: 15 * MIN },
  loginLockMs: 15 * MIN,
  loginAccount: { max: 100, windowMs: 60 * MIN },
  /** Failed logins from one IP across all accounts (password spraying), unknown devices only. */
  loginIp: { max: 30, windowMs: 15 * MIN },
  /** Failed logins from one known device (valid device cookie) for its account. */
  loginDevice: { max: 10, windowMs: 15 * MIN },
  signupIp: { max: 30, windowMs: 5 * MIN },
  recoveryIp: { max: 30, windowMs: 5 * MIN },
  refreshIp: { max: 150, windowMs: 5 * MIN },
  /** Wrong second-step codes per account across sign-ins, and per IP across accounts. */
  secondStepAccount: { max: 10, windowMs: 60 * MIN },
  secondStepIp: { max: 30, windowMs: 15 * MIN },
  /** The first lock of the code step; each further lock within `secondStepLevelMs` doubles it, up to a day. */
  secondStepLockMs: 15 * MIN,
  secondStepLockMaxMs: 24 * 60 * MIN,
  secondStepLevelMs: 24 * 60 * MIN,
  mailMinute: { max: 1, windowMs: MIN },
  mailHour: { max: 5, windowMs: 60 * MIN },
} as const;

/** The mailed-token routes (confirm email, reset password, unlock login, link an identity): one budget per address across them. */
export const TOKEN_ROUTES_LIMIT = routeLimit((r) => `token:ip:${r.ip}`, LIMITS.recoveryIp);

/** Emails are hashed in counter keys: no addresses in Redis. */
const acct = (email: string) => sha256(email).slice(0, 32);

function lockedError(resetMs: number) {
  return tooMany('LOGIN_LOCKED', resetMs, ko.auth.server.loginLockedFor(Math.max(1, Math.ceil(resetMs / MIN))));
}

function ipLockedError(resetMs: number) {
  return tooMany('LOGIN_LOCKED', resetMs, ko.security.loginIpLimited(Math.max(1, Math.ceil(resetMs / MIN))));
}

/**
 * Who is trying: `device` is the id from a valid device cookie for this account (see auth.device.ts). A known
 * device is held only to its own limit; the per-account, account–IP and per-IP locks apply to unknown devices,
 * so a stranger who triggers them cannot lock the owner's browsers out.
 */
export type TLoginSource = { ip: string; device?: string | undefined };

export async function assertLoginAllowed(limiter: TRateLimiter, email: string, source: TLoginSource | string): Promise<void> {
  const { ip, device } = typeof source === 'string' ? { ip: source, device: undefined } : source;
  const a = acct(email);
  if (device) {
    const lock = await limiter.state.peek(`rl:login-dev-lock:${device}`);
    if (lock.count > 0) throw lockedError(lock.resetMs);
    return;
  }
  const [lock, account, ipFails] = await Promise.all([
    limiter.state.peek(`rl:login-lock:${a}:${ip}`),
    limiter.state.peek(`rl:login-acct:${a}`),
    limiter.state.peek(`rl:login-ip:${ip}`),
  ]);
  if (lock.count > 0) throw lockedError(lock.resetMs);
  if (account.count >= LIMITS.loginAccount.max) throw accountLockedError(account.resetMs);
  if (ipFails.count >= LIMITS.loginIp.max) throw ipLockedError(ipFails.resetMs);
}

/** Counts a failed login; throws 429 when this failure reaches a limit (the pair or device is then locked for 15 min). */
export async function recordLoginFailure(limiter: TRateLimiter, email: string, source: TLoginSource | string, onAccountLocked?: () => void): Promise<void> {
  const { ip, device } = typeof source === 'string' ? { ip: source, device: undefined } : source;
  const a = acct(email);
  if (device) {
    const d = await limiter.count(`login-dev:${device}`, LIMITS.loginDevice.windowMs);
    if (d.count >= LIMITS.loginDevice.max) {
      await limiter.state.claim(`rl:login-dev-lock:${device}`, LIMITS.loginLockMs);
      await limiter.reset(`login-dev:${device}`);
      throw lockedError(LIMITS.loginLockMs);
    }
    return;
  }
  const [pair, account, ipFails] = await Promise.all([
    limiter.count(`login-pair:${a}:${ip}`, LIMITS.loginPair.windowMs),
    limiter.count(`login-acct:${a}`, LIMITS.loginAccount.windowMs),
    limiter.count(`login-ip:${ip}`, LIMITS.loginIp.windowMs),
  ]);
  // The failure that starts the account lock (counted atomically: once per window across instances) mails the owner.
  if (account.count === LIMITS.loginAccount.max) onAccountLocked?.();
  if (pair.count >= LIMITS.loginPair.max) {
    await limiter.state.claim(`rl:login-lock:${a}:${ip}`, LIMITS.loginLockMs);
    await limiter.reset(`login-pair:${a}:${ip}`);
    throw lockedError(LIMITS.loginLockMs);
  }
  if (account.count >= LIMITS.loginAccount.max) throw accountLockedError(account.resetMs);
  if (ipFails.count >= LIMITS.loginIp.max) throw ipLockedError(ipFails.resetMs);
}

/** The per-account lock of unknown devices: its message points to the unlock link mailed to the account's address. */
function accountLockedError(resetMs: number) {
  return tooMany('LOGIN_LOCKED', resetMs, ko.security.loginLockedWithMail(Math.max(1, Math.ceil(resetMs / MIN))));
}

export async function recordLoginSuccess(limiter: TRateLimiter, email: string, source: TLoginSource | string): Promise<void> {
  const { ip, device } = typeof source === 'string' ? { ip: source, device: undefined } : source;
  await Promise.all([limiter.reset(`login-pair:${acct(email)}:${ip}`), device ? limiter.reset(`login-dev:${device}`) : undefined]);
}

/**
 * Reserves one mail to `email`. `strict`: throw 429 when over the limit (counted for any address, so it tells
 * nothing about accounts); otherwise return false and the caller silently skips the mail.
 */
export async function reserveMail(limiter: TRateLimiter, email: string, strict: boolean): Promise<boolean> {
  const a = acct(email);
  const [minute, hour] = await Promise.all([limiter.state.peek(`rl:mail-min:${a}`), limiter.state.peek(`rl:mail-hour:${a}`)]);
  const blocked = minute.count >= LIMITS.mailMinute.max ? minute.resetMs : hour.count >= LIMITS.mailHour.max ? hour.resetMs : 0;
  if (blocked) {
    if (strict) throw tooMany('MAIL_THROTTLED', blocked);
    return false;
  }
  await Promise.all([limiter.count(`mail-min:${a}`, LIMITS.mailMinute.windowMs), limiter.count(`mail-hour:${a}`, LIMITS.mailHour.windowMs)]);
  return true;
}

/** Clears the mail limit for one address (the end-to-end suite's test hook only: test-hooks.routes.ts). */
export async function resetMailThrottle(limiter: TRateLimiter, email: string): Promise<void> {
  const a = acct(email);
  await Promise.all([limiter.reset(`mail-min:${a}`), limiter.reset(`mail-hour:${a}`)]);
}

// ---- The second step of a sign-in (issue 27 item 4) ----

const secondStepLockedError = (resetMs: number) =>
  tooMany('SECOND_FACTOR_LOCKED', resetMs, ko.security.secondStepLocked(Math.max(1, Math.ceil(resetMs / MIN))));

/** Throws 429 while the account's code step or this IP's is locked: the right code is refused too. */
export async function assertSecondStepAllowed(limiter: TRateLimiter, userId: string, ip: string): Promise<void> {
  const [lock, ipFails] = await Promise.all([limiter.state.peek(`rl:mfa-lock:${userId}`), limiter.state.peek(`rl:mfa-ip:${ip}`)]);
  if (lock.count > 0) throw secondStepLockedError(lock.resetMs);
  if (ipFails.count >= LIMITS.secondStepIp.max) throw secondStepIpLimitedError(ipFails.resetMs);
}

const secondStepIpLimitedError = (resetMs: number) =>
  tooMany('SECOND_FACTOR_LOCKED', resetMs, ko.security.secondStepIpLimited(Math.max(1, Math.ceil(resetMs / MIN))));

/** A code attempt counted before its code is checked (see beginSecondStepAttempt). */
export type TSecondStepAttempt = { userId: string; ip: string; account: number; onLocked?: ((lockMs: number) => void) | undefined };

/**
 * Counts a code attempt BEFORE the code is checked, atomically in the shared state. Counting only after a wrong
 * answer let parallel requests all pass a check made before any of them was counted (31 codes tried against a cap
 * of 10 on PostgreSQL and Redis); now every attempt takes a number first, and the ones past the account's or the
 * IP's cap are refused without being checked. A right code gives its number back (secondStepSucceeded).
 */
export async function beginSecondStepAttempt(
  limiter: TRateLimiter,
  userId: string,
  ip: string,
  onLocked?: (lockMs: number) => void,
): Promise<TSecondStepAttempt> {
  await assertSecondStepAllowed(limiter, userId, ip);
  const [account, ipCount] = await Promise.all([
    limiter.count(`mfa-acct:${userId}`, LIMITS.secondStepAccount.windowMs),
    limiter.count(`mfa-ip:${ip}`, LIMITS.secondStepIp.windowMs),
  ]);
  if (account.count > LIMITS.secondStepAccount.max) await lockSecondStep(limiter, userId, onLocked);
  if (ipCount.count > LIMITS.secondStepIp.max) throw secondStepIpLimitedError(ipCount.resetMs);
  // A lock claimed since the check above restarted the account's count (it is claimed before the count is reset):
  // an attempt counted after that restart must still see the lock.
  const lock = await limiter.state.peek(`rl:mfa-lock:${userId}`);
  if (lock.count > 0) throw secondStepLockedError(lock.resetMs);
  return { userId, ip, account: account.count, onLocked };
}

/**
 * A wrong code. When its attempt reached the account's limit the code step is locked (15 min, doubling per lock
 * within a day) and `onLocked(ms)` runs once, on the request whose claim started the lock; then 429 is thrown.
 */
export async function secondStepFailed(limiter: TRateLimiter, attempt: TSecondStepAttempt): Promise<void> {
  if (attempt.account >= LIMITS.secondStepAccount.max) await lockSecondStep(limiter, attempt.userId, attempt.onLocked);
}

/** A right code: the account's count starts again and the attempt is not held against the IP. */
export async function secondStepSucceeded(limiter: TRateLimiter, attempt: TSecondStepAttempt): Promise<void> {
  await Promise.all([limiter.reset(`mfa-acct:${attempt.userId}`), limiter.state.hit(`rl:mfa-ip:${attempt.ip}`, LIMITS.secondStepIp.windowMs, -1)]);
}

/** Starts the account's code-step lock (once, whoever claims it) or reports the running one; always throws 429. */
async function lockSecondStep(limiter: TRateLimiter, userId: string, onLocked?: (lockMs: number) => void): Promise<never> {
  const level = (await limiter.state.peek(`rl:mfa-level:${userId}`)).count + 1;
  const lockMs = Math.min(LIMITS.secondStepLockMs * 2 ** Math.min(level - 1, 10), LIMITS.secondStepLockMaxMs);
  if (await limiter.state.claim(`rl:mfa-lock:${userId}`, lockMs)) {
    await Promise.all([limiter.count(`mfa-level:${userId}`, LIMITS.secondStepLevelMs), limiter.reset(`mfa-acct:${userId}`)]);
    onLocked?.(lockMs);
    throw secondStepLockedError(lockMs);
  }
  const running = await limiter.state.peek(`rl:mfa-lock:${userId}`);
  throw secondStepLockedError(running.resetMs || lockMs);
}

/** A password reset proves the mailbox and shuts out whoever knew the old password: the code step unlocks. */
export async function liftSecondStepLock(limiter: TRateLimiter, userId: string): Promise<void> {
  await Promise.all([limiter.reset(`mfa-lock:${userId}`), limiter.reset(`mfa-acct:${userId}`), limiter.reset(`mfa-level:${userId}`)]);
}
