/** The Korean mail that an export is ready: the settings page and the direct download link (valid until expiry). */
import { ko } from '@suite/shared';
import type { TMail } from '../../adapters/mailer.ts';

const m = ko.privacy.export;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const seoulTime = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'short' });

/** `settingsUrl`: the person's privacy page (self-service exports); null for a seed owner's export of a customer. */
export function exportMail(to: string, name: string, expiresAt: Date, settingsUrl: string | null, downloadUrl: string): TMail {
  const body = m.mailBody(`${seoulTime.format(expiresAt)} (한국 시간)`);
  const links = [{ label: m.mailDownload, url: downloadUrl }, ...(settingsUrl ? [{ label: m.mailSettings, url: settingsUrl }] : [])];
  const text = [m.mailGreeting(name), '', body, '', ...links.map((l) => `${l.label}: ${l.url}`), '', m.mailFooter].join('\n');
  const html =
    `<p>${escape(m.mailGreeting(name))}</p><p>${escape(body)}</p>` +
    links.map((l) => `<p><a href="${escape(l.url)}">${escape(l.label)}</a><br><small>${escape(l.url)}</small></p>`).join('') +
    `<p><small>${escape(m.mailFooter)}</small></p>`;
  return { to, subject: m.mailSubject, text, html, links: links.map((l) => l.url) };
}
