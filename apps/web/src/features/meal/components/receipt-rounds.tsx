import { Link } from 'react-router';
import { FileText, Image } from 'lucide-react';
import { ko } from '@suite/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toastError } from '@/lib/toast';
import { openReceipt, useReceiptRounds } from '../api/meal-receipts';

const o = ko.meal.outing.ui;
const t = ko.meal.ui;

/** The ledger's links from each round's charge to its receipts (and to the round itself). */
export function ReceiptRounds({ seedId }: { seedId: string }) {
  const q = useReceiptRounds(seedId);
  const rounds = q.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{o.ledgerRounds}</CardTitle>
      </CardHeader>
      <CardContent>
        {rounds.length === 0 && !q.isLoading ? <p className="text-sm text-muted-foreground">{o.ledgerRoundsEmpty}</p> : null}
        <ul className="grid gap-2" data-testid="receipt-rounds">
          {rounds.map((r) => (
            <li key={r.mealId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <Link
                to={`/admin/services/meal/${r.mealId}`}
                className="min-w-0 underline-offset-2 hover:underline break-keep"
                aria-label={`${o.openRound}: ${r.title}`}
              >
                {r.date} {r.title}
              </Link>
              <span className="flex items-center gap-1">
                <span className="tabular-nums">{t.won(r.total)}</span>
                {r.receipts.map((x, i) => {
                  const pdf = x.contentType === 'application/pdf';
                  const label = pdf ? o.receiptPdf(i + 1) : o.receiptPhoto(i + 1);
                  return (
                    <button
                      key={x.id}
                      type="button"
                      className="inline-flex size-8 items-center justify-center rounded hover:bg-muted"
                      aria-label={`${r.title} ${label}`}
                      title={label}
                      onClick={() => void openReceipt(seedId, r.mealId, x.id, pdf).catch(toastError)}
                    >
                      {pdf ? <FileText className="size-4" aria-hidden="true" /> : <Image className="size-4" aria-hidden="true" />}
                    </button>
                  );
                })}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
