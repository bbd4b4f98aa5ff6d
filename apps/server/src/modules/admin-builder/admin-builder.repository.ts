/** The admin-page builder's own tables (the only file of the module that knows Drizzle). */
import { and, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { adminApps, adminAuditRows, adminImports, adminTableSettings } from '../../db/schema-admin-builder.ts';
import { adminReveals, adminRoleMembers, adminRoles } from '../../db/schema-admin-roles.ts';

export type TAdminAppRow = typeof adminApps.$inferSelect;
export type TImportRow = typeof adminImports.$inferSelect;

export const listApps = (db: TDb, seedId: string) => db.select().from(adminApps).where(eq(adminApps.seedId, seedId)).orderBy(desc(adminApps.createdAt));

export async function findApp(db: TDb, seedId: string, id: string): Promise<TAdminAppRow | undefined> {
  const [row] = await db
    .select()
    .from(adminApps)
    .where(and(eq(adminApps.seedId, seedId), eq(adminApps.id, id)));
  return row;
}

export async function insertApp(db: TDb, values: typeof adminApps.$inferInsert, settings: { table: string; settings: unknown }[]): Promise<TAdminAppRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(adminApps).values(values).returning();
    if (settings.length) await tx.insert(adminTableSettings).values(settings.map((s) => ({ appId: row!.id, tableName: s.table, settings: s.settings })));
    return row!;
  });
}

export const renameApp = (db: TDb, id: string, name: string) => db.update(adminApps).set({ name }).where(eq(adminApps.id, id));
export const deleteApp = (db: TDb, id: string) => db.delete(adminApps).where(eq(adminApps.id, id));

export const settingsOf = (db: TDb, appId: string) => db.select().from(adminTableSettings).where(eq(adminTableSettings.appId, appId));

export async function saveSettings(db: TDb, appId: string, table: string, settings: unknown, at: Date) {
  await db
    .insert(adminTableSettings)
    .values({ appId, tableName: table, settings })
    .onConflictDoUpdate({ target: [adminTableSettings.appId, adminTableSettings.tableName], set: { settings, updatedAt: at } });
}

export async function insertAudit(db: TDb, rows: (typeof adminAuditRows.$inferInsert)[]): Promise<string[]> {
  if (!rows.length) return [];
  return (await db.insert(adminAuditRows).values(rows).returning({ id: adminAuditRows.id })).map((r) => r.id);
}

/** A pending record confirmed after the customer's commit (with what actually changed). */
export const confirmAudit = (db: TDb, id: string, values: { rowKey?: string; before?: unknown; after?: unknown } = {}) =>
  db
    .update(adminAuditRows)
    .set({ ...values, pending: false })
    .where(eq(adminAuditRows.id, id));

export async function dropAudit(db: TDb, ids: string[]) {
  if (ids.length) await db.delete(adminAuditRows).where(and(inArray(adminAuditRows.id, ids), eq(adminAuditRows.pending, true)));
}

/** Records still pending since before `before` (their process died between the customer's commit and confirming). */
export const stalePendingAudit = (db: TDb, before: Date, appId?: string) =>
  db
    .select()
    .from(adminAuditRows)
    .where(and(eq(adminAuditRows.pending, true), lt(adminAuditRows.createdAt, before), ...(appId ? [eq(adminAuditRows.appId, appId)] : [])))
    .limit(500);

/**
 * A page of an app's change log. `hidden` (for a role that may not see every column): per table, the columns whose
 * values the search must not look at; values of tables not listed are not searched at all.
 */
export async function listAudit(
  db: TDb,
  appId: string,
  opts: { q?: string | undefined; table?: string | undefined; limit: number; offset: number; hidden?: Map<string, string[]> | undefined },
) {
  const conds = [eq(adminAuditRows.appId, appId), eq(adminAuditRows.pending, false)];
  if (opts.table) conds.push(eq(adminAuditRows.tableName, opts.table));
  if (opts.q) {
    const like = `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        ilike(adminAuditRows.actorName, like),
        ilike(adminAuditRows.tableName, like),
        ilike(adminAuditRows.rowKey, like),
        ...valuesLike(adminAuditRows.before, like, opts.hidden),
        ...valuesLike(adminAuditRows.after, like, opts.hidden),
      )!,
    );
  }
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db.select().from(adminAuditRows).where(where).orderBy(desc(adminAuditRows.createdAt)).limit(opts.limit).offset(opts.offset),
    db.select({ n: count() }).from(adminAuditRows).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** `before`/`after` matching `like`, without the hidden columns' keys and values. */
function valuesLike(col: typeof adminAuditRows.before | typeof adminAuditRows.after, like: string, hidden: Map<string, string[]> | undefined): SQL[] {
  if (!hidden) return [sql`${col}::text ILIKE ${like}`];
  return [...hidden].map(([table, cols]) => {
    const values = cols.length
      ? sql`(${col} - ARRAY[${sql.join(
          cols.map((c) => sql`${c}`),
          sql`, `,
        )}]::text[])`
      : sql`${col}`;
    return and(eq(adminAuditRows.tableName, table), sql`${values}::text ILIKE ${like}`)!;
  });
}

/* ---------------- import intents ---------------- */

export async function findImport(db: TDb, appId: string, importKey: string): Promise<TImportRow | undefined> {
  const [row] = await db
    .select()
    .from(adminImports)
    .where(and(eq(adminImports.appId, appId), eq(adminImports.importKey, importKey)));
  return row;
}

/** The intent, before the customer database is written; undefined when the key is already taken (a concurrent retry). */
export async function insertImportIntent(db: TDb, values: typeof adminImports.$inferInsert): Promise<TImportRow | undefined> {
  const [row] = await db.insert(adminImports).values(values).onConflictDoNothing().returning();
  return row;
}

/** A failed intent taken up again by a retry with the same key. */
export async function restartImport(db: TDb, id: string, values: { rows: unknown; probeBefore: number }, at: Date): Promise<boolean> {
  const rows = await db
    .update(adminImports)
    .set({ ...values, status: 'pending', result: null, createdAt: at, updatedAt: at })
    .where(and(eq(adminImports.id, id), eq(adminImports.status, 'failed')))
    .returning({ id: adminImports.id });
  return rows.length === 1;
}

/** Audit rows and the answer in one transaction: a committed import is never left without its audit. */
export async function finishImport(db: TDb, id: string, result: unknown, audit: (typeof adminAuditRows.$inferInsert)[], at: Date) {
  await db.transaction(async (tx) => {
    const done = await tx
      .update(adminImports)
      .set({ status: 'done', result, rows: [], updatedAt: at })
      .where(and(eq(adminImports.id, id), eq(adminImports.status, 'pending')))
      .returning({ id: adminImports.id });
    if (done.length && audit.length) await tx.insert(adminAuditRows).values(audit);
  });
}

export const failImport = (db: TDb, id: string, at: Date) =>
  db
    .update(adminImports)
    .set({ status: 'failed', rows: [], updatedAt: at })
    .where(and(eq(adminImports.id, id), eq(adminImports.status, 'pending')));

/** Intents still pending since before `before` (their process died between the customer's commit and the audit). */
export const staleImports = (db: TDb, before: Date) =>
  db
    .select()
    .from(adminImports)
    .where(and(eq(adminImports.status, 'pending'), lt(adminImports.updatedAt, before)))
    .limit(100);

export async function findAppById(db: TDb, id: string): Promise<TAdminAppRow | undefined> {
  const [row] = await db.select().from(adminApps).where(eq(adminApps.id, id));
  return row;
}

/** How many admin-builder apps each seed has (seeds with at least one). */
export async function appCountsBySeed(db: TDb): Promise<{ seedId: string; apps: number }[]> {
  return db.select({ seedId: adminApps.seedId, apps: count() }).from(adminApps).groupBy(adminApps.seedId);
}

/* ---------------- custom roles and 열람 records (decision 092) ---------------- */

export type TRoleRow = typeof adminRoles.$inferSelect;

export const listRoles = (db: TDb, appId: string) => db.select().from(adminRoles).where(eq(adminRoles.appId, appId)).orderBy(adminRoles.createdAt);

export async function findRole(db: TDb, appId: string, id: string): Promise<TRoleRow | undefined> {
  const [row] = await db
    .select()
    .from(adminRoles)
    .where(and(eq(adminRoles.appId, appId), eq(adminRoles.id, id)));
  return row;
}

export async function roleNamed(db: TDb, appId: string, name: string): Promise<TRoleRow | undefined> {
  const [row] = await db
    .select()
    .from(adminRoles)
    .where(and(eq(adminRoles.appId, appId), eq(adminRoles.name, name)));
  return row;
}

/** The member's role in the app, if one is assigned. */
export async function roleOfMember(db: TDb, appId: string, userId: string): Promise<TRoleRow | undefined> {
  const [row] = await db
    .select({ role: adminRoles })
    .from(adminRoleMembers)
    .innerJoin(adminRoles, eq(adminRoles.id, adminRoleMembers.roleId))
    .where(and(eq(adminRoleMembers.appId, appId), eq(adminRoleMembers.userId, userId)));
  return row?.role;
}

export async function insertRole(db: TDb, values: typeof adminRoles.$inferInsert): Promise<TRoleRow> {
  const [row] = await db.insert(adminRoles).values(values).returning();
  return row!;
}

export async function updateRole(db: TDb, id: string, values: { name: string; rights: unknown; rules: unknown }, at: Date): Promise<TRoleRow | undefined> {
  const [row] = await db
    .update(adminRoles)
    .set({ ...values, updatedAt: at })
    .where(eq(adminRoles.id, id))
    .returning();
  return row;
}

export const deleteRole = (db: TDb, id: string) => db.delete(adminRoles).where(eq(adminRoles.id, id));

export const roleAssignments = (db: TDb, appId: string) =>
  db.select({ userId: adminRoleMembers.userId, roleId: adminRoleMembers.roleId }).from(adminRoleMembers).where(eq(adminRoleMembers.appId, appId));

export async function assignRole(db: TDb, appId: string, userId: string, roleId: string | null) {
  if (!roleId) {
    await db.delete(adminRoleMembers).where(and(eq(adminRoleMembers.appId, appId), eq(adminRoleMembers.userId, userId)));
    return;
  }
  await db
    .insert(adminRoleMembers)
    .values({ appId, userId, roleId })
    .onConflictDoUpdate({ target: [adminRoleMembers.appId, adminRoleMembers.userId], set: { roleId } });
}

export async function insertReveal(db: TDb, values: typeof adminReveals.$inferInsert) {
  await db.insert(adminReveals).values(values);
}

export async function listReveals(db: TDb, appId: string, opts: { limit: number; offset: number }) {
  const where = eq(adminReveals.appId, appId);
  const [rows, [total]] = await Promise.all([
    db.select().from(adminReveals).where(where).orderBy(desc(adminReveals.createdAt)).limit(opts.limit).offset(opts.offset),
    db.select({ n: count() }).from(adminReveals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
