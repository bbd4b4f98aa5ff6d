/**
 * Security notices (issue 30, decision 051): a sign-in from a new device or network, a second factor added or
 * removed, a password changed or reset. They go through the notification service as urgent, locked events (console
 * and mail always, never held by quiet hours), handed in by buildApp as `deps.notify`: the notification service
 * reads accounts through auth.service.ts, so the account system never imports it (decision 032: no cycles).
 *
 * "New sign-in" rule: a sign-in (password, provider or second step) is new when none of the person's stored sessions
 * (live ones, and ended ones for 30 days until the maintenance sweep removes them) came from the same device —
 * browser and operating system as the session list names them — on the same network (IPv4 /24, IPv6 /64). The very
 * first sign-in of an account (no stored session and never signed in) tells nobody anything new and is not noticed.
 *
 * The action itself has already committed when these run, so a failure to write the notice is logged, not thrown:
 * the person's request succeeded and must say so.
 */
import { ko } from '@suite/shared';
import type { TAuthDeps, TRequestMeta, TSecurityEvent } from './auth.deps.ts';
import { sessionDevices, type TSessionDevice } from './session.repository.ts';
import { describeDevice } from './user.presenter.ts';
import type { TUserRow } from './user.repository.ts';

const n = ko.notifications.notices;
/** Where the person reviews their sessions, second factors and password. */
const SETTINGS_LINK = '/settings';

/** 'YYYY-MM-DD HH:MM' in Asia/Seoul (UTC+9, no daylight saving). */
function seoulTime(d: Date): string {
  const l = new Date(d.getTime() + 9 * 3_600_000).toISOString();
  return `${l.slice(0, 10)} ${l.slice(11, 16)}`;
}

/** The network of an address: IPv4 /24 (also IPv4-mapped IPv6), IPv6 /64; anything else as written. */
export function networkOf(ip: string): string {
  const v4 = ip.replace(/^::ffff:/i, '').match(/^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/);
  if (v4) return v4[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t] : h;
  return groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':');
}

async function send(deps: TAuthDeps, event: TSecurityEvent, userId: string, title: string, body: string, dedupeKey: string): Promise<void> {
  try {
    await deps.notify(event, { userId, title, body, link: SETTINGS_LINK, dedupeKey });
  } catch (err) {
    deps.log.error({ err, event }, 'auth: security notice failed');
  }
}

/**
 * Whether a sign-in is new for the person (rule above), judged from their newest earlier sessions: `false` when one
 * of them is the same device on the same network, or the account has none and never signed in; `true` when none is
 * and `all` says these are every stored session there is to look at; otherwise `undefined` (an older one may match).
 */
export function isNewSignIn(user: TUserRow, meta: TRequestMeta, earlier: readonly TSessionDevice[], all: boolean): boolean | undefined {
  const device = describeDevice(meta.userAgent);
  const network = networkOf(meta.ip);
  if (earlier.some((s) => describeDevice(s.userAgent) === device && networkOf(s.ip) === network)) return false;
  if (!all) return undefined;
  return earlier.length > 0 || Boolean(user.lastLoginAt);
}

/**
 * After a sign-in's session is stored: a notice when the device and network are new for the person (rule above).
 * `fresh`: the verdict the sign-in already reached from its newest sessions (isNewSignIn); when it could not, this
 * reads the person's newest 200 sessions first.
 */
export async function noticeSignIn(deps: TAuthDeps, user: TUserRow, sessionId: string, meta: TRequestMeta, fresh?: boolean): Promise<void> {
  const isNew = fresh ?? isNewSignIn(user, meta, await sessionDevices(deps.db, user.id, sessionId), true);
  if (!isNew) return;
  const body = n.securityNewSignInBody(describeDevice(meta.userAgent), meta.ip, seoulTime(deps.now()));
  await send(deps, 'security.new-sign-in', user.id, n.securityNewSignInTitle, body, `security-sign-in:${sessionId}`);
}

export async function noticeSecondFactor(deps: TAuthDeps, userId: string, kind: 'totp' | 'passkey', added: boolean): Promise<void> {
  const now = deps.now();
  const body = n.securitySecondFactorBody(n.securitySecondFactorKinds[kind], added, seoulTime(now));
  const key = `security-second-factor:${userId}:${kind}:${added ? 'added' : 'removed'}:${now.getTime()}`;
  await send(deps, 'security.second-factor-changed', userId, n.securitySecondFactorTitle(added), body, key);
}

export async function noticePassword(deps: TAuthDeps, userId: string, reset: boolean): Promise<void> {
  const now = deps.now();
  const key = `security-password:${userId}:${now.getTime()}`;
  await send(deps, 'security.password-changed', userId, n.securityPasswordTitle, n.securityPasswordBody(seoulTime(now), reset), key);
}
