/**
 * A subject's rows for an export (issue 32), each marked whether it is the subject's own: a member's row found through
 * the `user` link (narrowed by `mentionExport.owner` where that link also matches mentions, such as an attendee list).
 * Rows found only through an e-mail-style link (`email`, `seedEmail`) mention the subject and are projected by
 * export-redact.ts. Chatbot visitors and Slack users are found by their own identifier: their rows are their own.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import type { TTableMap } from './data-map.types.ts';
import { subjectCondition, type TSubject } from './subjects.repository.ts';

export type TFoundRow = { row: Record<string, unknown>; own: boolean };

/** The condition that makes a found row the subject's own, or null when none is (only mentions). */
function ownCondition(entry: TTableMap, subject: TSubject) {
  if (subject.kind === 'chatbotVisitor' || subject.kind === 'slackUser') return sql.raw('TRUE');
  if (subject.kind !== 'user') return null;
  const user = entry.mentionExport?.owner ?? entry.subjects?.user;
  return user ? subjectCondition({ ...entry, subjects: { user } }, subject) : null;
}

export async function foundRows(db: TDb, entry: TTableMap, subject: TSubject): Promise<TFoundRow[]> {
  const cond = subjectCondition(entry, subject);
  if (!cond) return [];
  const own = ownCondition(entry, subject) ?? sql.raw('FALSE');
  const res = await db.execute(sql`SELECT *, COALESCE((${own}), FALSE) AS "__own" FROM ${sql.identifier(entry.table)} WHERE ${cond}`);
  return (res as unknown as { rows: Record<string, unknown>[] }).rows.map(({ __own, ...row }) => ({ row, own: __own === true }));
}
