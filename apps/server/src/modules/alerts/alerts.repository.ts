/** The alert rules and incidents (db/schema-alerts.ts), and the database's size for the advisors. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { alertIncidents, alertRules, type TAlertChannelsRow } from '../../db/schema-alerts.ts';

export type TRuleRow = typeof alertRules.$inferSelect;
export type TIncidentRow = typeof alertIncidents.$inferSelect;

export function listRules(db: TDb): Promise<TRuleRow[]> {
  return db.select().from(alertRules).orderBy(alertRules.createdAt, alertRules.id);
}

export function countRules(db: TDb): Promise<number> {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(alertRules)
    .then((r) => r[0]?.n ?? 0);
}

export async function findRule(db: TDb, id: string): Promise<TRuleRow | undefined> {
  const [row] = await db.select().from(alertRules).where(eq(alertRules.id, id));
  return row;
}

export type TRuleValues = {
  name: string;
  kind: string;
  threshold: number;
  windowMinutes: number;
  channels: TAlertChannelsRow;
  enabled: boolean;
  webhookSecret: string | null;
};

export async function insertRule(db: TDb, values: TRuleValues & { createdBy: string; at: Date }): Promise<TRuleRow> {
  const { at, ...rest } = values;
  const [row] = await db
    .insert(alertRules)
    .values({ ...rest, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

export async function updateRule(db: TDb, id: string, values: TRuleValues, at: Date): Promise<TRuleRow | undefined> {
  const [row] = await db
    .update(alertRules)
    .set({ ...values, updatedAt: at })
    .where(eq(alertRules.id, id))
    .returning();
  return row;
}

export async function deleteRule(db: TDb, id: string): Promise<boolean> {
  const rows = await db.delete(alertRules).where(eq(alertRules.id, id)).returning({ id: alertRules.id });
  return rows.length > 0;
}

/** The open incident of every rule that has one. */
export function openIncidents(db: TDb): Promise<TIncidentRow[]> {
  return db.select().from(alertIncidents).where(isNull(alertIncidents.resolvedAt));
}

/** The newest incidents with their rule's name and kind, open ones first. */
export function recentIncidents(db: TDb, limit: number) {
  return db
    .select({ incident: alertIncidents, ruleName: alertRules.name, kind: alertRules.kind })
    .from(alertIncidents)
    .innerJoin(alertRules, eq(alertRules.id, alertIncidents.ruleId))
    .orderBy(sql`${alertIncidents.resolvedAt} is null desc`, desc(alertIncidents.openedAt))
    .limit(limit);
}

/**
 * Opens the rule's incident unless one is open: the partial unique index lets one open incident per rule exist, so of
 * two instances evaluating at once only one gets the row back (and only it enqueues the notices, in the same
 * transaction).
 */
export async function openIncident(
  db: TDb,
  values: { ruleId: string; at: Date; value: number; threshold: number; detail: string | null },
  after: (tx: TTx, incident: TIncidentRow) => Promise<void>,
): Promise<TIncidentRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(alertIncidents)
      .values({ ruleId: values.ruleId, openedAt: values.at, value: values.value, threshold: values.threshold, detail: values.detail })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await after(tx, row);
    return row;
  });
}

/** Resolves an open incident; null when another instance resolved it first. */
export async function resolveIncident(db: TDb, id: string, at: Date, after: (tx: TTx, incident: TIncidentRow) => Promise<void>): Promise<TIncidentRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(alertIncidents)
      .set({ resolvedAt: at })
      .where(and(eq(alertIncidents.id, id), isNull(alertIncidents.resolvedAt)))
      .returning();
    if (!row) return null;
    await after(tx, row);
    return row;
  });
}

export async function findIncident(db: TDb, id: string) {
  const [row] = await db
    .select({ incident: alertIncidents, rule: alertRules })
    .from(alertIncidents)
    .innerJoin(alertRules, eq(alertRules.id, alertIncidents.ruleId))
    .where(eq(alertIncidents.id, id));
  return row;
}

/** Bytes of the current database (PGlite or PostgreSQL). */
export async function databaseSize(db: TDb): Promise<number> {
  const res = await db.execute(sql`select pg_database_size(current_database())::bigint as size`);
  const rows = (res as unknown as { rows: { size: string | number }[] }).rows;
  return Number(rows[0]?.size ?? 0);
}
