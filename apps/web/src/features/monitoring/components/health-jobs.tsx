import { ko } from '@suite/shared';
import type { TJobsResponse } from '@suite/shared/schemas/monitoring';
import { BusyButton } from '@/components/busy-button';
import { ErrorAlert } from '@/components/error-alert';
import { HeadCells } from '@/components/head-cells';
import { ScrollRegion } from '@/components/scroll-region';
import { Badge } from '@/components/ui/badge';
import { useRetryJob } from '../api/retry-job';
import { formatCount, formatEvery, formatWhen } from '../lib/health-format';

const h = ko.monitoring.health;
const th = 'px-3 py-2 font-medium';
const num = 'whitespace-nowrap px-3 py-2 text-right font-medium';

/** Queue depth per job kind: due now, scheduled, held by a runner, failed in the last 24 hours. */
export function QueuesTable({ queues }: { queues: TJobsResponse['queues'] }) {
  if (!queues.length) return <p className="text-sm text-muted-foreground">{h.noQueues}</p>;
  return (
    <ScrollRegion label={h.queues} className="rounded-md border" tableClassName="w-full min-w-[30rem] text-sm">
      <thead className="bg-muted/50 text-left">
        <tr>
          <HeadCells
            cells={[
              [h.kind, th],
              [h.due, num],
              [h.scheduled, num],
              [h.running, num],
              [h.failed24h, num],
            ]}
          />
        </tr>
      </thead>
      <tbody>
        {queues.map((q) => (
          <tr key={q.kind} className="border-t" data-testid="queue" data-kind={q.kind}>
            <td className="px-3 py-2 font-mono text-xs">{q.kind}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatCount(q.due)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatCount(q.scheduled)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatCount(q.running)}</td>
            <td className={`px-3 py-2 text-right tabular-nums ${q.failed24h ? 'font-semibold text-destructive' : ''}`}>{formatCount(q.failed24h)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollRegion>
  );
}

/** Failed jobs with their error, each with a button that puts it back in the queue (the list reloads after). */
export function FailedJobs({ failed, total }: { failed: TJobsResponse['failed']; total: number }) {
  const retry = useRetryJob();
  const busyId = retry.isPending ? retry.variables : undefined;
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">{total ? h.failedCount(failed.length, total) : h.noFailed}</p>
      {retry.isSuccess ? (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {h.retried(retry.data.id)}
        </p>
      ) : null}
      <ErrorAlert message={retry.error?.message} error={retry.error} />
      {failed.length ? (
        <ScrollRegion label={h.failedJobs} className="rounded-md border" tableClassName="w-full min-w-[44rem] text-sm">
          <thead className="bg-muted/50 text-left">
            <tr>
              <HeadCells
                cells={[
                  ['#', th],
                  [h.kind, th],
                  [h.error, th],
                  [h.attempts, num],
                  [h.failedAt, th],
                  [<span className="sr-only">{h.retry}</span>, th],
                ]}
              />
            </tr>
          </thead>
          <tbody>
            {failed.map((j) => (
              <tr key={j.id} className="border-t align-top" data-testid="failed-job" data-id={j.id}>
                <td className="px-3 py-2 tabular-nums">{j.id}</td>
                <td className="px-3 py-2 font-mono text-xs">{j.kind}</td>
                <td className="max-w-72 break-all px-3 py-2 text-xs text-muted-foreground">{j.error ?? h.none}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{h.attemptsValue(j.attempts, j.maxAttempts)}</td>
                <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatWhen(j.failedAt)}</td>
                <td className="px-3 py-2 text-right">
                  <BusyButton
                    size="sm"
                    variant="outline"
                    busy={busyId === j.id}
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(j.id)}
                    aria-label={`${h.retry} #${j.id}`}
                  >
                    {h.retry}
                  </BusyButton>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollRegion>
      ) : null}
    </div>
  );
}

/** Every periodic task of the catalogue with its interval, scope and the latest run any instance reported. */
export function SchedulesTable({ schedules }: { schedules: TJobsResponse['schedules'] }) {
  return (
    <ScrollRegion label={h.schedules} className="rounded-md border" tableClassName="w-full min-w-[40rem] text-sm">
      <thead className="bg-muted/50 text-left">
        <tr>
          <HeadCells
            cells={[
              [h.schedule, th],
              [h.every, th],
              [h.scope, th],
              [h.lastRun, th],
            ]}
          />
        </tr>
      </thead>
      <tbody>
        {schedules.map((s) => (
          <tr key={s.name} className="border-t align-top" data-testid="schedule" data-name={s.name}>
            <td className="px-3 py-2 font-mono text-xs">{s.name}</td>
            <td className="whitespace-nowrap px-3 py-2">{formatEvery(s.everyMs)}</td>
            <td className="px-3 py-2 break-keep">{h.scopes[s.scope]}</td>
            <td className="px-3 py-2">
              {s.lastRunAt ? (
                <span className="flex flex-wrap items-center gap-2">
                  <span className="whitespace-nowrap tabular-nums">{formatWhen(s.lastRunAt)}</span>
                  <Badge variant={s.lastOk ? 'success' : 'destructive'}>{s.lastOk ? h.ranOk : h.ranFailed}</Badge>
                  {s.lastError ? <span className="break-all text-xs text-muted-foreground">{s.lastError}</span> : null}
                </span>
              ) : (
                <span className="text-muted-foreground">{h.neverRan}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollRegion>
  );
}
