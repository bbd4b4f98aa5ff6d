/**
 * An export holds nothing of anyone else (issue 32, decision 064). A row that only mentions the subject keeps the
 * columns its map entry's `mentionExport` lists, and of an attendee-style list only the subject's own entry; a table
 * with an e-mail-style link but no `mentionExport` shows nothing of such rows. Then, as a last line of defence, every
 * e-mail address in every value (jsonb included, recursively) that is not one of the subject's own is masked.
 */
import type { TTableMap } from './data-map.types.ts';
import type { TFoundRow } from './export-rows.repository.ts';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** k***@example.com */
export const maskEmail = (address: string) => `${address.slice(0, 1)}***${address.slice(address.lastIndexOf('@'))}`;

/** Every address in `v` (strings, arrays, objects; keys too) masked unless it is in `own` (lower case). */
export function maskForeignEmails(v: unknown, own: ReadonlySet<string>): unknown {
  if (typeof v === 'string') return v.replace(EMAIL, (a) => (own.has(a.toLowerCase()) ? a : maskEmail(a)));
  if (Array.isArray(v)) return v.map((x) => maskForeignEmails(x, own));
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [maskForeignEmails(k, own), maskForeignEmails(x, own)]));
  }
  return v;
}

/** Of a jsonb list of objects, only the entries whose `key` is one of the subject's addresses. */
function ownEntriesOf(list: unknown, key: string, own: ReadonlySet<string>): unknown {
  if (!Array.isArray(list)) return [];
  return list.filter((e) => e && typeof e === 'object' && own.has(String((e as Record<string, unknown>)[key] ?? '').toLowerCase()));
}

/** A row that mentions the subject, reduced to what is about them. */
function mentionRow(entry: TTableMap, row: Record<string, unknown>, own: ReadonlySet<string>): Record<string, unknown> {
  const spec = entry.mentionExport;
  const out: Record<string, unknown> = {};
  for (const c of spec?.columns ?? []) if (c in row) out[c] = row[c];
  const list = spec?.ownEntries;
  if (list && list.column in out) out[list.column] = ownEntriesOf(out[list.column], list.emailKey, own);
  return out;
}

/** The subject's addresses: the one they are known by, and those in `email` columns of their own rows (identities). */
export function ownAddresses(subjectEmail: string | null, tables: { rows: TFoundRow[] }[]): Set<string> {
  const own = new Set<string>();
  if (subjectEmail) own.add(subjectEmail.toLowerCase());
  for (const t of tables) for (const r of t.rows) if (r.own && typeof r.row.email === 'string' && r.row.email) own.add(r.row.email.toLowerCase());
  return own;
}

/** The rows of one table as the export shows them (before secrets are replaced): projected, foreign addresses masked. */
export function redactRows(entry: TTableMap, rows: TFoundRow[], own: ReadonlySet<string>): Record<string, unknown>[] {
  return rows.map((r) => {
    const shown = r.own ? r.row : mentionRow(entry, r.row, own);
    return Object.fromEntries(Object.entries(shown).map(([k, v]) => [k, maskForeignEmails(v, own)]));
  });
}
