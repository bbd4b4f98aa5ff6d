import { ko } from '@suite/shared';
import type { TTrafficFigures, TTrafficPoint, TTrafficRoute, TTrafficService, TTrafficWindow } from '@suite/shared/schemas/traffic';
import { HeadCells } from '@/components/head-cells';
import { ScrollRegion } from '@/components/scroll-region';
import { count, ms, percent, pointLabel } from '../lib/traffic-format';
import { LineChart } from './line-chart';

const tr = ko.traffic.traffic;

const BLUE = '#2563eb';
const AMBER = '#d97706';
const RED = '#dc2626';
const VIOLET = '#7c3aed';

/** The window's totals as a row of figures. */
export function FigureTiles({ figures, extra = [] }: { figures: TTrafficFigures; extra?: [string, string][] }) {
  const errors = figures.clientErrors + figures.serverErrors;
  const tiles: [string, string][] = [
    [tr.requests, count(figures.requests)],
    [tr.clientErrors, count(figures.clientErrors)],
    [tr.serverErrors, count(figures.serverErrors)],
    [tr.errorRate, percent(figures.requests ? errors / figures.requests : null)],
    [tr.p50, ms(figures.p50)],
    [tr.p95, ms(figures.p95)],
    [tr.p99, ms(figures.p99)],
    ...extra,
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-8">
      {tiles.map(([label, value]) => (
        <div key={label} className="grid gap-0.5 rounded-md border px-3 py-2">
          <dt className="text-xs text-muted-foreground break-keep">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Requests and errors, and latency percentiles, over the window's fixed points. */
export function TrafficCharts({ series, window }: { series: TTrafficPoint[]; window: TTrafficWindow }) {
  const labels = series.map((p) => pointLabel(p.at, window));
  const w = ko.traffic.windows[window];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <LineChart
        title={tr.chartRequestsLabel(w)}
        labels={labels}
        format={(v) => count(Math.round(v))}
        lines={[
          { label: tr.legendRequests, colour: BLUE, values: series.map((p) => p.requests), area: true },
          { label: tr.legendErrors, colour: AMBER, values: series.map((p) => p.clientErrors + p.serverErrors) },
          { label: tr.legend5xx, colour: RED, values: series.map((p) => p.serverErrors) },
        ]}
      />
      <LineChart
        title={tr.chartLatencyLabel(w)}
        labels={labels}
        format={(v) => ms(v)}
        lines={[
          { label: tr.p50, colour: BLUE, values: series.map((p) => p.p50) },
          { label: tr.p95, colour: VIOLET, values: series.map((p) => p.p95) },
          { label: tr.p99, colour: RED, values: series.map((p) => p.p99) },
        ]}
      />
    </div>
  );
}

const figureCells = (f: TTrafficFigures) => [count(f.requests), count(f.clientErrors), count(f.serverErrors), ms(f.p50), ms(f.p95), ms(f.p99)];
const NUM = 'px-2 py-1.5 text-right tabular-nums';
const figureHeads: [string, string][] = [tr.requests, tr.clientErrors, tr.serverErrors, tr.p50, tr.p95, tr.p99].map((l) => [l, `${NUM} font-medium`]);

/** The busiest route patterns: requests, 4xx, 5xx and latency percentiles. */
export function RoutesTable({ routes, omitted, label }: { routes: TTrafficRoute[]; omitted: number; label: string }) {
  return (
    <div className="grid gap-2">
      <ScrollRegion label={label} className="rounded-md border" tableClassName="w-full min-w-[44rem] text-sm">
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            <HeadCells cells={[[tr.route, 'px-2 py-1.5 text-left font-medium'], [tr.service, 'px-2 py-1.5 text-left font-medium'], ...figureHeads]} />
          </tr>
        </thead>
        <tbody>
          {routes.map((r) => (
            <tr key={`${r.method} ${r.route}`} className="border-t" data-testid="traffic-route" data-method={r.method} data-route={r.route}>
              <td className="max-w-[22rem] px-2 py-1.5 font-mono text-xs break-all">
                <span className="mr-1.5 font-semibold">{r.method}</span>
                {r.route}
              </td>
              <td className="px-2 py-1.5 text-xs whitespace-nowrap">{ko.traffic.services[r.service]}</td>
              {figureCells(r).map((c, i) => (
                <td key={i} className={NUM}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </ScrollRegion>
      {omitted > 0 ? <p className="text-xs text-muted-foreground">{tr.routesOmitted(omitted)}</p> : null}
    </div>
  );
}

/** Requests and latency per service (module). */
export function ServicesTable({ services }: { services: (TTrafficFigures & { service: TTrafficService })[] }) {
  const rows = [...services].sort((a, b) => b.requests - a.requests);
  return (
    <ScrollRegion label={tr.byService} className="rounded-md border" tableClassName="w-full min-w-[36rem] text-sm">
      <thead className="bg-muted/50 text-xs text-muted-foreground">
        <tr>
          <HeadCells cells={[[tr.service, 'px-2 py-1.5 text-left font-medium'], ...figureHeads]} />
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <tr key={s.service} className="border-t">
            <td className="px-2 py-1.5 whitespace-nowrap">{ko.traffic.services[s.service]}</td>
            {figureCells(s).map((c, i) => (
              <td key={i} className={NUM}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollRegion>
  );
}

/** A titled part of a section (a heading, not a landmark: the tables inside are the named regions). */
export function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid min-w-0 gap-3">
      <h3 className="text-base font-semibold break-keep">{title}</h3>
      {children}
    </section>
  );
}
