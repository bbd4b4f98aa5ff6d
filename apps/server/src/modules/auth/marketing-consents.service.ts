/**
 * The optional advertising consents (issue 32): marketing by mail and, separately, night-time advertising
 * (정보통신망법 제50조: 21:00–08:00 needs its own consent). Each change is its own consents row; users.marketing_consent
 * follows 'marketing'; withdrawing marketing withdraws the night-time consent; night-time needs marketing. The person
 * is told the result of every change by mail (제50조 ⑦), after the commit. GET/PATCH /api/me/consents (privacy) and
 * the profile PATCH /api/me both go through here, so the two never disagree.
 */
import { ko, TERMS_VERSION } from '@suite/shared';
import type { TMail } from '../../adapters/mailer.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TTx } from '../../db/client.ts';
import type { TAuthDeps, TRequestMeta } from './auth.deps.ts';
import { latestConsent, listConsents, lockMarketing, type TConsentRow } from './consents.repository.ts';
import { deliver } from './recovery.service.ts';
import { findUserById, recordConsents, updateUser, type TConsentKind, type TUserRow } from './user.repository.ts';

export type TMarketingChange = { marketing?: boolean | undefined; marketingNight?: boolean | undefined };
export type TConsentChange = { kind: 'marketing' | 'marketing_night'; granted: boolean };
export type { TConsentRow } from './consents.repository.ts';

const c = ko.privacy.consents;

/** Every consent row of the person, newest first. */
export async function consentHistory(deps: Pick<TAuthDeps, 'db'>, userId: string): Promise<TConsentRow[]> {
  return listConsents(deps.db, userId);
}

/**
 * Applies a change inside the caller's transaction: locks the account row, decides, writes a row per changed kind and
 * the users flag. Returns the account as it now is (undefined when it is gone) and what changed.
 */
export async function applyMarketingChange(
  tx: TTx,
  userId: string,
  change: TMarketingChange,
  ip: string,
  at: Date,
): Promise<{ user: TUserRow | undefined; changed: TConsentChange[] }> {
  const locked = await lockMarketing(tx, userId);
  if (!locked) return { user: undefined, changed: [] };
  const night = (await latestConsent(tx, userId, 'marketing_night'))?.granted ?? false;
  const marketing = change.marketing ?? locked.marketingConsent;
  if (!marketing && change.marketingNight === true) throw new AppError('PRIVACY_NIGHT_NEEDS_MARKETING');
  const nextNight = marketing ? (change.marketingNight ?? night) : false;
  const changed: TConsentChange[] = [];
  if (marketing !== locked.marketingConsent) changed.push({ kind: 'marketing', granted: marketing });
  if (nextNight !== night) changed.push({ kind: 'marketing_night', granted: nextNight });
  const items = changed.map((x) => ({ kind: x.kind as TConsentKind, granted: x.granted }));
  await recordConsents(tx, userId, items, TERMS_VERSION, ip);
  const user = marketing !== locked.marketingConsent ? await updateUser(tx, userId, { marketingConsent: marketing }, at) : await findUserById(tx, userId);
  return { user, changed };
}

/** PATCH /api/me/consents: one transaction, then the mail. */
export async function changeMarketingConsents(deps: TAuthDeps, userId: string, change: TMarketingChange, meta: TRequestMeta): Promise<TConsentChange[]> {
  const at = deps.now();
  const done = await deps.db.transaction((tx) => applyMarketingChange(tx, userId, change, meta.ip, at));
  if (!done.user) throw new AppError('SESSION_REVOKED');
  await mailConsentChange(deps, done.user, done.changed, at);
  return done.changed;
}

/** Tells the person what changed, when and by whom (nothing when nothing changed). */
export async function mailConsentChange(deps: TAuthDeps, user: Pick<TUserRow, 'email' | 'fullName'>, changed: TConsentChange[], at: Date): Promise<void> {
  if (!changed.length) return;
  await deliver(deps, consentChangeMail(deps, user, changed, at));
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
const kst = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'medium' });

function consentChangeMail(deps: TAuthDeps, user: Pick<TUserRow, 'email' | 'fullName'>, changed: TConsentChange[], at: Date): TMail {
  const operator = deps.config.company.name ?? new URL(deps.config.appUrl).host;
  const url = `${deps.config.appUrl}/settings/privacy`;
  const lines = changed.map((x) => c.mailLine(c.kinds[x.kind === 'marketing' ? 'marketing' : 'marketingNight'] ?? x.kind, x.granted ? c.granted : c.withdrawn));
  const body = [c.mailIntro, '', ...lines, '', c.mailWhen(kst.format(at)), c.mailWho(operator), '', c.mailHow];
  const text = [ko.auth.mail.greeting(user.fullName), '', ...body, '', `${c.mailLink}: ${url}`].join('\n');
  const html =
    `<p>${escape(ko.auth.mail.greeting(user.fullName))}</p>` +
    body.map((l) => (l ? `<p>${escape(l)}</p>` : '')).join('') +
    `<p><a href="${escape(url)}">${escape(c.mailLink)}</a></p>`;
  return { to: user.email, subject: c.mailSubject(operator), text, html, links: [url] };
}
