import type { ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ArrowLeft, LogOut, Megaphone } from 'lucide-react';
import { catalogueStatus, ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { SeedProvider } from '@/lib/seed-context';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { ConsoleSidebar } from '@/features/console/components/console-sidebar';
import { SeedSelector } from '@/features/console/components/seed-selector';
import { ThemeSwitch } from '@/features/console/components/theme-switch';
import { pageHeading } from '@/features/console/nav';

const h = ko.consoleUi.header;
/** The API builder's pages: /admin/services/api-builder and below. */
const isApiBuilderPage = (pathname: string) => /^\/admin\/services\/api-builder(\/|$)/.test(pathname);
/**
 * The console shell: sidebar, header (title, seed selector, theme, user, back to main, logout), notice, page.
 * `headerSlot`: what the app puts beside the header's title (the notification bell; features do not import each other).
 */
export function ConsoleLayout({ headerSlot }: { headerSlot?: ReactNode } = {}) {
  const { pathname } = useLocation();
  const heading = pageHeading(pathname);
  usePageTitle(heading.title, { noindex: true });
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const onLogout = async () => {
    await logout();
    toast.success(ko.authUi.logoutToast);
    navigate('/login', { replace: true });
  };
  return (
    <SeedProvider>
      <SidebarProvider>
        <ConsoleSidebar onLogout={onLogout} />
        <SidebarInset>
          <header className="sticky top-0 z-20 flex flex-wrap items-center gap-x-3 gap-y-2 border-b bg-background/95 px-3 py-2 backdrop-blur sm:px-4">
            <SidebarTrigger label={h.toggleSidebar} />
            <div className="min-w-0 flex-1">
              <h1 className="truncate text-base font-semibold sm:text-lg">{heading.title}</h1>
              <p className="hidden truncate text-xs text-muted-foreground sm:block">{heading.description}</p>
            </div>
            {headerSlot}
            <div className="hidden text-right text-xs leading-tight lg:block">
              <p className="font-medium">{user?.full_name}</p>
              <p className="text-muted-foreground">{user?.email}</p>
            </div>
            <div className="hidden md:block">
              <ThemeSwitch />
            </div>
            <Button asChild variant="outline" size="sm">
              <Link to="/">
                <ArrowLeft aria-hidden="true" /> <span className="sr-only sm:not-sr-only">{h.backToMain}</span>
              </Link>
            </Button>
            <Button variant="ghost" size="sm" onClick={onLogout}>
              <LogOut aria-hidden="true" /> <span className="sr-only sm:not-sr-only">{h.logout}</span>
            </Button>
          </header>
          <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-muted/40 px-3 py-2 sm:px-4">
            <SeedSelector />
            {/* The API builder's notice (in beta, per the catalogue), shown on its own pages only. */}
            {isApiBuilderPage(pathname) && catalogueStatus('api-builder') === 'beta' ? (
              <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="note">
                <Megaphone className="size-3.5 shrink-0 text-primary" aria-hidden="true" /> {h.notice}
              </p>
            ) : null}
          </div>
          {/* Single-column grids take the width they are given (a wide table scrolls inside its own box), never
              their content's, and a scroll box contains its absolutely placed bits (sr-only labels): no console page
              scrolls sideways on a phone. */}
          <main className="min-w-0 flex-1 p-3 sm:p-6 [&_.grid]:auto-cols-[minmax(0,1fr)] [&_.overflow-x-auto]:relative">
            <Outlet />
          </main>
        </SidebarInset>
      </SidebarProvider>
    </SeedProvider>
  );
}
