import { CircleAlert, Info, RefreshCw, TriangleAlert } from 'lucide-react';
import { ko, type TAdvisorFinding } from '@suite/shared';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdvisors } from '../api/get-advisors';
import { formatWhen } from '../lib/health-format';

const a = ko.alerts.advisors;

const look = {
  critical: { icon: CircleAlert, badge: 'destructive', tone: 'text-destructive' },
  warning: { icon: TriangleAlert, badge: 'amber', tone: 'text-amber-600 dark:text-amber-400' },
  info: { icon: Info, badge: 'secondary', tone: 'text-muted-foreground' },
} as const;

function Finding({ f }: { f: TAdvisorFinding }) {
  const { icon: Icon, badge, tone } = look[f.severity];
  return (
    <li className="grid gap-2 rounded-lg border p-4" data-testid={`advisor-${f.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Icon className={`size-4 shrink-0 ${tone}`} aria-hidden="true" />
        <Badge variant={badge}>{a.severity[f.severity]}</Badge>
        <h3 className="min-w-0 font-semibold break-keep">{f.title}</h3>
      </div>
      {f.detail ? <p className="text-sm break-all text-muted-foreground">{f.detail}</p> : null}
      <dl className="grid gap-2 text-sm">
        <div className="grid gap-0.5">
          <dt className="font-medium">{a.why}</dt>
          <dd className="text-muted-foreground break-keep">{f.why}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="font-medium">{a.fix}</dt>
          <dd className="text-muted-foreground break-keep">{f.fix}</dd>
        </div>
      </dl>
    </li>
  );
}

/** The operator's advisors on /admin/monitoring: what this installation should fix, worst first. */
export function AdvisorsSection() {
  const q = useAdvisors();
  return (
    <Card data-testid="advisors-section">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">{a.title}</CardTitle>
          <CardDescription className="break-keep">{a.description}</CardDescription>
          {q.data ? <p className="text-xs text-muted-foreground">{a.checkedAt(formatWhen(q.data.checkedAt))}</p> : null}
        </div>
        <Button variant="outline" size="sm" onClick={() => void q.refetch()} disabled={q.isFetching}>
          <RefreshCw aria-hidden="true" className={q.isFetching ? 'animate-spin' : ''} />
          {ko.monitoring.health.refresh}
        </Button>
      </CardHeader>
      <CardContent>
        {q.error ? <ErrorAlert message={q.error.message} error={q.error} /> : null}
        {q.isPending ? <p className="text-sm text-muted-foreground">{ko.common.loading}</p> : null}
        {q.data && q.data.findings.length === 0 ? <p className="text-sm text-muted-foreground">{a.none}</p> : null}
        {q.data && q.data.findings.length > 0 ? (
          <ul className="grid gap-3">
            {q.data.findings.map((f) => (
              <Finding key={f.id} f={f} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
