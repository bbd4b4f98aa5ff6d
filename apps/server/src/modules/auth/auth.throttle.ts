/**
 * The account system's throttling rules (issue 3), counted in TSharedState so every instance agrees:
 * - login: 5 failures per account–IP pair within 15 min lock that pair for 15 min; 100 failures per account per hour;
 * - sign-up and forgot-password (with resend-confirmation): 30 requests per 5 min per IP, each;
 * - refresh: 150 per 5 min per IP;
 * - mail to one address: at most once a minute and 5 an hour.
 */
import { ko } from '@suite/shared';
import { sha256 } from '../../lib/tokens.ts';
import { tooMany, type TRateLimiter } from '../../plugins/rate-limit.ts';

const MIN = 60_000;
export const LIMITS = {
  loginPair: { max: 5, windowMs: 15 * MIN },
  loginLockMs: 15 * MIN,
  loginAccount: { max: 100, windowMs: 60 * MIN },
  signupIp: { max: 30, windowMs: 5 * MIN },
  recoveryIp: { max: 30, windowMs: 5 * MIN },
  refreshIp: { max: 150, windowMs: 5 * MIN },
  mailMinute: { max: 1, windowMs: MIN },
  mailHour: { max: 5, windowMs: 60 * MIN },
} as const;

/** Emails are hashed in counter keys: no addresses in Redis. */
const acct = (email: string) => sha256(email).slice(0, 32);

function lockedError(resetMs: number) {
  return tooMany('LOGIN_LOCKED', resetMs, ko.auth.server.loginLockedFor(Math.max(1, Math.ceil(resetMs / MIN))));
}

export async function assertLoginAllowed(limiter: TRateLimiter, email: string, ip: string): Promise<void> {
  const a = acct(email);
  const [lock, account] = await Promise.all([
    limiter.state.peek(`rl:login-lock:${a}:${ip}`),
    limiter.state.peek(`rl:login-acct:${a}`),
  ]);
  if (lock.count > 0) throw lockedError(lock.resetMs);
  if (account.count >= LIMITS.loginAccount.max) throw lockedError(account.resetMs);
}

/** Counts a failed login; throws 429 when this failure reaches a limit (the pair is then locked for 15 min). */
export async function recordLoginFailure(limiter: TRateLimiter, email: string, ip: string): Promise<void> {
  const a = acct(email);
  const [pair, account] = await Promise.all([
    limiter.count(`login-pair:${a}:${ip}`, LIMITS.loginPair.windowMs),
    limiter.count(`login-acct:${a}`, LIMITS.loginAccount.windowMs),
  ]);
  if (pair.count >= LIMITS.loginPair.max) {
    await limiter.state.claim(`rl:login-lock:${a}:${ip}`, LIMITS.loginLockMs);
    await limiter.reset(`login-pair:${a}:${ip}`);
    throw lockedError(LIMITS.loginLockMs);
  }
  if (account.count >= LIMITS.loginAccount.max) throw lockedError(account.resetMs);
}

export async function recordLoginSuccess(limiter: TRateLimiter, email: string, ip: string): Promise<void> {
  await limiter.reset(`login-pair:${acct(email)}:${ip}`);
}

/**
 * Reserves one mail to `email`. `strict`: throw 429 when over the limit (counted for any address, so it tells
 * nothing about accounts); otherwise return false and the caller silently skips the mail.
 */
export async function reserveMail(limiter: TRateLimiter, email: string, strict: boolean): Promise<boolean> {
  const a = acct(email);
  const [minute, hour] = await Promise.all([
    limiter.state.peek(`rl:mail-min:${a}`),
    limiter.state.peek(`rl:mail-hour:${a}`),
  ]);
  const blocked =
    minute.count >= LIMITS.mailMinute.max ? minute.resetMs : hour.count >= LIMITS.mailHour.max ? hour.resetMs : 0;
  if (blocked) {
    if (strict) throw tooMany('MAIL_THROTTLED', blocked);
    return false;
  }
  await Promise.all([limiter.count(`mail-min:${a}`, LIMITS.mailMinute.windowMs), limiter.count(`mail-hour:${a}`, LIMITS.mailHour.windowMs)]);
  return true;
}
