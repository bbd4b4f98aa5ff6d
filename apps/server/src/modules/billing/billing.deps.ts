/**
 * What the billing module works with (issue 31), built once per app. The outside services (Toss Payments, Popbill,
 * the NTS business-status API) are adapters built from configuration; null when not configured.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TAppContext } from '../../context.ts';
import type { TDb } from '../../db/client.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import type { TConfig } from '../../config.ts';
import type { TMeterRecorder, TPlanGate } from '../../lib/metering/meter.ts';
import type { notify } from '../notifications/notifications.service.ts';

/** What `notify` works with (decision 057: a module names the notification deps by the service's own signature). */
type TNotificationsDeps = Parameters<typeof notify>[0];
import { createTossClient, type TTossClient } from '../../adapters/toss.ts';
import { createPopbillClient, type TPopbillClient } from '../../adapters/popbill.ts';
import { createNtsClient, type TNtsClient } from '../../adapters/nts.ts';

export type TBillingDeps = {
  db: TDb;
  log: FastifyBaseLogger;
  now: () => Date;
  appUrl: string;
  /** Seals billing keys and virtual-account secrets at rest (ENCRYPTION_KEY, lib/secret-box.ts). */
  encryptionKey: Buffer;
  jobs: Pick<TJobRunner, 'enqueue'>;
  meter: TMeterRecorder;
  /** Seeds over a free-plan volume this month: refreshed after each flush, read by the services a meter counts. */
  planGate: TPlanGate;
  /** The notification service (decision 051): notices to a seed's owner go through it. */
  notifications: TNotificationsDeps;
  /** The suite's own business (the 공급자 of invoices and 세금계산서): COMPANY_* configuration. */
  company: TConfig['company'];
  /** Toss Payments; null = billing not set up for this installation (every seed on the free plan). */
  toss: TTossClient | null;
  /** Popbill; null = no 세금계산서 (invoices still paid, the state says so). */
  popbill: TPopbillClient | null;
  /** NTS business status; null = 사업자등록번호 checked by its check digit only. */
  nts: TNtsClient | null;
};

export function createBillingDeps(ctx: TAppContext, log: FastifyBaseLogger, jobs: TBillingDeps['jobs'], notifications: TNotificationsDeps): TBillingDeps {
  const { billing } = ctx.config;
  return {
    db: ctx.database.db,
    log,
    now: ctx.now,
    appUrl: ctx.config.appUrl,
    encryptionKey: ctx.config.encryptionKey,
    jobs,
    meter: ctx.meter,
    planGate: ctx.planGate,
    notifications,
    company: ctx.config.company,
    toss: billing.toss ? createTossClient(billing.toss) : null,
    popbill: billing.popbill ? createPopbillClient(billing.popbill) : null,
    nts: billing.nts ? createNtsClient(billing.nts) : null,
  };
}
