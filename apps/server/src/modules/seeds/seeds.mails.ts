import { ko } from '@suite/shared';
import type { TMail } from '../../adapters/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A plain-text and HTML mail with one link, in the account mails' layout (greeting, body, link, footer). */
export function composeLinkMail(to: string, subject: string, greetingName: string, body: string, link: { label: string; url: string }): TMail {
  const m = ko.auth.mail;
  const text = [m.greeting(greetingName), '', body, '', `${link.label}: ${link.url}`, '', m.ignore, m.footer].join('\n');
  const html =
    `<p>${escape(m.greeting(greetingName))}</p><p>${escape(body)}</p>` +
    `<p><a href="${escape(link.url)}">${escape(link.label)}</a><br><small>${escape(link.url)}</small></p>` +
    `<p><small>${escape(m.ignore)}<br>${escape(m.footer)}</small></p>`;
  return { to, subject, text, html, links: [link.url] };
}

export function seedInviteMail(appUrl: string, to: string, inviter: string, seedName: string, token: string): TMail {
  const c = ko.console.mail;
  const url = `${appUrl}/invite/seed?token=${encodeURIComponent(token)}`;
  return composeLinkMail(to, c.seedInviteSubject(seedName), to, c.seedInviteBody(inviter, seedName), { label: c.seedInviteLink, url });
}
