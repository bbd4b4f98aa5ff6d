import { RefreshCw } from 'lucide-react';
import { ko } from '@suite/shared';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useInstances } from '../api/get-instances';
import { useJobs } from '../api/get-jobs';
import { formatWhen } from '../lib/health-format';
import { InstanceCards, ReadinessBadges } from './health-instances';
import { FailedJobs, QueuesTable, SchedulesTable } from './health-jobs';
import { ServicesTable } from './health-services';

const h = ko.monitoring.health;

function Part({ title, hint, sub, children }: { title: string; hint?: string | undefined; sub?: boolean; children: React.ReactNode }) {
  const Heading = sub ? 'h4' : 'h3';
  return (
    <section className="grid min-w-0 gap-3" aria-label={title}>
      <div className="grid gap-1">
        <Heading className={sub ? 'text-sm font-semibold text-muted-foreground' : 'text-base font-semibold'}>{title}</Heading>
        {hint ? <p className="text-xs text-muted-foreground break-keep">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}

const loading = <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;

/**
 * The operator's health section of /admin/monitoring: every instance that reports (all of them, through the shared
 * database, not only the one answering), PostgreSQL and Redis readiness, the job runner and the outside services.
 * Both lists reload every 15 s.
 */
export function HealthSection() {
  const instances = useInstances();
  const jobs = useJobs();
  const refresh = () => {
    void instances.refetch();
    void jobs.refetch();
  };
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">{h.title}</CardTitle>
          <CardDescription>{h.description}</CardDescription>
          {instances.data ? <p className="text-xs text-muted-foreground">{h.checkedAt(formatWhen(instances.data.checkedAt))}</p> : null}
        </div>
        <Button variant="outline" size="sm" onClick={refresh} disabled={instances.isFetching || jobs.isFetching}>
          <RefreshCw aria-hidden="true" className={instances.isFetching || jobs.isFetching ? 'animate-spin' : ''} />
          {h.refresh}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-8 p-4 pt-0 sm:p-6 sm:pt-0">
        {instances.error ? <ErrorAlert message={`${h.loadFailed} ${instances.error.message}`} error={instances.error} /> : null}
        <Part title={h.instances} hint={instances.data ? h.instancesHint(instances.data.goneAfterSeconds) : undefined}>
          {instances.data ? (
            <>
              <ReadinessBadges readiness={instances.data.readiness} />
              <InstanceCards instances={instances.data.instances} />
            </>
          ) : instances.isPending ? (
            loading
          ) : null}
        </Part>
        <Part title={h.jobs}>
          {jobs.error ? <ErrorAlert message={`${h.loadFailed} ${jobs.error.message}`} error={jobs.error} /> : null}
          {jobs.data ? (
            <div className="grid gap-6">
              <Part sub title={h.queues}>
                <QueuesTable queues={jobs.data.queues} />
              </Part>
              <Part sub title={h.failedJobs}>
                <FailedJobs failed={jobs.data.failed} total={jobs.data.failedTotal} />
              </Part>
              <Part sub title={h.schedules}>
                <SchedulesTable schedules={jobs.data.schedules} />
              </Part>
            </div>
          ) : jobs.isPending ? (
            loading
          ) : null}
        </Part>
        <Part title={h.services}>{instances.data ? <ServicesTable services={instances.data.services} /> : instances.isPending ? loading : null}</Part>
      </CardContent>
    </Card>
  );
}
