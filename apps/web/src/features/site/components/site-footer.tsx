import { clsx } from 'clsx';
import { Link } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { companyLines, serviceName, useCompany } from '@/lib/company';
import { containerClass, useLayoutMode } from '@/lib/layout-mode';
import { companyToolGroups, customerToolGroups } from '@/lib/navigation';
import { siteClasses } from './site-classes';

const t = koSiteShell.footer;
/** Every usable service of both menus (company tools, then customer tools such as the AI chatbot). */
const live = [...companyToolGroups, ...customerToolGroups].flatMap((g) => g.items).filter((i) => !i.disabled);
const linkClass = siteClasses.footerLink;

/** Footer: brand, service links, legal links and the operator's legal details from the server's configuration. */
export function SiteFooter() {
  const { mode } = useLayoutMode();
  const company = useCompany();
  const lines = companyLines(company);
  return (
    <footer className="border-t bg-muted/40">
      <div className={clsx(containerClass(mode), 'grid gap-8 py-10 text-sm')}>
        <div className="grid gap-8 sm:grid-cols-[2fr_1fr_1fr]">
          <div>
            <p className="text-base font-bold">{koSiteShell.brand}</p>
            <p className="mt-2 text-muted-foreground break-keep">{t.description}</p>
          </div>
          <nav aria-labelledby="footer-services">
            <p id="footer-services" className="font-semibold">
              {t.services}
            </p>
            <ul className="mt-3 grid gap-2">
              {live.map((i) => (
                <li key={i.id}>
                  <Link to={i.href} className={linkClass}>
                    {i.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-company">
            <p id="footer-company" className="font-semibold">
              {t.company}
            </p>
            <ul className="mt-3 grid gap-2">
              <li>
                <Link to="/about" className={linkClass}>
                  {koSiteShell.nav.about}
                </Link>
              </li>
              <li>
                <Link to="/terms" className={linkClass}>
                  {t.terms}
                </Link>
              </li>
              <li>
                <Link to="/privacy" className={siteClasses.footerLinkStrong}>
                  {t.privacy}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <div className="grid gap-1 border-t pt-6 text-xs text-muted-foreground">
          {lines.length ? (
            <p className="flex flex-wrap gap-x-3 gap-y-1 break-keep" data-testid="company-details">
              {lines.map((l) => (
                <span key={l.key}>{l.label ? `${l.label} ${l.value}` : l.value}</span>
              ))}
            </p>
          ) : null}
          <p className="mt-2">{t.copyright(new Date().getFullYear(), company.name ?? serviceName)}</p>
        </div>
      </div>
    </footer>
  );
}
