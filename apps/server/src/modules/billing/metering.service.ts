/**
 * Metering's side of the billing module (issue 31, decision 058): the journal's writer, its flush every 5 s
 * (`billing.metering-flush`, on every instance) and the hourly gauges (`billing.gauges`, once in the cluster) that read
 * stored knowledge and admin-builder apps through those modules' services. What the services record goes through
 * `ctx.meter` (lib/metering); this file writes it.
 */
import type { TMeter } from '@suite/shared/plans';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { periodOf, type TMeteredEvent } from '../../lib/metering/meter.ts';
import { FREE_PLAN_ID, PLANS, planById } from '@suite/shared/plans';
import { storedBytesBySeed } from '../knowledge/knowledge.service.ts';
import { appCountsBySeed } from '../admin-builder/admin-builder.service.ts';
import type { TBillingDeps } from './billing.deps.ts';
import * as repo from './metering.repository.ts';

/** Hands the writer to the recorder and schedules its flush and the gauges. */
export function registerMeteringJobs(deps: TBillingDeps, jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>): void {
  deps.meter.attach(async (events, batch) => {
    await repo.writeMeteredEvents(deps.db, events, deps.now(), batch);
  });
  jobs.every('billing.metering-flush', async () => {
    await deps.meter.flush();
    await refreshPlanGate(deps);
  });
  jobs.every('billing.gauges', () => recordGauges(deps));
}

/**
 * One reading of the gauges: for every seed with stored knowledge or admin-builder apps, an event per meter whose id
 * names the hour (`gauge:<meter>:<seedId>:<YYYY-MM-DDTHH>`), written at once; the month keeps the largest reading.
 * Two readings in one hour are one event.
 */
export async function recordGauges(deps: Pick<TBillingDeps, 'db' | 'now'>): Promise<number> {
  const at = deps.now();
  const hour = at.toISOString().slice(0, 13);
  const [bytes, apps] = await Promise.all([storedBytesBySeed(deps.db), appCountsBySeed(deps)]);
  const gauge = (meter: TMeter, seedId: string, quantity: number): TMeteredEvent => ({ id: `gauge:${meter}:${seedId}:${hour}`, seedId, meter, quantity, at });
  const events = [...bytes.map((b) => gauge('knowledge.bytes', b.seedId, b.bytes)), ...apps.map((a) => gauge('admin-builder.apps', a.seedId, a.apps))];
  let written = 0;
  for (let i = 0; i < events.length; i += 2_000) written += await repo.writeMeteredEvents(deps.db, events.slice(i, i + 2_000), at);
  return written;
}

/** Meters whose free volume is a limit the services enforce (the others are shown as over, not refused). */
const ENFORCED: TMeter[] = ['api.calls'];

/**
 * The free plan's volumes are limits, not charges: while billing is set up (Toss configured), a seed on the free plan
 * that has used a volume this Seoul month is refused further calls of that meter until the month ends or it upgrades
 * (the data API answers 429). Without billing set up nothing is limited. Called after every metering flush.
 */
export async function refreshPlanGate(deps: Pick<TBillingDeps, 'db' | 'now' | 'toss' | 'planGate'>): Promise<void> {
  const free = planById(FREE_PLAN_ID)!;
  const paidPlans = PLANS.filter((p) => p.id !== FREE_PLAN_ID).map((p) => p.id);
  for (const meter of ENFORCED) {
    const included = free.meters.find((m) => m.meter === meter)?.included;
    if (!deps.toss || included === undefined) {
      deps.planGate.set(meter, []);
      continue;
    }
    deps.planGate.set(meter, await repo.freeSeedsAtOrOver(deps.db, periodOf(deps.now()), meter, included, paidPlans));
  }
}
