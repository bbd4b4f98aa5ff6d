import { ko } from '@suite/shared';

export type TLine = { label: string; colour: string; values: (number | null)[]; area?: boolean };

const W = 600;
const H = 160;

/** The SVG path of one line: a gap where a value is null (no request in that slot, so no latency). */
function pathOf(values: (number | null)[], max: number, step: number): string {
  let d = '';
  let open = false;
  values.forEach((v, i) => {
    if (v === null) {
      open = false;
      return;
    }
    const x = values.length === 1 ? W / 2 : i * step;
    const y = H - (v / max) * (H - 6);
    d += `${open ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`;
    open = true;
  });
  return d;
}

/** Points with a value whose neighbours have none: a line cannot show them, so they get a dot. */
function isolated(values: (number | null)[]): number[] {
  return values.flatMap((v, i) => (v !== null && (values[i - 1] ?? null) === null && (values[i + 1] ?? null) === null ? [i] : []));
}

/**
 * A line chart in SVG for a window's fixed points (no chart library): lines and an optional area, the largest value
 * and the first and last time as text beside it, a title for assistive technology and the data as a table on demand.
 */
export function LineChart({ title, labels, lines, format }: { title: string; labels: string[]; lines: TLine[]; format: (v: number) => string }) {
  const max = Math.max(1, ...lines.flatMap((l) => l.values.filter((v): v is number => v !== null)));
  const step = W / Math.max(labels.length - 1, 1);
  return (
    <figure className="grid min-w-0 gap-2">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-medium break-keep">{title}</span>
        <ul className="flex flex-wrap gap-3 text-xs">
          {lines.map((l) => (
            <li key={l.label} className="flex items-center gap-1.5">
              <span className="inline-block h-0.5 w-3" style={{ background: l.colour }} aria-hidden="true" />
              {l.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <div className="grid gap-1">
        <span className="text-[11px] tabular-nums text-muted-foreground">{format(max)}</span>
        <svg viewBox={`0 0 ${W} ${H}`} className="h-40 w-full overflow-visible" role="img" aria-label={title} preserveAspectRatio="none">
          <line x1="0" y1={H} x2={W} y2={H} className="stroke-border" vectorEffect="non-scaling-stroke" />
          <line x1="0" y1={6} x2={W} y2={6} className="stroke-border" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          {lines.map((l) => {
            const d = pathOf(l.values, max, step);
            if (!d) return null;
            return (
              <g key={l.label}>
                {l.area && !l.values.includes(null) ? <path d={`${d}L${W},${H}L0,${H}Z`} fill={l.colour} opacity={0.12} /> : null}
                <path d={d} fill="none" stroke={l.colour} strokeWidth={2} vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
                {isolated(l.values).map((i) => (
                  <line
                    key={i}
                    x1={labels.length === 1 ? W / 2 : i * step}
                    x2={labels.length === 1 ? W / 2 : i * step}
                    y1={H - ((l.values[i] ?? 0) / max) * (H - 6)}
                    y2={H - ((l.values[i] ?? 0) / max) * (H - 6)}
                    stroke={l.colour}
                    strokeWidth={6}
                    strokeLinecap="round"
                    vectorEffect="non-scaling-stroke"
                  />
                ))}
              </g>
            );
          })}
        </svg>
        <div className="flex justify-between text-[11px] tabular-nums text-muted-foreground">
          <span>{labels[0]}</span>
          <span>{labels[labels.length - 1]}</span>
        </div>
      </div>
      <details className="text-xs">
        <summary className="cursor-pointer text-muted-foreground">{ko.consoleUi.analytics.tableCaption}</summary>
        <div className="max-h-60 overflow-auto">
          <table className="mt-2 w-full tabular-nums">
            <thead>
              <tr>
                <th scope="col" className="text-left">
                  {ko.traffic.traffic.time}
                </th>
                {lines.map((l) => (
                  <th key={l.label} scope="col" className="text-right">
                    {l.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, i) => (
                <tr key={`${label}-${i}`}>
                  <td>{label}</td>
                  {lines.map((l) => {
                    const v = l.values[i] ?? null;
                    return (
                      <td key={l.label} className="text-right">
                        {v === null ? '–' : format(v)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
