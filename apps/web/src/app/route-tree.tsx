import type { RouteObject } from 'react-router';
import { notFoundRoute, siteRoutes, SiteLayout } from '@/app/routes/site-routes';
import { loadQueryClient } from '@/lib/query-client';
import { slackSiteRoutes } from '@/features/slack-ai/site-routes';

export const SITE_LAYOUT_ID = 'site';

/** What a lazily loaded page shows in the layout until its code is there (usually a few milliseconds). */
function PageLoading() {
  return <div className="min-h-[60vh]" aria-busy="true" />;
}

/**
 * A lazy route that may query (a service page's beta form, the Slack callback) loads the query client with its code,
 * so it never renders without one; only the landing page '/' (eager, no queries) goes without it.
 */
function withQueryClient(route: RouteObject): RouteObject {
  const lazy = route.lazy;
  const withClient = typeof lazy === 'function' ? async () => (await Promise.all([lazy(), loadQueryClient()]))[0] : lazy;
  return { ...route, lazy: withClient, hydrateFallbackElement: <PageLoading /> };
}

/**
 * Public pages (site and account) share the site layout; the 404 catch-all is the layout's last child.
 * The console (/admin) gets its own top-level layout route next to this one (discovered on navigation, router.tsx).
 * Kept apart from router.tsx so the build's prerender (entry-prerender.tsx) can use them without a browser router.
 */
export const routes: RouteObject[] = [
  {
    id: SITE_LAYOUT_ID,
    path: '/',
    element: <SiteLayout />,
    // A first load whose route is discovered on navigation (/login, /admin, an unknown path): blank until it is known.
    hydrateFallbackElement: <PageLoading />,
    // A page loaded directly shows the layout while its code loads (React Router's HydrateFallback, no warning).
    children: [...siteRoutes, ...slackSiteRoutes, notFoundRoute].map((r) => (r.lazy ? withQueryClient(r) : r)),
  },
  // The tablet by a meeting room's door (issue 37): full screen, without the site's header and footer.
  withQueryClient({
    path: '/rooms/display/:token',
    lazy: async () => ({ Component: (await import('@/features/rooms/pages/room-display-page')).RoomDisplayPage }),
  }),
];
