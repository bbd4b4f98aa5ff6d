/** The Korean mail that an export is ready: the direct download link (valid until expiry) and the page it belongs to. */
import { ko } from '@suite/shared';
import type { TMail } from '../../adapters/mailer.ts';

const m = ko.privacy.export;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const seoulTime = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'short' });

/** Where the mail leads besides the file: the person's privacy page, or a seed owner's page of customers' requests. */
const PAGES = {
  own: { path: '/settings/privacy', label: m.mailSettings, subject: m.mailSubject },
  seedRequest: { path: '/admin/seeds/privacy', label: m.mailRequests, subject: m.mailRequestSubject },
} as const;

/** `downloadPath`: the capability link's path (export.service.ts downloadPath); `appUrl` goes in front of both links. */
export function exportMail(to: string, name: string, expiresAt: Date, kind: keyof typeof PAGES, appUrl: string, downloadPath: string): TMail {
  const page = PAGES[kind];
  const body = m.mailBody(`${seoulTime.format(expiresAt)} (한국 시간)`);
  const links = [
    { label: m.mailDownload, url: `${appUrl}${downloadPath}` },
    { label: page.label, url: `${appUrl}${page.path}` },
  ];
  const text = [m.mailGreeting(name), '', body, '', ...links.map((l) => `${l.label}: ${l.url}`), '', m.mailFooter].join('\n');
  const html =
    `<p>${escape(m.mailGreeting(name))}</p><p>${escape(body)}</p>` +
    links.map((l) => `<p><a href="${escape(l.url)}">${escape(l.label)}</a><br><small>${escape(l.url)}</small></p>`).join('') +
    `<p><small>${escape(m.mailFooter)}</small></p>`;
  return { to, subject: page.subject, text, html, links: links.map((l) => l.url) };
}
