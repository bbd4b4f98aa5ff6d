import type { TPublicCompany } from '@suite/shared';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { companyLines, serviceName, useCompany } from '@/lib/company';
import { cn } from '@/lib/utils';

/** The parties the documents name: the operator's details, the service's name, and the operator as the text calls it. */
export function useParties() {
  const company = useCompany();
  const s = serviceName;
  // Without COMPANY_NAME (development only) the text names the service's operator rather than inventing a name.
  const c = company.name ?? `${s} 운영자`;
  return { company, s, c };
}

export type TLegalArticle = {
  title: string;
  paragraphs?: readonly string[];
  /** Numbered items (① ② … in the Korean convention are added by the list). */
  items?: readonly string[];
  after?: readonly string[];
};

export type TLegalDocumentProps = {
  /** Heading level of the articles: h2 on the stand-alone pages, h3 inside a dialog (default). */
  headingLevel?: 2 | 3;
  className?: string;
};

/** Renders a legal text as articles; the same output in the footer pages and the sign-up dialogs. */
export function LegalDocument({
  intro,
  articles,
  closing,
  company,
  headingLevel = 3,
  className,
}: TLegalDocumentProps & { intro: string; articles: readonly TLegalArticle[]; closing: readonly string[]; company: TPublicCompany }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const lines = companyLines(company);
  return (
    <div className={cn('grid gap-6 text-sm leading-relaxed break-keep', className)}>
      <p>{intro}</p>
      {articles.map((a) => (
        <section key={a.title} className="grid gap-2">
          <H className={cn('font-semibold text-foreground', headingLevel === 2 ? 'text-lg' : 'text-base')}>{a.title}</H>
          {a.paragraphs?.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {a.items ? (
            <ol className="grid list-decimal gap-1 pl-5 marker:text-muted-foreground">
              {a.items.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ol>
          ) : null}
          {a.after?.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      <div className="grid gap-1 border-t pt-4 text-muted-foreground">
        {closing.map((c) => (
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
