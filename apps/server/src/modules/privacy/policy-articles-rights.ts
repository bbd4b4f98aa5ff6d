/**
 * The generated privacy policy's articles on rights, browser storage, safety, the officer, remedies and changes
 * (policy-articles.ts has those from the data map and the recipients).
 */
import { ko, type TPolicyArticle } from '@suite/shared';
import { article, articleNumber, columnsWhere, grouped, type TPolicySources } from './policy-articles.ts';
import { BROWSER_STORAGE } from './policy-browser-storage.ts';
import type { TPolicyVersion } from './policy-versions.ts';

const t = ko.privacy.policy;

export const rights = () =>
  article('rights', {
    paragraphs: [t.rights.lead],
    items: [
      t.rights.export,
      t.rights.correct,
      t.rights.consent,
      t.rights.delete,
      t.rights.recipients,
      t.rights.request(articleNumber('officer')),
      t.rights.seeds,
    ],
  });

export const children = () => article('children', { paragraphs: [t.children] });

export const devices = () =>
  article('devices', {
    paragraphs: [t.devicesLead],
    tables: [{ columns: [...t.devicesColumns], rows: BROWSER_STORAGE.map((b) => [t.devicesWhere[b.where]!, b.name, b.purpose, b.lifetime]) }],
    after: [t.devicesRefuse],
  });

export function safety(s: TPolicySources): TPolicyArticle {
  const systemOnly = columnsWhere(s.map, (v) => v.readers.length > 0 && v.readers.every((r) => r === 'system'));
  const log = s.map.find((e) => e.table === 'privacy_access_log')?.retention;
  const logPeriod = log?.kind === 'law' ? t.retentionYears(log.years) : log?.kind === 'days' ? t.retentionDays(log.days) : null;
  const x = t.safety;
  return article('safety', {
    paragraphs: [t.safetyLead],
    items: [
      x.passwords,
      x.secrets,
      x.transport,
      x.login,
      x.readers,
      ...(systemOnly.length ? [x.systemOnly(grouped(systemOnly))] : []),
      ...(logPeriod ? [x.accessLog(logPeriod)] : []),
      x.physical,
    ],
  });
}

export function officer(s: TPolicySources): TPolicyArticle {
  const { name, email } = s.parties.officer;
  const items = [
    ...(name ? [t.officerName(name)] : []),
    ...(email ? [t.officerEmail(email)] : []),
    ...(s.parties.company.phone ? [t.officerPhone(s.parties.company.phone)] : []),
  ];
  return article('officer', { paragraphs: [t.officerLead], items, after: name && email ? [] : [t.officerUnset] });
}

export const remedies = () => article('remedies', { paragraphs: [t.remediesLead], items: [...t.remedies] });

export const changes = (history: readonly TPolicyVersion[]) =>
  article('changes', { paragraphs: [t.changesLead], items: history.map((v) => t.version(v.version, t.date(v.effective), v.summary)) });
