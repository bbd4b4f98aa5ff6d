import { Link } from 'react-router';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useServices } from '@/features/console/api/list-services';
import { ServiceStatusBadge } from '@/features/console/components/status-badge';

const t = ko.consoleUi.servicesPage;
/** Spec: usage bar scale, 200 users = 100%, capped. */
const FULL = 200;

export function ServicesPage() {
  const services = useServices();
  if (services.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        {services.error.message}
      </p>
    );
  if (!services.data) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {services.data.data.map((s) => {
        const pct = Math.min(100, Math.round((s.users / FULL) * 100));
        return (
          <Card key={s.id}>
            <CardHeader>
              <div className="flex items-center justify-between gap-2">
                <CardTitle className="text-lg">{s.name}</CardTitle>
                <ServiceStatusBadge status={s.status} />
              </div>
              {s.description ? <CardDescription>{s.description}</CardDescription> : null}
            </CardHeader>
            <CardContent className="grid gap-3">
              <div className="grid gap-1.5">
                <div className="flex justify-between text-sm">
                  <span className="text-muted-foreground">{t.usage}</span>
                  <span className="tabular-nums">{t.users(s.users)}</span>
                </div>
                <div
                  role="progressbar"
                  aria-label={`${s.name} ${t.usage}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={pct}
                  className="h-2 overflow-hidden rounded-full bg-muted"
                >
                  <div className="h-full rounded-full bg-primary" style={{ width: `${pct}%` }} />
                </div>
              </div>
              <div className="flex gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/admin/services/${s.id}`}>{t.settings}</Link>
                </Button>
                <Button asChild variant="ghost" size="sm">
                  <Link to="/admin/analytics">{t.stats}</Link>
                </Button>
              </div>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
