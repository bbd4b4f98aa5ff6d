import { formatWon, ko } from '@suite/shared';
import type { TMoney } from '@suite/shared/schemas/billing';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const t = ko.billing.ui.page.projection;

/** 예상 청구 금액: the server's projection (plan fee when due and projected overage) as 공급가액, 부가세 and 합계. */
export function ProjectionCard({ projection }: { projection: TMoney }) {
  const rows: [string, number][] = [
    [t.supply, projection.supply],
    [t.vat, projection.vat],
  ];
  return (
    <Card data-testid="billing-projection">
      <CardHeader>
        <CardTitle className="text-lg">{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          {rows.map(([label, amount]) => (
            <div key={label} className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="tabular-nums">{formatWon(amount)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 border-t pt-2 text-base font-semibold">
            <dt>{t.total}</dt>
            <dd className="tabular-nums" data-testid="billing-projection-total">
              {formatWon(projection.total)}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
