import { lazy, Suspense, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { LG_QUERY, useMediaQuery } from '@/lib/media-query';
import { simpleLinks } from '@/lib/navigation';
import type { TNavIntent } from './desktop-nav';

const DesktopNav = lazy(() => import('./desktop-nav').then((m) => ({ default: m.DesktopNav })));

const trigger = 'inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium';

/**
 * The desktop bar before its menus load: the same labels as real buttons. The menus (Radix, about 22 KB gzipped) load
 * when a visitor shows intent — pointer over, focus on or click of a menu button — so a page that is only read never
 * downloads them; the menu asked for opens (or takes the focus) once loaded.
 */
function Placeholder({ onIntent }: { onIntent?: (intent: TNavIntent) => void }) {
  const n = koSiteShell.nav;
  const menus = [
    { value: 'company', label: n.companyTools },
    { value: 'customer', label: n.customerTools },
  ] as const;
  return (
    <nav className="hidden items-center gap-1 lg:flex" aria-label={koSiteShell.layout.mainNav}>
      {menus.map((m) => (
        <button
          key={m.value}
          type="button"
          className={`${trigger} hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring`}
          aria-expanded={false}
          onPointerEnter={() => onIntent?.({ value: m.value, open: true })}
          onFocus={() => onIntent?.({ value: m.value, open: false })}
          onClick={() => onIntent?.({ value: m.value, open: true })}
        >
          {m.label}
          <ChevronDown className="size-3" aria-hidden="true" />
        </button>
      ))}
      {simpleLinks.map((l) => (
        <Link key={l.id} to={l.href} className={trigger}>
          {l.title}
        </Link>
      ))}
    </nav>
  );
}

/** The desktop navigation shows only at lg and up (phones never download its menus), and loads on first intent. */
export function DesktopNavSlot() {
  const isLarge = useMediaQuery(LG_QUERY);
  const [intent, setIntent] = useState<TNavIntent | null>(null);
  if (!isLarge) return null;
  if (!intent) return <Placeholder onIntent={setIntent} />;
  return (
    <Suspense fallback={<Placeholder />}>
      <DesktopNav intent={intent} />
    </Suspense>
  );
}
