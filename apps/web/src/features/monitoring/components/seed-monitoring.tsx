import { useState } from 'react';
import { ko } from '@suite/shared';
import type { TTrafficWindow } from '@suite/shared/schemas/traffic';
import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSeedMonitoring } from '../api/get-seed-monitoring';
import { count, percent } from '../lib/traffic-format';
import { TokensTable, UsageBar } from './spend-section';
import { FigureTiles, Part, RoutesTable, TrafficCharts } from './traffic-parts';
import { WindowSwitcher } from './window-switcher';

const se = ko.traffic.seed;
const tr = ko.traffic.traffic;

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 rounded-md border px-3 py-2">
      <dt className="text-xs text-muted-foreground break-keep">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * /admin/monitoring for a seed's owner or admin: the seed's own requests (its console routes and its data APIs),
 * the data API's errors, latency and cache hit ratio, the chatbot's unanswered rate, mails against the quota and
 * language-model tokens against the workspace's budget.
 */
export function SeedMonitoring({ seedId }: { seedId: string }) {
  const [window, setWindow] = useState<TTrafficWindow>('24h');
  const q = useSeedMonitoring(seedId, window);
  const d = q.data;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">{se.title}</CardTitle>
          <CardDescription>{se.description}</CardDescription>
        </div>
        <WindowSwitcher value={window} onChange={setWindow} label={tr.windowLabel} />
      </CardHeader>
      <CardContent className="grid gap-8">
        {q.error ? <ErrorAlert message={`${se.loadFailed} ${q.error.message}`} error={q.error} /> : null}
        {d ? (
          <>
            <FigureTiles figures={d.totals} />
            <TrafficCharts series={d.series} window={d.window} />
            <Part title={se.apiBuilder}>
              <FigureTiles figures={d.apiBuilder} extra={[[se.cacheHitRatio, percent(d.apiBuilder.cacheHitRatio)]]} />
            </Part>
            <div className="grid gap-8 lg:grid-cols-2">
              <Part title={se.chatbot}>
                {d.chatbot.questions ? (
                  <dl className="grid grid-cols-3 gap-3">
                    <Tile label={se.questions} value={count(d.chatbot.questions)} />
                    <Tile label={se.unanswered} value={count(d.chatbot.unanswered)} />
                    <Tile label={se.unansweredRate} value={percent(d.chatbot.unansweredRate)} />
                  </dl>
                ) : (
                  <p className="text-sm text-muted-foreground">{se.noChatbot}</p>
                )}
              </Part>
              <Part title={se.mails}>
                <dl className="grid grid-cols-2 gap-3">
                  <Tile label={ko.traffic.spend.mailsWindow} value={count(d.mails.mails)} />
                  <Tile label={ko.traffic.spend.mailsLastHour} value={`${count(d.mails.lastHour)} / ${count(d.mails.perSeedHourly)}`} />
                </dl>
                <UsageBar used={d.mails.lastHour} limit={d.mails.perSeedHourly} label={ko.traffic.spend.mailsLastHour} />
              </Part>
            </div>
            <Part title={se.tokens}>
              {d.tokens ? <TokensTable tokens={[d.tokens]} showSeed={false} /> : <p className="text-sm text-muted-foreground">{se.noWorkspace}</p>}
            </Part>
            <Part title={se.routes}>
              {d.routes.length ? (
                <RoutesTable routes={d.routes} omitted={d.routesOmitted} label={se.routes} />
              ) : (
                <p className="text-sm text-muted-foreground">{tr.empty}</p>
              )}
            </Part>
          </>
        ) : q.isPending ? (
          <p className="text-sm text-muted-foreground">{ko.common.loading}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
