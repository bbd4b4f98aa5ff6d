import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import { ko } from '@suite/shared';
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import type { TMealReport } from '@suite/shared/schemas/meal-policy';
import { toastError } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSeeds } from '@/lib/seed-context';
import { exportMealReportCsv, useMealReport } from '../api/meal-report';
import { NoSeed } from '../components/meal-status';
import { seoulTime, seoulToday } from '../lib/seoul-date';

const t = koMealPolicy.ui;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Printing shows the report alone on A4: everything else on the page (the console's navigation, this page's
 * controls) is hidden, the report laid out from the page's top-left corner.
 */
const PRINT_CSS = `@media print {
  @page { size: A4; margin: 14mm; }
  body * { visibility: hidden; }
  #meal-report, #meal-report * { visibility: visible; }
  #meal-report { position: absolute; inset: 0 auto auto 0; width: 100%; color: #000; background: #fff; }
  #meal-report table { page-break-inside: auto; }
  #meal-report tr { page-break-inside: avoid; }
}`;

/** /admin/services/meal/report?month=YYYY-MM — the monthly meal report for seed admins and the company card holder (issue 38). */
export function MealReportPage() {
  const { selected } = useSeeds();
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : seoulToday().slice(0, 7);
  if (!selected) return <NoSeed />;
  return <Report seedId={selected.id} month={month} onMonth={(m) => setParams({ month: m }, { replace: true })} />;
}

function Report({ seedId, month, onMonth }: { seedId: string; month: string; onMonth: (m: string) => void }) {
  const q = useMealReport(seedId, month);
  const download = async () => {
    try {
      const blob = await exportMealReportCsv(seedId, month);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `meal-report-${month}.csv`;
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (e) {
      toastError(e);
    }
  };
  return (
    <div className="grid gap-4">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <Link to="/admin/services/meal/settings" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" /> {t.settingsLink}
        </Link>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor="report-month">{t.reportMonth}</Label>
            <Input id="report-month" type="month" className="w-40" value={month} onChange={(e) => MONTH.test(e.target.value) && onMonth(e.target.value)} />
          </div>
          <Button variant="outline" size="sm" onClick={() => void download()} disabled={!q.data}>
            <Download aria-hidden="true" /> {t.downloadCsv}
          </Button>
          <Button size="sm" onClick={() => window.print()} disabled={!q.data}>
            <Printer aria-hidden="true" /> {t.print}
          </Button>
        </div>
      </div>
      {q.isLoading ? <p className="text-sm text-muted-foreground">{ko.meal.ui.loading}</p> : null}
      {q.error ? <p className="text-sm text-destructive break-keep">{q.error.message}</p> : null}
      {q.data ? <ReportSheet report={q.data} /> : null}
    </div>
  );
}

const th = 'border-b px-2 py-1.5 text-left font-medium whitespace-nowrap';
const td = 'border-b px-2 py-1.5 whitespace-nowrap break-keep';
const num = `${td} text-right tabular-nums whitespace-nowrap`;

export function ReportSheet({ report }: { report: TMealReport }) {
  const [year, mon] = report.month.split('-').map(Number) as [number, number];
  const { totals } = report;
  return (
    <article id="meal-report" className="mx-auto grid w-full max-w-[210mm] gap-5 rounded-md border bg-background p-4 sm:p-8 print:border-0 print:p-0">
      <header className="grid gap-1">
        <h1 className="text-xl font-bold sm:text-2xl">{t.reportTitle(year, mon)}</h1>
        <p className="text-sm text-muted-foreground">
          {t.seed}: {report.seedName} · {t.generatedAt(seoulTime(report.generatedAt))}
        </p>
      </header>
      <section className="grid gap-2">
        <h2 className="text-base font-semibold">{t.people}</h2>
        {report.people.length === 0 ? <p className="text-sm text-muted-foreground">{t.noRows}</p> : null}
        <div className="overflow-x-auto">
          <table className="w-full min-w-[34rem] border-collapse text-sm print:min-w-0" data-testid="report-people">
            <thead>
              <tr>
                <th className={th}>{t.name}</th>
                <th className={th}>{t.team}</th>
                <th className={`${th} text-right`}>{t.rounds}</th>
                <th className={`${th} text-right`}>{t.total}</th>
                <th className={`${th} text-right`}>{t.companyPart}</th>
                <th className={`${th} text-right`}>{t.personalPart}</th>
              </tr>
            </thead>
            <tbody>
              {report.people.map((p) => (
                <tr key={p.userId}>
                  <td className={td}>{p.name}</td>
                  <td className={td}>{p.team ?? '—'}</td>
                  <td className={num}>{p.rounds}</td>
                  <td className={num}>{t.won(p.total)}</td>
                  <td className={num}>{t.won(p.company)}</td>
                  <td className={num}>{t.won(p.personal)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <td className={td} colSpan={2}>
                  {t.sum}
                </td>
                <td className={num}>{totals.rounds}</td>
                <td className={num}>{t.won(totals.total)}</td>
                <td className={num}>{t.won(totals.company)}</td>
                <td className={num}>{t.won(totals.personal)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p className="text-xs text-muted-foreground break-keep">{t.companyBreakdown(t.won(totals.subsidy), t.won(totals.teamBudget))}</p>
      </section>
      {report.teams.length ? (
        <section className="grid gap-2">
          <h2 className="text-base font-semibold">{t.teams}</h2>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm" data-testid="report-teams">
              <thead>
                <tr>
                  <th className={th}>{t.team}</th>
                  <th className={`${th} text-right`}>{t.budget}</th>
                  <th className={`${th} text-right`}>{t.used}</th>
                  <th className={`${th} text-right`}>{t.left}</th>
                </tr>
              </thead>
              <tbody>
                {report.teams.map((x) => (
                  <tr key={x.teamId}>
                    <td className={td}>{x.name}</td>
                    <td className={num}>{t.won(x.budget)}</td>
                    <td className={num}>{t.won(x.used)}</td>
                    <td className={num}>{t.won(x.left)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </article>
  );
}
