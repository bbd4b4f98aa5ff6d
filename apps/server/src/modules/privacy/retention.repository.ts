/**
 * The retention sweep's statement (retention.ts): one batch of a table's expired rows deleted. Table and column come
 * from the data map (code, never input); the cutoff is a bound parameter. A batch is chosen by ctid so that any table
 * works, whatever its key.
 */
import { sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';

/** Deletes up to `batch` rows of `table` whose `column` is before `cutoff`; returns how many. */
export async function deleteExpiredBatch(db: TTx, table: string, column: string, cutoff: Date, batch: number): Promise<number> {
  const t = sql.identifier(table);
  const res = await db.execute(sql`
    with done as (
      delete from ${t} where ctid in (select ctid from ${t} where ${sql.identifier(column)} < ${cutoff} limit ${batch}) returning 1
    )
    select count(*)::int as n from done`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** A reference that keeps a `law` row (retention-law.ts): `match` over `p` and `c`, code constants, never input. */
export type TKeepIf = { from: string; match: string; youngerBy?: string };

/**
 * Deletes up to `batch` rows of a `law` table whose `column` is before `cutoff` and that no row of `keepIf` still
 * references (with `youngerBy`: no referencing row whose column is on or after the cutoff); returns how many.
 */
export async function deleteLawExpiredBatch(db: TTx, table: string, column: string, cutoff: Date, keepIf: readonly TKeepIf[], batch: number): Promise<number> {
  const t = sql.identifier(table);
  const kept = keepIf.map(
    (k) =>
      sql` and not exists (select 1 from ${sql.identifier(k.from)} c where ${sql.raw(k.match)}${
        k.youngerBy ? sql` and c.${sql.identifier(k.youngerBy)} >= ${cutoff}` : sql``
      })`,
  );
  const res = await db.execute(sql`
    with done as (
      delete from ${t} where ctid in (
        select p.ctid from ${t} p where p.${sql.identifier(column)} < ${cutoff}${sql.join(kept, sql``)} limit ${batch}
      ) returning 1
    )
    select count(*)::int as n from done`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
