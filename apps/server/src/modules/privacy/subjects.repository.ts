/**
 * A data subject's rows, found through the data map's subject links (data-map.types.ts): the one query that export,
 * erasure and seed owners' requests share. Table and column names come from the map (code, not input); the subject's
 * values are always bound parameters.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import type { TSubjectLinks, TTableMap } from './data-map.types.ts';

/** A member of the suite (self-service), or a seed's customer known by one identifier (seed owners' requests). */
export type TSubject =
  | { kind: 'user'; userId: string; email: string }
  | { kind: 'seedEmail'; seedId: string; email: string }
  | { kind: 'chatbotVisitor'; seedId: string; visitorId: string }
  | { kind: 'slackUser'; seedId: string; slackUserId: string };

/** The WHERE clauses (with their parameters) that select this subject's rows of one table; empty when none applies. */
export function subjectClauses(entry: TTableMap, subject: TSubject): { where: string; params: unknown[] }[] {
  const links: TSubjectLinks = entry.subjects ?? {};
  const out: { where: string; params: unknown[] }[] = [];
  if (subject.kind === 'user') {
    if (links.user) out.push({ where: links.user, params: [subject.userId] });
    if (links.email) out.push({ where: links.email, params: [subject.email.toLowerCase()] });
  } else if (subject.kind === 'seedEmail') {
    if (links.seedEmail) out.push({ where: links.seedEmail, params: [subject.email.toLowerCase(), subject.seedId] });
  } else if (subject.kind === 'chatbotVisitor') {
    if (links.chatbotVisitor) out.push({ where: links.chatbotVisitor, params: [subject.visitorId, subject.seedId] });
  } else if (links.slackUser) {
    out.push({ where: links.slackUser, params: [subject.slackUserId, subject.seedId] });
  }
  return out;
}

/** `$1`, `$2` in a map clause → drizzle parameters. */
function bind(where: string, params: unknown[]) {
  const parts = where.split(/\$(\d)/);
  const chunks = [sql.raw(parts[0] ?? '')];
  for (let i = 1; i < parts.length; i += 2) {
    chunks.push(sql`${params[Number(parts[i]) - 1]}`);
    chunks.push(sql.raw(parts[i + 1] ?? ''));
  }
  return sql.join(chunks, sql.raw(''));
}

/** The SQL condition selecting the subject's rows of `entry` (OR of its links), or null when the table has none. */
export function subjectCondition(entry: TTableMap, subject: TSubject) {
  const clauses = subjectClauses(entry, subject);
  if (!clauses.length) return null;
  return sql.join(
    clauses.map((c) => sql`(${bind(c.where, c.params)})`),
    sql.raw(' OR '),
  );
}

/** The subject's rows of one table, every column (callers drop what the map says is not exportable). */
export async function subjectRows(db: TDb, entry: TTableMap, subject: TSubject): Promise<Record<string, unknown>[]> {
  const cond = subjectCondition(entry, subject);
  if (!cond) return [];
  const res = await db.execute(sql`SELECT * FROM ${sql.identifier(entry.table)} WHERE ${cond}`);
  return (res as unknown as { rows: Record<string, unknown>[] }).rows;
}
