import { useState } from 'react';
import { Link } from 'react-router';
import { ko } from '@suite/shared';
import { lowHitRatio } from '../lib/hit-ratio';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useApis } from '../api/list-apis';
import { useConnections } from '../api/list-connections';
import { useSummary } from '../api/get-summary';
import { FirstRun } from '../components/first-run';
import { isManager, ManagersOnly, NoSeed, useSelectedSeed } from '../components/use-seed';

const t = ko.apiBuilder.ui;
const pct = (r: number | null) => (r === null ? t.noData : `${Math.round(r * 1000) / 10}%`);

/** /admin/services/api-builder: connections, APIs, calls today, cache hit ratio; the guided first run when empty. */
export function ApiBuilderOverviewPage() {
  const { seed } = useSelectedSeed();
  if (!seed) return <NoSeed />;
  if (!isManager(seed.role)) return <ManagersOnly />;
  return <Overview seedId={seed.id} />;
}

function Overview({ seedId }: { seedId: string }) {
  const summary = useSummary(seedId);
  const apis = useApis(seedId);
  const conns = useConnections(seedId);
  const s = summary.data;
  // Once started (no connection yet), the guided run stays until its last step, though a connection now exists.
  const [guided, setGuided] = useState(false);
  if (!guided && conns.data?.length === 0) setGuided(true);
  const figures = [
    [t.connections, s?.connections],
    [t.apis, s?.apis],
    [t.callsToday, s?.callsToday],
    [t.hitRatio, s ? pct(s.hitRatio) : undefined],
  ] as const;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground break-keep">{t.subtitle}</p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map(([label, value]) => (
          <Card key={label}>
            <CardContent className="grid gap-1 p-4">
              <span className="text-xs text-muted-foreground">{label}</span>
              <span className="text-2xl font-semibold tabular-nums" data-testid={`ab-figure-${label}`}>
                {value ?? '…'}
              </span>
            </CardContent>
          </Card>
        ))}
      </div>
      {guided ? <FirstRun seedId={seedId} /> : null}
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t.apis}</CardTitle>
        </CardHeader>
        <CardContent>
          {apis.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {apis.error.message}
            </p>
          ) : null}
          {apis.data?.length === 0 ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-muted-foreground break-keep">{t.publish.noApisYet}</p>
              {conns.data?.length && !guided ? (
                <Button asChild size="sm">
                  <Link to="/admin/services/api-builder/apis">{t.publish.open}</Link>
                </Button>
              ) : null}
            </div>
          ) : null}
          <ul className="grid gap-2">
            {apis.data?.map((a) => {
              const total = a.cacheHitsToday + a.cacheMissesToday;
              return (
                <li key={a.id} className="grid gap-1 rounded-md border p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{a.connectionName}</span>
                    <Badge variant="secondary">{t.cacheMode[a.cacheMode]}</Badge>
                    <span className="text-xs text-muted-foreground">
                      {t.callsToday} {a.callsToday} · {t.hitRatio} {pct(total ? a.cacheHitsToday / total : null)}
                    </span>
                  </div>
                  {lowHitRatio(a.cacheHitsToday, a.cacheMissesToday) ? <p className="text-xs text-amber-700 dark:text-amber-400">{t.lowHitRatio}</p> : null}
                  <code className="break-all text-xs">{a.baseUrl}</code>
                  <span className="text-xs text-muted-foreground">{a.tables.map((x) => x.name).join(', ')}</span>
                </li>
              );
            })}
          </ul>
          <div className="mt-3 flex flex-wrap gap-3 text-sm">
            <Link className="underline" to="/admin/services/api-builder/settings">
              {ko.consoleUi.nav.apiBuilderSettings}
            </Link>
            <Link className="underline" to="/admin/services/api-builder/apis">
              {ko.consoleUi.nav.apiBuilderApis}
            </Link>
            <Link className="underline" to="/admin/services/api-builder/test">
              {ko.consoleUi.nav.apiBuilderTest}
            </Link>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
