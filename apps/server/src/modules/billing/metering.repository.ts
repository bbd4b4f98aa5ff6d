/**
 * Metered events into billing_events and billing_usage (decision 058). One transaction a batch: the events are
 * inserted with ON CONFLICT (id) DO NOTHING, and exactly the rows inserted are added to the seed's monthly aggregate
 * (count: one each, sum: the quantities, max: the largest), so a replayed journal or a retried request adds nothing.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { METERS, type TMeter } from '@suite/shared/plans';
import type { TDb } from '../../db/client.ts';
import { billingEvents, billingUsage } from '../../db/schema-billing.ts';
import { periodOf, type TMeteredEvent } from '../../lib/metering/meter.ts';

const MAX_METERS = (Object.keys(METERS) as TMeter[]).filter((m) => METERS[m].aggregation === 'max');

/** A meter's contribution of the events inserted (their count, and the figure its aggregation makes of them). */
function aggregate(meter: TMeter, quantities: number[]): number {
  const how = METERS[meter].aggregation;
  if (how === 'count') return quantities.length;
  if (how === 'sum') return quantities.reduce((a, q) => a + q, 0);
  return Math.max(...quantities);
}

/** Writes the events, each id at most once, and adds the inserted ones to billing_usage; one transaction. */
export async function writeMeteredEvents(db: TDb, events: TMeteredEvent[], at: Date): Promise<number> {
  if (!events.length) return 0;
  // Sorted by id, and the aggregates by key below: two instances flushing at once take their locks in the same order.
  const byId = new Map(events.map((e) => [e.id, e]));
  const rows = [...byId.values()]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((e) => ({ id: e.id, seedId: e.seedId, meter: e.meter, quantity: e.quantity, period: periodOf(e.at), occurredAt: e.at }));
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(billingEvents)
      .values(rows)
      .onConflictDoNothing({ target: billingEvents.id })
      .returning({ seedId: billingEvents.seedId, period: billingEvents.period, meter: billingEvents.meter, quantity: billingEvents.quantity });
    if (!inserted.length) return 0;
    const groups = new Map<string, { seedId: string; period: string; meter: TMeter; quantities: number[] }>();
    for (const r of inserted) {
      const key = `${r.seedId}|${r.period}|${r.meter}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { seedId: r.seedId, period: r.period, meter: r.meter as TMeter, quantities: [] }));
      g.quantities.push(r.quantity);
    }
    const usage = [...groups.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, g]) => ({
        seedId: g.seedId,
        period: g.period,
        meter: g.meter,
        value: aggregate(g.meter, g.quantities),
        events: g.quantities.length,
        updatedAt: at,
      }));
    const maxMeters = sql.join(
      MAX_METERS.map((m) => sql`${m}`),
      sql`, `,
    );
    await tx
      .insert(billingUsage)
      .values(usage)
      .onConflictDoUpdate({
        target: [billingUsage.seedId, billingUsage.period, billingUsage.meter],
        set: {
          value: sql`case when excluded.meter in (${maxMeters}) then greatest(${billingUsage.value}, excluded.value) else ${billingUsage.value} + excluded.value end`,
          events: sql`${billingUsage.events} + excluded.events`,
          updatedAt: at,
        },
      });
    return inserted.length;
  });
}

/** A seed's aggregates of a period, by meter (the figure and how many events made it). */
export async function usageOfPeriod(db: TDb, seedId: string, period: string): Promise<{ meter: TMeter; value: number; events: number }[]> {
  const rows = await db
    .select({ meter: billingUsage.meter, value: billingUsage.value, events: billingUsage.events })
    .from(billingUsage)
    .where(and(eq(billingUsage.seedId, seedId), eq(billingUsage.period, period)))
    .orderBy(asc(billingUsage.meter));
  return rows.filter((r): r is typeof r & { meter: TMeter } => r.meter in METERS);
}

/** Which of these event ids are stored (tests and the kill -9 check compare with what was answered). */
export async function storedEventIds(db: TDb, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: billingEvents.id })
      .from(billingEvents)
      .where(inArray(billingEvents.id, ids.slice(i, i + 1000)));
    for (const r of rows) out.add(r.id);
  }
  return out;
}
