import { Link } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { company } from '@/lib/company';
import { containerClass, useLayoutMode } from '@/lib/layout-mode';
import { companyToolGroups } from '@/lib/navigation';
import { cn } from '@/lib/utils';

const t = koSiteShell.footer;
const live = companyToolGroups.flatMap((g) => g.items).filter((i) => !i.disabled);
const linkClass = 'rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Footer: brand, service links, legal links and the company line from lib/company.ts (the one config object). */
export function SiteFooter() {
  const { mode } = useLayoutMode();
  return (
    <footer className="border-t bg-muted/40">
      <div className={cn(containerClass(mode), 'grid gap-8 py-10 text-sm')}>
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
                <Link to="/privacy" className={cn(linkClass, 'font-semibold text-foreground')}>
                  {t.privacy}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <div className="grid gap-1 border-t pt-6 text-xs text-muted-foreground" data-company-placeholder={company.isPlaceholder || undefined}>
          <p className="flex flex-wrap gap-x-3 gap-y-1 break-keep">
            <span>{company.name}</span>
            <span>
              {t.representative} {company.representative}
            </span>
            <span>
              {t.businessNumber} {company.businessNumber}
            </span>
            <span>
              {t.address} {company.address}
            </span>
            <span>
              {t.email} {company.email}
            </span>
          </p>
          {company.isPlaceholder ? <p className="break-keep">※ {t.placeholderNote}</p> : null}
          <p className="mt-2">{t.copyright(new Date().getFullYear(), company.serviceName)}</p>
        </div>
      </div>
    </footer>
  );
}
