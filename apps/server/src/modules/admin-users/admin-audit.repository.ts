import { and, count, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { TAuditQuery, TAuditResponse } from '@suite/shared/schemas/admin';
import { auditLog, users } from '../../db/schema.ts';
import type { TTx } from '../../db/client.ts';
import { likeContains } from './admin-users.repository.ts';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Per row of the page: the actor's email and, for user targets without a stored label, the target's email. */
const actorEmail = sql<string | null>`(select u.email from ${users} u where u.id = ${auditLog.actorId})`;
const targetLabel = sql<string | null>`coalesce(
  ${auditLog.metadata}->>'label',
  (select u.email from ${users} u
    where ${auditLog.targetType} = 'user'
      and u.id = (case when ${auditLog.targetId} ~ ${UUID} then ${auditLog.targetId}::uuid end))
)`;

function conditions(q: TAuditQuery): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  // 'admin' matches every admin.* action; 'admin.user_deleted' exactly that one.
  if (q.action) conds.push(q.action.includes('.') ? eq(auditLog.action, q.action) : like(auditLog.action, `${q.action}.%`));
  if (q.search) {
    const p = likeContains(q.search);
    const matchingUsers = sql`(select u.id from ${users} u where u.email ilike ${p} or u.full_name ilike ${p})`;
    conds.push(
      or(
        ilike(auditLog.action, p),
        sql`${auditLog.metadata}->>'label' ilike ${p}`,
        inArray(auditLog.actorId, matchingUsers),
        sql`${auditLog.targetId} in (select id::text from ${matchingUsers} m(id))`,
      ),
    );
  }
  return and(...conds);
}

export async function listAudit(db: TTx, q: TAuditQuery): Promise<TAuditResponse> {
  const where = conditions(q);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actor_email: actorEmail,
        action: auditLog.action,
        target_type: auditLog.targetType,
        target_id: auditLog.targetId,
        target_label: targetLabel,
        metadata: auditLog.metadata,
        ip: auditLog.ip,
        created_at: auditLog.createdAt,
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const total = totalRow?.n ?? 0;
  return {
    data: rows.map((r) => ({
      ...r,
      metadata: (r.metadata ?? {}) as Record<string, unknown>,
      created_at: r.created_at.toISOString(),
    })),
    total,
    page: q.page,
    limit: q.limit,
    totalPages: Math.ceil(total / q.limit),
  };
}
