import { ko } from '@suite/shared';
import type { TMealLedger } from '@suite/shared/schemas/meal';

const t = ko.meal.ui;

/** Monthly spend per person: one group per month (newest first, last 6), one SVG bar per person, scaled to the largest. */
export function SpendChart({ monthly }: { monthly: TMealLedger['monthly'] }) {
  const months = [...new Set(monthly.map((m) => m.month))].sort().reverse().slice(0, 6);
  const max = Math.max(1, ...monthly.map((m) => m.amount));
  if (months.length === 0) return <p className="text-sm text-muted-foreground">{t.empty}</p>;
  return (
    <div className="grid gap-4" data-testid="spend-chart">
      {months.map((month) => {
        const rows = monthly.filter((m) => m.month === month).sort((a, b) => b.amount - a.amount);
        const total = rows.reduce((s, r) => s + r.amount, 0);
        return (
          <figure key={month} className="grid gap-1.5">
            <figcaption className="flex justify-between text-sm font-medium">
              <span>{month.replace('-', '년 ')}월</span>
              <span className="tabular-nums text-muted-foreground">
                {t.total} {t.won(total)}
              </span>
            </figcaption>
            {rows.map((r) => (
              <div key={r.userId} className="grid grid-cols-[4.5rem_1fr_auto] items-center gap-2 text-xs">
                <span className="truncate">{r.name}</span>
                <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="h-3 w-full" aria-hidden="true">
                  <rect x="0" y="0" width="100" height="8" rx="2" className="fill-muted" />
                  <rect x="0" y="0" width={Math.max(1, (r.amount / max) * 100)} height="8" rx="2" className="fill-primary" />
                </svg>
                <span className="tabular-nums">{t.won(r.amount)}</span>
              </div>
            ))}
          </figure>
        );
      })}
    </div>
  );
}
