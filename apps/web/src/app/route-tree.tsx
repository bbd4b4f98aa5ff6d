import type { RouteObject } from 'react-router';
import { notFoundRoute, siteRoutes, SiteLayout } from '@/app/routes/site-routes';
import { slackSiteRoutes } from '@/features/slack-ai/site-routes';

export const SITE_LAYOUT_ID = 'site';

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
    children: [...siteRoutes, ...slackSiteRoutes, notFoundRoute],
  },
];
