import { clsx } from 'clsx';
import { Link } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { containerClass, useLayoutMode } from '@/lib/layout-mode';
import { AccountArea } from './account-area';
import { DesktopNavSlot } from './desktop-nav-slot';
import { LayoutToggle } from './layout-toggle';
import { MobileMenuButton } from './mobile-menu-button';
import { ThemeToggle } from './theme-toggle';

export function SiteHeader() {
  const { mode } = useLayoutMode();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className={clsx(containerClass(mode), 'flex h-16 items-center gap-2')}>
        <Link
          to="/"
          className="mr-2 flex shrink-0 items-center gap-2 rounded-md text-base font-bold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
          {koSiteShell.brand}
        </Link>
        <DesktopNavSlot />
        <div className="ml-auto flex items-center gap-1">
          <LayoutToggle />
          <ThemeToggle />
          <AccountArea />
          <MobileMenuButton />
        </div>
      </div>
    </header>
  );
}
