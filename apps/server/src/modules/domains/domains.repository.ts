/** Rows of seed_domains (issue 33, domains.service.ts): the only file of the module that knows Drizzle. */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { seedDomains } from '../../db/schema-domains.ts';

export type TDomainRow = typeof seedDomains.$inferSelect;
export type TNewDomainRow = typeof seedDomains.$inferInsert;

/** The connected row of a host (one read on the partial unique index `seed_domains_connected_host_key`). */
export async function findConnectedByHost(db: TTx, host: string): Promise<Pick<TDomainRow, 'id' | 'seedId' | 'purpose'> | undefined> {
  const [row] = await db
    .select({ id: seedDomains.id, seedId: seedDomains.seedId, purpose: seedDomains.purpose })
    .from(seedDomains)
    .where(and(eq(seedDomains.host, host), eq(seedDomains.status, 'connected')))
    .limit(1);
  return row;
}

/** The seed's connected rows of one purpose, oldest verification first. */
export async function listConnected(db: TTx, seedId: string, purpose: string): Promise<TDomainRow[]> {
  return db
    .select()
    .from(seedDomains)
    .where(and(eq(seedDomains.seedId, seedId), eq(seedDomains.purpose, purpose), eq(seedDomains.status, 'connected')))
    .orderBy(asc(seedDomains.verifiedAt), asc(seedDomains.createdAt));
}

export async function listBySeed(db: TTx, seedId: string): Promise<TDomainRow[]> {
  return db.select().from(seedDomains).where(eq(seedDomains.seedId, seedId)).orderBy(asc(seedDomains.createdAt), asc(seedDomains.host));
}

export async function findInSeed(db: TTx, seedId: string, id: string): Promise<TDomainRow | undefined> {
  const [row] = await db
    .select()
    .from(seedDomains)
    .where(and(eq(seedDomains.seedId, seedId), eq(seedDomains.id, id)))
    .limit(1);
  return row;
}

export async function insertDomain(tx: TTx, values: TNewDomainRow): Promise<TDomainRow> {
  const [row] = await tx.insert(seedDomains).values(values).returning();
  return row!;
}

export type TCheckUpdate = Partial<Pick<TDomainRow, 'status' | 'error' | 'failures' | 'checkedAt' | 'nextCheckAt' | 'verifiedAt'>>;

export async function updateDomain(tx: TTx, id: string, patch: TCheckUpdate): Promise<TDomainRow | undefined> {
  const [row] = await tx.update(seedDomains).set(patch).where(eq(seedDomains.id, id)).returning();
  return row;
}

export async function deleteDomain(tx: TTx, seedId: string, id: string): Promise<TDomainRow | undefined> {
  const [row] = await tx
    .delete(seedDomains)
    .where(and(eq(seedDomains.seedId, seedId), eq(seedDomains.id, id)))
    .returning();
  return row;
}

/** Rows whose next check is due, soonest first (the job runner's pass). */
export async function listDue(db: TTx, now: Date, limit: number): Promise<TDomainRow[]> {
  return db.select().from(seedDomains).where(lte(seedDomains.nextCheckAt, now)).orderBy(asc(seedDomains.nextCheckAt)).limit(limit);
}

/** Serialises additions for one seed (the 20-domain cap) — a transaction-scoped advisory lock. */
export async function lockSeedDomains(tx: TTx, seedId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`seed-domains:${seedId}`}))`);
}
