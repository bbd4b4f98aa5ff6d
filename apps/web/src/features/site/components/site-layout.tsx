import { Outlet } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The public site's shell: sticky header, main, footer. Pages render full-width sections and put
 * their content in `<PageContainer>` (components/page-container.tsx) for the compact/wide width.
 */
export function SiteLayout() {
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        {koSiteShell.layout.skipToContent}
      </a>
      <ScrollToTop />
      <div className="flex min-h-dvh flex-col">
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </>
  );
}
