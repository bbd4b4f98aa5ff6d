/**
 * Retention by the data map (issue 32, decision 068): every hour (schedule 'privacy.retention', one instance), each
 * map entry with `retention.kind === 'days'` loses the rows whose `column` is older than `days` by the app's clock,
 * deleted in batches. Expired rows are deleted, never anonymised: the map's `anonymise` rules are erasure's (they
 * keep a shared row for the others when one person leaves, and name that person as `$1`); once the period is over the
 * row has no purpose for anyone. Tables a module already purges on its own schedule are left to it (PURGED_BY_MODULE)
 * and their periods checked against the map. Entries with `retention.kind === 'law'` lose their rows `years` calendar
 * years after `column`, except rows still referenced by younger records (retention-law.ts). Each run that removed or
 * failed something writes one audit row ('privacy.retention', counts per table) that the platform admin reads in 감사 로그.
 */
import { koPrivacy } from '@suite/shared/messages/ko-privacy';
import { writeAudit } from '../../lib/audit.ts';
import type { TScheduleName } from '../../lib/jobs/catalogue.ts';
import { DATA_MAP } from './data-map.ts';
import type { TTableMap } from './data-map.types.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import { lawOrder, yearsBefore } from './retention-law.ts';
import { deleteExpiredBatch, deleteLawExpiredBatch } from './retention.repository.ts';

const DAY_MS = 86_400_000;
/** Rows per statement, and statements per table and run (what is left waits for the next hour). */
export const RETENTION_BATCH = 1_000;
const MAX_BATCHES = 200;

/**
 * Tables their own module purges, with that module's period in days (null where it is not a fixed number of days
 * after `column`). The sweep skips them; a map entry whose `days` differs is reported (and fails retention.test.ts).
 */
export const PURGED_BY_MODULE: Readonly<Record<string, { schedule: TScheduleName; days: number | null }>> = {
  auth_sessions: { schedule: 'auth.prune-expired', days: 30 },
  refresh_tokens: { schedule: 'auth.prune-expired', days: null },
  auth_tokens: { schedule: 'auth.prune-expired', days: null },
  auth_flows: { schedule: 'auth.prune-expired', days: null },
  users: { schedule: 'admin.purge-deleted-users', days: null },
  jobs: { schedule: 'jobs.purge-finished', days: 30 },
  notifications: { schedule: 'notifications.purge-old', days: 90 },
  notification_deliveries: { schedule: 'notifications.purge-old', days: 90 },
  chatbot_tickets: { schedule: 'chatbot.purge-tickets', days: 365 },
  // Each workspace sets its own period (settings.retentionDays); 90 days when it has not.
  slack_messages: { schedule: 'slack.mirror-retention', days: 90 },
  traffic_minutes: { schedule: 'traffic.purge', days: 2 },
  traffic_hours: { schedule: 'traffic.purge', days: 400 },
  traffic_mails: { schedule: 'traffic.purge', days: 400 },
  billing_webhook_events: { schedule: 'billing.purge-webhooks', days: 90 },
};

export type TRetentionRun = {
  at: string;
  /** Rows deleted per table (tables with none are left out). */
  deleted: Record<string, number>;
  /** Tables left to their module's schedule. */
  skipped: Record<string, TScheduleName>;
  /** Tables whose map period differs from their module's. */
  mismatched: string[];
  /** Tables whose delete failed (the error's message); the others went on. */
  failed: Record<string, string>;
};

/** Map entries with a period in days, as [entry, days, column]. */
const periodic = (entries: readonly TTableMap[]) =>
  entries.flatMap((e) => (e.retention.kind === 'days' ? [{ entry: e, days: e.retention.days, column: e.retention.column }] : []));

export async function runRetention(
  deps: Pick<TPrivacyDeps, 'db' | 'now' | 'log'>,
  opts: { entries?: readonly TTableMap[]; batch?: number } = {},
): Promise<TRetentionRun> {
  const now = deps.now();
  const batch = opts.batch ?? RETENTION_BATCH;
  const run: TRetentionRun = { at: now.toISOString(), deleted: {}, skipped: {}, mismatched: [], failed: {} };
  const labels: string[] = [];
  /** Deletes a table's expired rows batch by batch (a failure is reported and the other tables go on). */
  const sweep = async (entry: TTableMap, deleteBatch: () => Promise<number>) => {
    let n = 0;
    try {
      for (let i = 0; i < MAX_BATCHES; i++) {
        const got = await deleteBatch();
        n += got;
        if (got < batch) break;
      }
    } catch (err) {
      run.failed[entry.table] = err instanceof Error ? err.message.slice(0, 300) : String(err);
      deps.log.error({ err, table: entry.table }, 'privacy retention: delete failed');
    }
    if (n) {
      run.deleted[entry.table] = (run.deleted[entry.table] ?? 0) + n;
      labels.push(koPrivacy.retention.count(entry.label, n));
    }
  };
  const entries = opts.entries ?? DATA_MAP;
  for (const { entry, days, column } of periodic(entries)) {
    const own = PURGED_BY_MODULE[entry.table];
    if (own) {
      run.skipped[entry.table] = own.schedule;
      if (own.days !== null && own.days !== days) run.mismatched.push(entry.table);
      continue;
    }
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    await sweep(entry, () => deleteExpiredBatch(deps.db, entry.table, column, cutoff, batch));
  }
  // Kept by law: referencing tables first; a row still referenced by a younger record stays (retention-law.ts).
  for (const { entry, years, column, references } of lawOrder(entries)) {
    const cutoff = yearsBefore(now, years);
    const keepIf = references.map((r) => ({ from: r.from, match: r.match, youngerBy: r.how.kind === 'cascade' ? r.how.column : undefined }));
    await sweep(entry, () => deleteLawExpiredBatch(deps.db, entry.table, column, cutoff, keepIf, batch));
  }
  if (run.mismatched.length) deps.log.warn({ tables: run.mismatched }, 'privacy retention: the data map and the module disagree on the period');
  if (labels.length || Object.keys(run.failed).length || run.mismatched.length) {
    await writeAudit(deps.db, {
      action: 'privacy.retention',
      targetType: 'retention',
      metadata: { label: labels.join(', '), deleted: run.deleted, failed: run.failed, mismatched: run.mismatched },
    });
  }
  return run;
}

export function registerRetentionJobs(deps: TPrivacyDeps): void {
  deps.jobs.every('privacy.retention', async () => {
    const run = await runRetention(deps);
    if (Object.keys(run.deleted).length) deps.log.info({ deleted: run.deleted }, 'privacy retention: expired rows deleted');
  });
}
