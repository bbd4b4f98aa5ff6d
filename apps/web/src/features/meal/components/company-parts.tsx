import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import type { TMeal } from '@suite/shared/schemas/meal';

const t = koMealPolicy.ui;

/** Issue 38: after close, what the company bore per person and what each person bears, for a round under the policy or paid with the company card. */
export function CompanyParts({ meal }: { meal: TMeal }) {
  const company = meal.companyShares ?? [];
  const card = meal.payWith === 'company_card';
  if (!meal.applyPolicy && !card) return null;
  const own = new Map(meal.shares.map((s) => [s.userId, s.amount]));
  const people = new Map<string, string>();
  for (const p of [...company, ...meal.shares]) people.set(p.userId, p.name);
  const companyOf = new Map(company.map((c) => [c.userId, c.amount]));
  if (people.size === 0) return null;
  return (
    <div className="mt-4 grid gap-2" data-testid="company-parts">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-medium">{t.companyParts}</p>
        {meal.applyPolicy ? (
          <span className="rounded bg-sky-100 px-1.5 py-0.5 text-xs text-sky-900 dark:bg-sky-900 dark:text-sky-100">{t.policyBadge}</span>
        ) : null}
        {card ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">{t.companyCardBadge}</span>
        ) : null}
      </div>
      {card ? <p className="text-xs text-muted-foreground break-keep">{t.companyCardHelp}</p> : null}
      <ul className="grid gap-1 text-sm">
        {[...people].map(([userId, name]) => (
          <li key={userId} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="min-w-0 truncate">{name}</span>
            <span className="flex gap-3 tabular-nums">
              <span className="text-xs text-muted-foreground">
                {t.companyPart} {t.won(companyOf.get(userId) ?? 0)}
              </span>
              <span>
                {t.personalPart} {t.won(own.get(userId) ?? 0)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
