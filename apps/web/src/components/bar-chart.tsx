import { ko } from '@suite/shared';

export type TSeries = { label: string; colour: string; values: number[] };

/**
 * A small stacked bar chart in SVG: described for assistive technology with a title and
 * backed by a data table (visible on demand), so it needs no chart library.
 */
export function BarChart({ title, days, series }: { title: string; days: string[]; series: TSeries[] }) {
  const totals = days.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const W = 600;
  const H = 180;
  const bw = W / Math.max(days.length, 1);
  const total = totals.reduce((a, b) => a + b, 0);
  return (
    <figure className="grid gap-2">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-medium">{title}</span>
        <span className="text-sm tabular-nums text-muted-foreground">{ko.consoleUi.analytics.total(total)}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H + 20}`}
        className="h-48 w-full"
        role="img"
        aria-label={`${title}: ${ko.consoleUi.analytics.total(total)}`}
        preserveAspectRatio="none"
      >
        <line x1="0" y1={H} x2={W} y2={H} className="stroke-border" />
        {days.map((d, i) => {
          let y = H;
          return (
            <g key={d}>
              {series.map((s) => {
                const v = s.values[i] ?? 0;
                const h = (v / max) * (H - 8);
                y -= h;
                return v > 0 ? (
                  <rect key={s.label} x={i * bw + bw * 0.15} y={y} width={bw * 0.7} height={h} fill={s.colour}>
                    <title>{`${d} ${s.label}: ${v.toLocaleString('ko-KR')}`}</title>
                  </rect>
                ) : null;
              })}
            </g>
          );
        })}
        <text x="0" y={H + 16} className="fill-muted-foreground text-[11px]">
          {days[0]}
        </text>
        <text x={W} y={H + 16} textAnchor="end" className="fill-muted-foreground text-[11px]">
          {days[days.length - 1]}
        </text>
      </svg>
      {series.length > 1 ? (
        <ul className="flex flex-wrap gap-3 text-xs">
          {series.map((s) => (
            <li key={s.label} className="flex items-center gap-1.5">
              <span className="inline-block size-2.5 rounded-sm" style={{ background: s.colour }} aria-hidden="true" />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="text-xs">
        <summary className="cursor-pointer text-muted-foreground">{ko.consoleUi.analytics.tableCaption}</summary>
        <div className="max-h-60 overflow-auto">
          <table className="mt-2 w-full">
            <thead>
              <tr>
                <th scope="col" className="text-left">
                  날짜
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="text-right">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr key={d}>
                  <th scope="row" className="text-left font-normal">
                    {d}
                  </th>
                  {series.map((s) => (
                    <td key={s.label} className="text-right tabular-nums">
                      {(s.values[i] ?? 0).toLocaleString('ko-KR')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
