/**
 * Metering's side of the billing module (issue 31, decision 058): the journal's writer, its flush every 5 s
 * (`billing.metering-flush`, on every instance) and the hourly gauges (`billing.gauges`, once in the cluster) that read
 * stored knowledge and admin-builder apps through those modules' services. What the services record goes through
 * `ctx.meter` (lib/metering); this file writes it.
 */
import type { TMeter } from '@suite/shared/plans';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TMeteredEvent } from '../../lib/metering/meter.ts';
import { storedBytesBySeed } from '../knowledge/knowledge.service.ts';
import { appCountsBySeed } from '../admin-builder/admin-builder.service.ts';
import type { TBillingDeps } from './billing.deps.ts';
import * as repo from './metering.repository.ts';

/** Hands the writer to the recorder and schedules its flush and the gauges. */
export function registerMeteringJobs(deps: TBillingDeps, jobs: Pick<TJobRunner, 'register' | 'every' | 'enqueue'>): void {
  deps.meter.attach(async (events, batch) => {
    await repo.writeMeteredEvents(deps.db, events, deps.now(), batch);
  });
  jobs.every('billing.metering-flush', () => deps.meter.flush());
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
