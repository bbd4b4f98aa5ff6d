/**
 * The articles of the generated privacy policy that come from the data map and the recipients (policy.ts assembles
 * them; policy-articles-rights.ts has the rest): each a pure function of its sources and the parties.
 */
import { ko, type TPolicyArticle } from '@suite/shared';
import type { TPersonalCategory, TPurpose, TRetention, TTableMap } from './data-map.types.ts';
import type { TRecipient } from './recipients.ts';

const t = ko.privacy.policy;

export type TPolicyParties = {
  company: { name?: string | undefined; phone?: string | undefined };
  officer: { name: string | undefined; email: string | undefined };
  /** Whether a recipient is configured on this server; null: the neutral text (every one "설정된 경우에만 이용"). */
  inUse: ((r: TRecipient) => boolean) | null;
};

export type TPolicySources = { map: readonly TTableMap[]; recipients: readonly TRecipient[]; parties: TPolicyParties };

/** The articles in order; their numbers (제n조) follow from it. */
export const ARTICLE_IDS = [
  'purposes',
  'items',
  'retention',
  'thirdParty',
  'processors',
  'abroad',
  'destruction',
  'rights',
  'children',
  'devices',
  'safety',
  'officer',
  'remedies',
  'changes',
] as const;
export type TArticleId = (typeof ARTICLE_IDS)[number];

const PURPOSES: readonly TPurpose[] = ['account', 'security', 'service', 'billing', 'support', 'marketing', 'legal'];
const CATEGORIES: readonly TPersonalCategory[] = ['identity', 'contact', 'credential', 'profile', 'content', 'usage', 'access_log', 'payment', 'consent'];

export const articleNumber = (id: TArticleId) => ARTICLE_IDS.indexOf(id) + 1;

export function article(id: TArticleId, parts: Partial<Omit<TPolicyArticle, 'id' | 'title'>>): TPolicyArticle {
  return { id, title: t.article(articleNumber(id), t.titles[id]), paragraphs: [], items: [], tables: [], after: [], ...parts };
}

/** A column's Korean name (the message catalogue's list, `table.column` before `column`), else its database name. */
export const columnLabel = (table: string, column: string) => t.columns[`${table}.${column}`] ?? t.columns[column] ?? column;

/** Columns as `이름 (표, 표); 다른 이름 (표)`: one entry per Korean name, the tables that hold it after it. */
export function grouped(pairs: readonly (readonly [string, string])[], sep = '; '): string {
  const by = new Map<string, string[]>();
  for (const [label, table] of pairs) by.set(label, unique([...(by.get(label) ?? []), table]));
  return [...by].map(([label, tables]) => `${label} (${tables.join(', ')})`).join(sep);
}

/** Personal columns that pass `keep`, as [Korean name, table label] pairs. */
export const columnsWhere = (map: readonly TTableMap[], keep: (c: TTableMap['personal'][string]) => boolean) =>
  map.flatMap((e) => Object.entries(e.personal).flatMap(([k, v]) => (keep(v) ? [[columnLabel(e.table, k), e.label] as const] : [])));

/** A retention note without the job names and variables it may cite for developers (auth.prune-expired, FOO_DAYS). */
function publicNote(note: string | undefined): string | undefined {
  const n = note
    ?.replace(/\s*\((?:[a-z]+\.[a-z-]+|[A-Z_]+)\)/g, '')
    .replace(/,\s*[a-z]+\.[a-z-]+(?=\))/g, '')
    .trim();
  return n && !/^[a-z]+\.[a-z-]+$/.test(n) ? n : undefined;
}

const personalTables = (map: readonly TTableMap[]) => map.filter((e) => Object.keys(e.personal).length > 0);
const unique = <T>(xs: readonly T[]) => [...new Set(xs)];
const status = (s: TPolicySources, r: TRecipient) => (s.parties.inUse?.(r) ? t.inUse : t.ifConfigured);

export function purposes(s: TPolicySources): TPolicyArticle {
  const used = new Set(personalTables(s.map).flatMap((e) => Object.values(e.personal).map((c) => c.purpose)));
  const items = PURPOSES.filter((p) => used.has(p)).map((p) => {
    const labels = personalTables(s.map).filter((e) => Object.values(e.personal).some((c) => c.purpose === p));
    return `${t.purposes[p]} (${labels.map((e) => e.label).join(', ')})`;
  });
  return article('purposes', { paragraphs: [t.purposesLead], items });
}

export function items(s: TPolicySources): TPolicyArticle {
  const rows: string[][] = [];
  for (const p of PURPOSES) {
    for (const c of CATEGORIES) {
      const here = (v: TTableMap['personal'][string]) => v.purpose === p && v.category === c;
      const where = columnsWhere(s.map, here);
      if (!where.length) continue;
      const bases = unique(
        s.map.flatMap((e) =>
          Object.values(e.personal)
            .filter(here)
            .map((v) => v.basis),
        ),
      );
      rows.push([t.purposeShort[p]!, t.categories[c]!, grouped(where), bases.map((b) => t.bases[b]).join(', ')]);
    }
  }
  const secret = columnsWhere(s.map, (v) => v.exportable === false);
  const after = [t.itemsOptional, ...(secret.length ? [t.itemsSecret(grouped(secret))] : [])];
  return article('items', { paragraphs: [t.itemsLead], tables: [{ columns: [...t.itemsColumns], rows }], after });
}

/** A retention period and its ground, in Korean; null when the table keeps nothing personal. */
export function retentionText(r: TRetention): [string, string] | null {
  if (r.kind === 'account') return [t.retentionAccount, t.retentionAccountWhy];
  if (r.kind === 'days') return [t.retentionDays(r.days), publicNote(r.note) ?? t.retentionDaysWhy];
  if (r.kind === 'law') return [t.retentionYears(r.years), r.law];
  if (r.kind === 'transient') return [publicNote(r.note) ?? r.note, t.retentionTransientWhy];
  return null;
}

export function retention(s: TPolicySources): TPolicyArticle {
  const rows = personalTables(s.map).flatMap((e) => {
    const r = retentionText(e.retention);
    return r ? [[e.label, ...r]] : [];
  });
  const hasLaw = s.map.some((e) => e.retention.kind === 'law');
  return article('retention', {
    paragraphs: [t.retentionLead],
    tables: [{ columns: [...t.retentionColumns], rows }],
    after: hasLaw ? [t.retentionLawAfter] : [],
  });
}

const recipientRows = (s: TPolicySources, role: TRecipient['role']) =>
  s.recipients.filter((r) => r.role === role).map((r) => [r.name, r.purpose, r.items.join(', '), status(s, r)]);

export const thirdParty = (s: TPolicySources) =>
  article('thirdParty', {
    paragraphs: [t.thirdPartyLead],
    tables: [{ columns: [...t.thirdPartyColumns], rows: recipientRows(s, 'third_party') }],
    after: [t.thirdPartyAfter],
  });

export const processors = (s: TPolicySources) =>
  article('processors', {
    paragraphs: [t.processorsLead],
    tables: [{ columns: [...t.processorsColumns], rows: recipientRows(s, 'processor') }],
    after: [t.processorsAfter],
  });

export function abroad(s: TPolicySources): TPolicyArticle {
  const away = s.recipients.filter((r) => r.location !== '대한민국');
  if (!away.length) return article('abroad', { paragraphs: [t.abroadNone] });
  const rows = away.map((r) => [r.name, r.location ?? t.abroadUnknown, r.items.join(', '), r.purpose, t.abroadWhen, status(s, r)]);
  return article('abroad', { paragraphs: [t.abroadLead], tables: [{ columns: [...t.abroadColumns], rows }], after: [t.abroadRefuse] });
}

export function destruction(s: TPolicySources): TPolicyArticle {
  const anonymised = s.map.filter((e) => e.erase?.kind === 'anonymise').map((e) => e.label);
  const kept = s.map.filter((e) => e.retention.kind === 'law' || e.erase?.kind === 'keep').map((e) => e.label);
  return article('destruction', {
    items: [
      t.destruction.when,
      t.destruction.account,
      ...(anonymised.length ? [t.destruction.anonymised(unique(anonymised).join(', '))] : []),
      ...(kept.length ? [t.destruction.kept(unique(kept).join(', '))] : []),
      t.destruction.how,
    ],
  });
}
