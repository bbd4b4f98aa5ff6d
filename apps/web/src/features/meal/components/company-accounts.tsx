import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import type { TMealCompanyAccounts } from '@suite/shared/schemas/meal-policy';
import { toast, toastError } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCreateCompanySettlement } from '../api/company-settlement';

const t = koMealPolicy.ui;
const l = koMealPolicy.ledger;
type TRow = { userId: string; name: string; amount: number };

/**
 * Issue 38: the company's side of the ledger, apart from the members' settle-up: what the company (the accountant)
 * pays back to whoever paid the restaurant, and what members owe the company for 법인카드 rounds. The accountant (a
 * seed admin or the company card holder) marks a line settled.
 */
export function CompanyAccounts({ seedId, company }: { seedId: string; company: TMealCompanyAccounts | undefined }) {
  if (!company || (company.reimbursements.length === 0 && company.dues.length === 0)) return null;
  return <Accounts seedId={seedId} company={company} />;
}

function Accounts({ seedId, company }: { seedId: string; company: TMealCompanyAccounts }) {
  const settle = useCreateCompanySettlement(seedId);
  const onSettle = company.canSettle
    ? (r: TRow) =>
        settle.mutate(
          { userId: r.userId, amount: r.amount },
          { onSuccess: () => toast.success(koMealPolicy.server.companySettled), onError: (e) => toastError(e) },
        )
    : undefined;
  const pending = settle.isPending;
  return (
    <>
      <AccountCard
        title={l.companyOwes}
        help={l.companyOwesHelp}
        rows={company.reimbursements}
        testId="company-reimbursements"
        onSettle={onSettle}
        pending={pending}
      />
      <AccountCard title={l.owedToCompany} help={l.owedToCompanyHelp} rows={company.dues} testId="company-dues" onSettle={onSettle} pending={pending} />
    </>
  );
}

function AccountCard(props: { title: string; help: string; rows: TRow[]; testId: string; onSettle: ((r: TRow) => void) | undefined; pending: boolean }) {
  const { title, help, rows, testId, onSettle, pending } = props;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription className="break-keep">{help}</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? <p className="text-sm text-muted-foreground">{l.none}</p> : null}
        <ul className="grid gap-1.5 text-sm" data-testid={testId}>
          {rows.map((r) => (
            <li key={r.userId} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 truncate">{r.name}</span>
              <span className="flex items-center gap-2">
                <span className="font-semibold tabular-nums">{t.won(r.amount)}</span>
                {onSettle ? (
                  <Button size="sm" variant="outline" disabled={pending} aria-label={l.settleLabel(r.name)} onClick={() => onSettle(r)}>
                    {l.settle}
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
