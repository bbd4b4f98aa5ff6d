import { createBrowserRouter, type RouteObject } from 'react-router';
import { routes, SITE_LAYOUT_ID } from '@/app/route-tree';
import { loadQueryClient } from '@/lib/query-client';

/**
 * The account routes (auth-routes.tsx: /login, /signup, /dashboard, …) and the console (/admin/*, console-routes.tsx)
 * are discovered on the first navigation that only the 404 catch-all matches, so their code (forms, schemas, the
 * shared catalogue) stays out of the bundle that '/' loads. React Router asks here whenever a match rests on a splat;
 * after the first import of each the answer is immediate. Both load the query client with their code (their pages
 * query; lib/query-client.ts).
 */
type TPatch = (routeId: string | null, children: RouteObject[]) => void;
async function discoverRoutes({ path, patch }: { path: string; patch: TPatch }) {
  // No "already patched" flag: React Router ignores the patch of a navigation that another one interrupted, so each
  // call patches again (the imports are cached, and routes already in the tree are recognised and not added twice).
  if (path === '/admin' || path.startsWith('/admin/')) {
    const [{ consoleRoutes }] = await Promise.all([import('@/app/routes/console-routes'), loadQueryClient()]);
    patch(null, consoleRoutes);
    return;
  }
  const [{ authRoutes }] = await Promise.all([import('@/app/routes/auth-routes'), loadQueryClient()]);
  patch(SITE_LAYOUT_ID, authRoutes);
}

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: discoverRoutes });
