import { ko, type TPolicyArticle } from '@suite/shared';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { Button } from '@/components/ui/button';
import { companyLines } from '@/lib/company';
import { cn } from '@/lib/utils';
import type { TLegalDocumentProps } from './legal-document';
import { usePrivacyPolicy } from './use-privacy-policy';

const t = ko.privacy.policy;

function PolicyTable({ table, label }: { table: TPolicyArticle['tables'][number]; label: string }) {
  return (
    // A table that scrolls sideways on a phone: reachable and scrollable by keyboard, named by its article.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-w-full min-w-0 overflow-x-auto rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full min-w-[36rem] border-collapse text-left text-xs sm:text-sm">
        <thead className="bg-muted/60">
          <tr>
            {table.columns.map((c) => (
              <th key={c} scope="col" className="border-b px-3 py-2 font-semibold whitespace-nowrap text-foreground">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i} className="border-b align-top last:border-b-0">
              {row.map((cell, j) => (
                // Korean words never break mid-word; the short leading columns (purpose, category) keep a readable width.
                <td key={j} className={j < 2 && row.length > 2 ? 'min-w-[6.5rem] px-3 py-2 break-keep' : 'px-3 py-2 break-keep'}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * 개인정보 처리방침 as the server generates it (GET /api/privacy/policy: from the data map, the outside services, the
 * operator's COMPANY_* and the privacy officer): the footer page and the sign-up dialog render the same answer.
 */
export function PrivacyPolicy({ headingLevel = 3, className }: TLegalDocumentProps) {
  const policy = usePrivacyPolicy();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  if (policy.isPending) {
    return (
      <p role="status" className={cn('text-sm text-muted-foreground', className)}>
        {t.ui.loading}
      </p>
    );
  }
  if (policy.isError) {
    return (
      <div role="alert" className={cn('grid justify-items-start gap-3 text-sm', className)}>
        <p>{t.ui.loadFailed}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void policy.refetch()}>
          {t.ui.retry}
        </Button>
      </div>
    );
  }
  const p = policy.data;
  const lines = companyLines(p.operator);
  return (
    <div className={cn('grid min-w-0 gap-6 text-sm leading-relaxed break-keep', className)}>
      <p>{p.intro}</p>
      {p.articles.map((a) => (
        <section key={a.id} className="grid min-w-0 gap-2" aria-labelledby={`privacy-${a.id}`}>
          <H id={`privacy-${a.id}`} className={cn('font-semibold text-foreground', headingLevel === 2 ? 'text-lg' : 'text-base')}>
            {a.title}
          </H>
          {a.paragraphs.map((x) => (
            <p key={x}>{x}</p>
          ))}
          {a.items.length ? (
            <ol className="grid list-decimal gap-1 pl-5 marker:text-muted-foreground">
              {a.items.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ol>
          ) : null}
          {a.tables.map((x, i) => (
            <PolicyTable key={i} table={x} label={a.tables.length > 1 ? `${a.title} (${i + 1})` : a.title} />
          ))}
          {a.after.map((x) => (
            <p key={x}>{x}</p>
          ))}
        </section>
      ))}
      <div className="grid gap-1 border-t pt-4 text-muted-foreground">
        {p.closing.map((c) => (
          <p key={c}>{c}</p>
        ))}
      </div>
      {lines.length ? (
        <section className="grid gap-1 text-muted-foreground" data-testid="legal-company-details">
          <H className="font-semibold text-foreground">{koSiteShell.footer.companyDetails}</H>
          {lines.map((l) => (
            <p key={l.key}>{l.label ? `${l.label}: ${l.value}` : l.value}</p>
          ))}
        </section>
      ) : null}
    </div>
  );
}

/** '시행일: 2026년 11월 27일' of the policy in force, once it has arrived (empty before). */
export function usePrivacyEffective(): string {
  const policy = usePrivacyPolicy();
  return policy.data ? t.effective(t.date(policy.data.effective)) : '';
}
