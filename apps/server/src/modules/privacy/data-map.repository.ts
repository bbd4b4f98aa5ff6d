/**
 * Checks the data map (data-map.ts) against the migrated database: every column of every table in the public schema
 * must be classified, every map entry must name real tables and columns, and every subject link and anonymise
 * expression must run (as `SELECT … LIMIT 0` and as an UPDATE rolled back, with dummy parameters of the right type).
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { RECIPIENTS } from './recipients.ts';
import type { TSubjectLinks, TTableMap } from './data-map.types.ts';
import { DATA_MAP } from './data-map.ts';
import { subjectCondition, type TSubject } from './subjects.repository.ts';

export type TDataMapReport = { unclassified: string[]; stale: string[]; badLinks: string[] };

const DUMMY_ID = '00000000-0000-4000-8000-000000000000';
const DUMMY_SEED = '00000000-0000-4000-8000-000000000001';
const DUMMY_EMAIL = 'nobody@example.invalid';

/** One subject per link kind, with parameters of the type the link will get in use. */
const SUBJECTS: Record<keyof TSubjectLinks, TSubject> = {
  user: { kind: 'user', userId: DUMMY_ID, email: DUMMY_EMAIL },
  email: { kind: 'user', userId: DUMMY_ID, email: DUMMY_EMAIL },
  seedEmail: { kind: 'seedEmail', seedId: DUMMY_SEED, email: DUMMY_EMAIL },
  chatbotVisitor: { kind: 'chatbotVisitor', seedId: DUMMY_SEED, visitorId: DUMMY_ID },
  slackUser: { kind: 'slackUser', seedId: DUMMY_SEED, slackUserId: 'U000DUMMY' },
};

/** Table → its columns, in the public schema (base tables; drizzle's bookkeeping lives in its own schema). */
async function liveColumns(db: TDb): Promise<Map<string, { columns: Set<string>; types: Map<string, string> }>> {
  const res = await db.execute(sql`
    SELECT c.table_name, c.column_name, c.data_type
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND t.table_name NOT LIKE '\\_\\_drizzle%'
    ORDER BY c.table_name, c.ordinal_position`);
  const out = new Map<string, { columns: Set<string>; types: Map<string, string> }>();
  for (const r of (res as unknown as { rows: { table_name: string; column_name: string; data_type: string }[] }).rows) {
    const t = out.get(r.table_name) ?? { columns: new Set<string>(), types: new Map<string, string>() };
    t.columns.add(r.column_name);
    t.types.set(r.column_name, r.data_type);
    out.set(r.table_name, t);
  }
  return out;
}

/** The entry with only one of its links (so each link is checked with its own parameters). */
const withOneLink = (entry: TTableMap, kind: keyof TSubjectLinks, where: string): TTableMap => ({ ...entry, subjects: { [kind]: where } });

class Rollback extends Error {}

/** Runs the link as `SELECT 1 … LIMIT 0`, and the anonymise rule as an UPDATE of no rows in a rolled-back transaction. */
async function checkLink(db: TDb, entry: TTableMap, kind: keyof TSubjectLinks, where: string): Promise<string | null> {
  const one = withOneLink(entry, kind, where);
  const cond = subjectCondition(one, SUBJECTS[kind]);
  if (!cond) return `${entry.table}: ${kind} link gives no condition`;
  const table = sql.identifier(entry.table);
  try {
    await db.execute(sql`SELECT 1 FROM ${table} WHERE ${cond} LIMIT 0`);
  } catch (e) {
    return `${entry.table}: ${kind} link fails: ${errorText(e)}`;
  }
  // An empty set (shared rows kept, naming the account's tombstone) has nothing to run.
  if (entry.erase?.kind !== 'anonymise' || !Object.keys(entry.erase.set).length) return null;
  const sets = Object.entries(entry.erase.set).map(([column, expr]) => {
    // The expression may use $1/$2 like the link: bound the same way (subjectCondition on a pseudo-link).
    const bound = subjectCondition(withOneLink(entry, kind, expr), SUBJECTS[kind])!;
    return sql`${sql.identifier(column)} = ${bound}`;
  });
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE ${table} SET ${sql.join(sets, sql.raw(', '))} WHERE (${cond}) AND false`);
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) return `${entry.table}: anonymise (${kind}) fails: ${errorText(e)}`;
  }
  return null;
}

function errorText(e: unknown): string {
  const cause = (e as { cause?: { message?: string } }).cause;
  return cause?.message ?? (e as Error).message ?? String(e);
}

/** Structural rules of one entry that need no SQL run: retention and anonymise columns exist, erase fits retention. */
function checkShape(entry: TTableMap, live: { columns: Set<string>; types: Map<string, string> }): string[] {
  const bad: string[] = [];
  const r = entry.retention;
  if (r.kind === 'days' || r.kind === 'law') {
    const type = live.types.get(r.column);
    if (!type) bad.push(`${entry.table}: retention column ${r.column} does not exist`);
    else if (!type.startsWith('timestamp') && type !== 'date') bad.push(`${entry.table}: retention column ${r.column} is ${type}, not a time`);
  }
  if (entry.erase?.kind === 'anonymise') {
    for (const column of Object.keys(entry.erase.set)) if (!live.columns.has(column)) bad.push(`${entry.table}: anonymise column ${column} does not exist`);
  }
  if (entry.erase?.kind === 'keep' && r.kind !== 'law') bad.push(`${entry.table}: erase 'keep' without a 'law' retention`);
  if (entry.subjects && Object.values(entry.subjects).some(Boolean) && !entry.erase) bad.push(`${entry.table}: subject links but no erase rule`);
  if (Object.keys(entry.personal).length && r.kind === 'none') bad.push(`${entry.table}: personal columns with retention 'none'`);
  for (const key of entry.sentTo ?? []) if (!RECIPIENTS.some((x) => x.key === key)) bad.push(`${entry.table}: sentTo ${key} is not a recipient`);
  return bad;
}

/** Compares `map` (default: the data map) with the database. Empty lists = the map is complete and runs. */
export async function checkDataMap(db: TDb, map: readonly TTableMap[] = DATA_MAP): Promise<TDataMapReport> {
  const live = await liveColumns(db);
  const unclassified: string[] = [];
  const stale: string[] = [];
  const badLinks: string[] = [];
  const byTable = new Map<string, TTableMap>();
  for (const entry of map) {
    if (byTable.has(entry.table)) stale.push(`${entry.table} (mapped twice)`);
    byTable.set(entry.table, entry);
  }
  for (const [table, { columns }] of live) {
    const entry = byTable.get(table);
    for (const column of columns) {
      if (!entry || !(column in entry.personal || entry.other.includes(column))) unclassified.push(`${table}.${column}`);
    }
  }
  for (const entry of map) {
    const t = live.get(entry.table);
    if (!t) {
      stale.push(entry.table);
      continue;
    }
    const listed = [...Object.keys(entry.personal), ...entry.other];
    for (const column of listed) {
      if (!t.columns.has(column)) stale.push(`${entry.table}.${column}`);
      else if (column in entry.personal && entry.other.includes(column)) stale.push(`${entry.table}.${column} (personal and other)`);
    }
    badLinks.push(...checkShape(entry, t));
    for (const [kind, where] of Object.entries(entry.subjects ?? {}) as [keyof TSubjectLinks, string | undefined][]) {
      if (!where) continue;
      const problem = await checkLink(db, entry, kind, where);
      if (problem) badLinks.push(problem);
    }
  }
  return { unclassified, stale, badLinks };
}
