import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import type { TMealCompanyAccounts } from '@suite/shared/schemas/meal-policy';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const t = koMealPolicy.ui;
const l = koMealPolicy.ledger;

/**
 * Issue 38: the company's side of the ledger, apart from the members' settle-up: what the company (the accountant)
 * pays back to whoever paid the restaurant, and what members owe the company for 법인카드 rounds.
 */
export function CompanyAccounts({ company }: { company: TMealCompanyAccounts | undefined }) {
  if (!company || (company.reimbursements.length === 0 && company.dues.length === 0)) return null;
  return (
    <>
      <AccountCard title={l.companyOwes} help={l.companyOwesHelp} rows={company.reimbursements} testId="company-reimbursements" />
      <AccountCard title={l.owedToCompany} help={l.owedToCompanyHelp} rows={company.dues} testId="company-dues" />
    </>
  );
}

function AccountCard({ title, help, rows, testId }: { title: string; help: string; rows: { userId: string; name: string; amount: number }[]; testId: string }) {
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
            <li key={r.userId} className="flex justify-between gap-2">
              <span className="truncate">{r.name}</span>
              <span className="font-semibold tabular-nums">{t.won(r.amount)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
