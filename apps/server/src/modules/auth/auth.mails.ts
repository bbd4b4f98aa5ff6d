import { ko } from '@suite/shared';
import type { TMail } from '../../adapters/mailer.ts';

const m = ko.auth.mail;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function compose(to: string, subject: string, name: string, body: string, links: { label: string; url: string }[]): TMail {
  const text = [m.greeting(name), '', body, '', ...links.map((l) => `${l.label}: ${l.url}`), '', m.ignore, m.footer].join('\n');
  const html =
    `<p>${escape(m.greeting(name))}</p><p>${escape(body)}</p>` +
    links.map((l) => `<p><a href="${escape(l.url)}">${escape(l.label)}</a><br><small>${escape(l.url)}</small></p>`).join('') +
    `<p><small>${escape(m.ignore)}<br>${escape(m.footer)}</small></p>`;
  return { to, subject, text, html, links: links.map((l) => l.url) };
}

export function confirmMail(appUrl: string, to: string, name: string, token: string): TMail {
  const url = `${appUrl}/auth/confirm?token=${encodeURIComponent(token)}`;
  return compose(to, m.confirmSubject, name, m.confirmBody, [{ label: '이메일 인증하기', url }]);
}

export function resetMail(appUrl: string, to: string, name: string, token: string): TMail {
  const url = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return compose(to, m.resetSubject, name, m.resetBody, [{ label: m.resetLink, url }]);
}

/** Sent to the owner when someone signs up again with an address that already has an account. */
export function existingAccountMail(appUrl: string, to: string, name: string): TMail {
  return compose(to, m.existingSubject, name, m.existingBody, [
    { label: m.loginLink, url: `${appUrl}/login` },
    { label: m.resetLink, url: `${appUrl}/forgot-password` },
  ]);
}

/** Asks the owner to confirm linking an outside account (the link carries a single-use token). */
export function linkIdentityMail(appUrl: string, to: string, name: string, provider: string, extEmail: string, token: string): TMail {
  const a = ko.accounts.mail;
  const url = `${appUrl}/auth/link?token=${encodeURIComponent(token)}`;
  return compose(to, a.linkSubject, name, a.linkBody(provider, extEmail), [{ label: a.linkButton, url }]);
}

/** Tells the owner an outside account was linked. */
export function identityLinkedMail(appUrl: string, to: string, name: string, provider: string, extEmail: string): TMail {
  const a = ko.accounts.mail;
  return compose(to, a.linkedSubject, name, a.linkedBody(provider, extEmail), [{ label: a.settingsLink, url: `${appUrl}/settings` }]);
}

/** Kakao/Naver sign-up without a verified email: the address the user gave is confirmed by this link first. */
export function providerEmailMail(appUrl: string, to: string, name: string, provider: string, token: string): TMail {
  const a = ko.accounts.mail;
  const url = `${appUrl}/auth/provider-email?token=${encodeURIComponent(token)}`;
  return compose(to, a.providerEmailSubject, name, a.providerEmailBody(provider), [{ label: a.providerEmailButton, url }]);
}

/** Tells the owner, once per lock, that wrong second-step codes locked the code step (issue 27 item 4). */
export function secondStepLockMail(appUrl: string, to: string, name: string, minutes: number): TMail {
  const s = ko.security;
  return compose(to, s.secondStepLockSubject, name, s.secondStepLockBody(minutes), [{ label: m.resetLink, url: `${appUrl}/forgot-password` }]);
}

/** The owner's single-use link that lifts the sign-in lock strangers caused, for the browser that opens it (item 16). */
export function loginUnlockMail(appUrl: string, to: string, name: string, token: string, minutes: number): TMail {
  const s = ko.security;
  const url = `${appUrl}/auth/unlock?token=${encodeURIComponent(token)}`;
  return compose(to, s.loginUnlockSubject, name, s.loginUnlockBody(minutes), [{ label: s.loginUnlockButton, url }]);
}
