/**
 * Metered events into billing_events and billing_usage (decision 058). One transaction a batch: the events are
 * inserted with ON CONFLICT (id) DO NOTHING, and exactly the rows inserted are added to the seed's monthly aggregate
 * (count: their quantities — 1 an event, n for a folded row —, sum: the quantities, max: the largest), so a replayed
 * journal or a retried request adds nothing.
 *
 * Plain data-API calls (no Idempotency-Key: a fresh id nothing can repeat) of a journal chunk are folded into one row
 * per seed and month, id `api-batch:<file>:<chunk>:<seed>:<month>`, quantity = the calls: a replay of the chunk names
 * the same row, so it still counts once, and the database writes a handful of rows a flush instead of one a call
 * (the per-call row cost 12–19 % of the data API's throughput, bench/RESULTS.md). Every other event keeps its own row.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { METERS, type TMeter } from '@suite/shared/plans';
import type { TDb } from '../../db/client.ts';
import { billingEvents, billingSubscriptions, billingUsage } from '../../db/schema-billing.ts';
import { isPlainCall, periodOf, type TMeteredEvent } from '../../lib/metering/meter.ts';

const meterList = (how: 'count' | 'sum' | 'max') =>
  sql.join(
    (Object.keys(METERS) as TMeter[]).filter((m) => METERS[m].aggregation === how).map((m) => sql`${m}`),
    sql`, `,
  );

/**
 * Writes the events, each id at most once, and adds exactly the inserted ones to billing_usage: one statement (so one
 * transaction and one round trip), the events as arrays (six parameters however many events). Returns how many
 * events were new.
 */
/** The chunk's plain calls folded into one row per seed and month (the others as they are). */
function fold(events: TMeteredEvent[], batch: string): TMeteredEvent[] {
  const out: TMeteredEvent[] = [];
  const folded = new Map<string, TMeteredEvent>();
  for (const e of events) {
    if (!isPlainCall(e)) {
      out.push(e);
      continue;
    }
    const id = `api-batch:${batch}:${e.seedId}:${periodOf(e.at)}`;
    const row = folded.get(id);
    if (row) {
      row.quantity += e.quantity;
      if (e.at > row.at) row.at = e.at;
    } else folded.set(id, { id, seedId: e.seedId, meter: e.meter, quantity: e.quantity, at: e.at });
  }
  return out.concat([...folded.values()]);
}

export async function writeMeteredEvents(db: TDb, events: TMeteredEvent[], at: Date, batch?: string): Promise<number> {
  if (!events.length) return 0;
  // Sorted by id (and the aggregates by key): two instances flushing at once take their locks in the same order.
  const rows = [...new Map((batch ? fold(events, batch) : events).map((e) => [e.id, e])).values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const col = <T>(f: (e: TMeteredEvent) => T) => sql.param(rows.map(f));
  const res = await db.execute(sql`
    with ins as (
      insert into ${billingEvents} (id, seed_id, meter, quantity, period, occurred_at)
      select * from unnest(${col((e) => e.id)}::text[], ${col((e) => e.seedId)}::uuid[], ${col((e) => e.meter)}::text[],
        ${col((e) => e.quantity)}::bigint[], ${col((e) => periodOf(e.at))}::text[], ${col((e) => e.at.toISOString())}::timestamptz[])
      on conflict (id) do nothing
      returning seed_id, period, meter, quantity
    ), agg as (
      select seed_id, period, meter, sum(case when meter in (${meterList('count')}) then quantity else 1 end)::bigint as n,
        sum(quantity)::bigint as total, max(quantity)::bigint as top
      from ins group by seed_id, period, meter
    ), up as (
      insert into ${billingUsage} (seed_id, period, meter, value, events, updated_at)
      select seed_id, period, meter,
        case when meter in (${meterList('max')}) then top when meter in (${meterList('sum')}) then total else n end, n, ${at.toISOString()}::timestamptz
      from agg order by seed_id, period, meter
      on conflict (seed_id, period, meter) do update set
        value = case when excluded.meter in (${meterList('max')}) then greatest(${billingUsage.value}, excluded.value)
          else ${billingUsage.value} + excluded.value end,
        events = ${billingUsage.events} + excluded.events,
        updated_at = excluded.updated_at
    )
    select coalesce(sum(n), 0)::int as inserted from agg`);
  return Number((res as unknown as { rows: { inserted: number | string }[] }).rows[0]?.inserted ?? 0);
}

/** Seeds without a paid plan whose `meter` reached `included` in `period` (no subscription row = the free plan). */
export async function freeSeedsAtOrOver(db: TDb, period: string, meter: TMeter, included: number, paidPlans: string[]): Promise<string[]> {
  const paid = db.select({ seedId: billingSubscriptions.seedId }).from(billingSubscriptions).where(inArray(billingSubscriptions.planId, paidPlans));
  const rows = await db
    .select({ seedId: billingUsage.seedId })
    .from(billingUsage)
    .where(and(eq(billingUsage.period, period), eq(billingUsage.meter, meter), gte(billingUsage.value, included), sql`${billingUsage.seedId} not in ${paid}`));
  return rows.map((r) => r.seedId);
}
