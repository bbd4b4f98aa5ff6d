import { lazy, Suspense } from 'react';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { LG_QUERY, useMediaQuery } from '@/lib/media-query';
import { simpleLinks } from '@/lib/navigation';

const DesktopNav = lazy(() => import('./desktop-nav').then((m) => ({ default: m.DesktopNav })));

const trigger = 'inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium';

/** What the desktop bar looks like while its menus load (a few ms): the same labels, not yet interactive. */
function Placeholder() {
  const n = koSiteShell.nav;
  return (
    <nav className="hidden items-center gap-1 lg:flex" aria-label={koSiteShell.layout.mainNav}>
      {[n.companyTools, n.customerTools].map((label) => (
        <span key={label} className={trigger}>
          {label}
          <ChevronDown className="size-3" aria-hidden="true" />
        </span>
      ))}
      {simpleLinks.map((l) => (
        <Link key={l.id} to={l.href} className={trigger}>
          {l.title}
        </Link>
      ))}
    </nav>
  );
}

/** The desktop navigation loads only where it shows (lg and up), so phones never download its menus. */
export function DesktopNavSlot() {
  const isLarge = useMediaQuery(LG_QUERY);
  if (!isLarge) return null;
  return (
    <Suspense fallback={<Placeholder />}>
      <DesktopNav />
    </Suspense>
  );
}
