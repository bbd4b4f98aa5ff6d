import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast, toastError } from '@/lib/toast';
import { ArrowLeft, ArrowRight, Download, UserRound } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSeeds } from '@/lib/seed-context';
import { useSession } from '@/lib/session';
import { useCreateSettlement } from '../api/create-settlement';
import { exportLedgerCsv } from '../api/export-ledger';
import { useLedger } from '../api/get-ledger';
import { useMealStream } from '../api/use-meal-stream';
import { NoSeed } from '../components/meal-status';
import { SpendChart } from '../components/spend-chart';
import { ReceiptRounds } from '../components/receipt-rounds';
import { TransferInbox, TransferSend } from '../components/transfer-panel';
import { CompanyAccounts } from '../components/company-accounts';
import { PolicyLinks } from '../components/policy-links';
import { seoulTime } from '../lib/seoul-date';

const t = ko.meal.ui;

/** /admin/services/meal/ledger — balances, the fewest transfers to settle up, settlements, monthly spend, CSV. */
export function MealLedgerPage() {
  const { selected } = useSeeds();
  const { user } = useSession();
  if (!selected) return <NoSeed />;
  return <Ledger seedId={selected.id} userId={user?.id ?? ''} manager={selected.role === 'owner' || selected.role === 'admin'} />;
}

/** Only the payer, the receiver or a seed manager may mark a transfer paid (the server refuses others with 403). */
function Ledger({ seedId, userId, manager }: { seedId: string; userId: string; manager: boolean }) {
  useMealStream(seedId);
  const q = useLedger(seedId);
  const settle = useCreateSettlement(seedId);
  const download = async () => {
    try {
      const blob = await exportLedgerCsv(seedId);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `meal-ledger-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (e) {
      toastError(e);
    }
  };
  if (q.isLoading) return <p className="text-sm text-muted-foreground">{t.loading}</p>;
  if (q.error || !q.data) return <p className="text-sm text-destructive">{q.error?.message}</p>;
  const { balances, transfers, settlements, monthly } = q.data;
  const maxAbs = Math.max(1, ...balances.map((b) => Math.abs(b.balance)));
  return (
    <div className="grid gap-4">
      <Link to="/admin/services/meal" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> {t.back}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{t.ledgerTitle}</h2>
        <div className="flex flex-wrap gap-2">
          <PolicyLinks seedId={seedId} />
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/services/meal/profile">
              <UserRound aria-hidden="true" /> {ko.meal.transfers.ui.profileLink}
            </Link>
          </Button>
          <Button variant="outline" size="sm" onClick={() => void download()}>
            <Download aria-hidden="true" /> {t.exportCsv}
          </Button>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <LedgerCard title={t.balances} description={t.balanceHelp}>
          {balances.length === 0 ? <p className="text-sm text-muted-foreground">{t.empty}</p> : null}
          <ul className="grid gap-2" data-testid="balances">
            {balances.map((b) => (
              <li key={b.userId} className="grid grid-cols-[5rem_1fr_auto] items-center gap-2 text-sm">
                <span className="truncate">{b.name}</span>
                <span className="relative h-2.5 rounded bg-muted" aria-hidden="true">
                  <span
                    className={`absolute top-0 h-2.5 rounded ${b.balance >= 0 ? 'left-1/2 bg-emerald-500' : 'right-1/2 bg-rose-500'}`}
                    style={{ width: `${(Math.abs(b.balance) / maxAbs) * 50}%` }}
                  />
                </span>
                <span
                  className={`tabular-nums ${b.balance > 0 ? 'text-emerald-700 dark:text-emerald-400' : b.balance < 0 ? 'text-rose-700 dark:text-rose-400' : ''}`}
                >
                  {b.balance > 0 ? '+' : ''}
                  {t.won(b.balance)}
                </span>
              </li>
            ))}
          </ul>
        </LedgerCard>
        <LedgerCard title={t.transfers}>
          {transfers.length === 0 ? <p className="text-sm text-muted-foreground">{t.noTransfers}</p> : null}
          <ul className="grid gap-2" data-testid="transfers">
            {transfers.map((tr) => (
              <li key={`${tr.from.userId}-${tr.to.userId}`} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
                <span className="flex items-center gap-1.5">
                  {tr.from.name} <ArrowRight className="size-4 text-muted-foreground" aria-label="→" /> {tr.to.name}
                  <span className="font-semibold tabular-nums">{t.won(tr.amount)}</span>
                </span>
                <TransferSend seedId={seedId} userId={userId} transfer={tr} />
                {/* The payer tells the receiver through 송금하기 → 보냈어요; the receiver (or a manager) records money received at once. */}
                {manager || userId === tr.to.userId ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={settle.isPending}
                    onClick={() =>
                      settle.mutate(
                        { fromUserId: tr.from.userId, toUserId: tr.to.userId, amount: tr.amount },
                        { onSuccess: () => toast.success(ko.meal.server.settled), onError: (e) => toastError(e) },
                      )
                    }
                  >
                    {t.markPaid}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="mt-4 border-t pt-4">
            <TransferInbox seedId={seedId} userId={userId} manager={manager} />
          </div>
        </LedgerCard>
        <CompanyAccounts seedId={seedId} company={q.data.company} />
        <LedgerCard title={t.monthly}>
          <SpendChart monthly={monthly} />
        </LedgerCard>
        <LedgerCard title={t.settlements}>
          {settlements.length === 0 ? <p className="text-sm text-muted-foreground">{t.noSettlements}</p> : null}
          <ul className="grid gap-1.5 text-sm">
            {settlements.map((s) => (
              <li key={s.id} className="flex flex-wrap justify-between gap-2">
                <span>
                  {s.from.name} → {s.to.name} {t.won(s.amount)}
                </span>
                <span className="text-xs text-muted-foreground">{seoulTime(s.createdAt)}</span>
              </li>
            ))}
          </ul>
        </LedgerCard>
        <ReceiptRounds seedId={seedId} />
      </div>
    </div>
  );
}

/** One of the ledger's four cards: a title, an optional help line, its content. */
function LedgerCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description ? <CardDescription className="break-keep">{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
