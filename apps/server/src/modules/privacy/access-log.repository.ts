import { and, count, desc, eq, gte, ilike, like, lt, or, type SQL } from 'drizzle-orm';
import type { TAccessLogEntry } from '@suite/shared/schemas/privacy';
import type { TTx } from '../../db/client.ts';
import { privacyAccessLog } from '../../db/schema-privacy.ts';

export type TAccessLogFilter = { actor?: string; action?: string; from?: Date; to?: Date };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const likeContains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(f: TAccessLogFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.actor) conds.push(UUID.test(f.actor) ? eq(privacyAccessLog.actorId, f.actor) : ilike(privacyAccessLog.actorEmail, likeContains(f.actor)));
  // 'chatbot' matches every chatbot.* action; 'chatbot.conversation.read' exactly that one.
  if (f.action) conds.push(or(eq(privacyAccessLog.action, f.action), like(privacyAccessLog.action, `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`)));
  if (f.from) conds.push(gte(privacyAccessLog.createdAt, f.from));
  if (f.to) conds.push(lt(privacyAccessLog.createdAt, f.to));
  return and(...conds);
}

/** One page of access records, newest first, and the total matching. */
export async function listAccessLog(db: TTx, f: TAccessLogFilter, page: number, limit: number): Promise<{ rows: TAccessLogEntry[]; total: number }> {
  const where = conditions(f);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(privacyAccessLog)
      .where(where)
      .orderBy(desc(privacyAccessLog.createdAt), desc(privacyAccessLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(privacyAccessLog).where(where),
  ]);
  return {
    total: totalRow?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      scope: r.scope === 'seed' ? 'seed' : 'platform',
      seedId: r.seedId,
      action: r.action,
      subject: r.subject,
      reason: r.reason,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
