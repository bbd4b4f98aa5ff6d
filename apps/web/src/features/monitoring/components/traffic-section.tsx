import { useState } from 'react';
import { ko } from '@suite/shared';
import type { TTrafficWindow } from '@suite/shared/schemas/traffic';
import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTraffic } from '../api/get-traffic';
import { FigureTiles, Part, RoutesTable, ServicesTable, TrafficCharts } from './traffic-parts';
import { WindowSwitcher } from './window-switcher';

const tr = ko.traffic.traffic;

/**
 * The operator's traffic section of /admin/monitoring: requests, errors and latency of the whole suite for the last
 * hour, day or week (charts, per service, the busiest routes), from the server's own traffic store. Reloads every 30 s.
 */
export function TrafficSection() {
  const [window, setWindow] = useState<TTrafficWindow>('1h');
  const q = useTraffic(window);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">{tr.title}</CardTitle>
          <CardDescription>{tr.description}</CardDescription>
        </div>
        <WindowSwitcher value={window} onChange={setWindow} label={tr.windowLabel} />
      </CardHeader>
      <CardContent className="grid gap-8">
        {q.error ? <ErrorAlert message={`${tr.loadFailed} ${q.error.message}`} error={q.error} /> : null}
        {q.data ? (
          <>
            <FigureTiles figures={q.data.totals} extra={[[tr.rateLimited, q.data.totals.rateLimited.toLocaleString('ko-KR')]]} />
            {q.data.totals.requests === 0 ? <p className="text-sm text-muted-foreground">{tr.empty}</p> : null}
            <TrafficCharts series={q.data.series} window={q.data.window} />
            <Part title={tr.byService}>
              <ServicesTable services={q.data.services} />
            </Part>
            <Part title={tr.byRoute}>
              <RoutesTable routes={q.data.routes} omitted={q.data.routesOmitted} label={tr.byRoute} />
            </Part>
            <p className="text-xs text-muted-foreground break-keep">{tr.updatedNote}</p>
          </>
        ) : q.isPending ? (
          <p className="text-sm text-muted-foreground">{ko.common.loading}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
