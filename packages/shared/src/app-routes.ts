/**
 * Every address the web app answers, shared by the web router (its routes are checked against this list) and the
 * server's page fallback (anything else is a 404 with the not-found page). A pattern may end in '/*' (that path and
 * everything under it) and use ':param' segments. Add a route here when you add it to the router.
 */
export const SITE_ROUTES = [
  '/',
  '/about',
  '/slack-ai',
  '/meeting-room',
  '/food-manager',
  '/terms',
  '/privacy',
  '/help',
  '/help/:slug',
  '/success',
  '/error',
  '/oauth/slack/callback',
  '/meal/verify/:mealId',
  '/rooms/display/:token',
] as const;

export const ACCOUNT_ROUTES = [
  '/login',
  '/login/second-factor',
  '/signup',
  '/signup/complete',
  '/forgot-password',
  '/reset-password',
  '/auth/confirm',
  '/auth/callback',
  '/auth/callback/:provider',
  '/auth/provider-email',
  '/auth/link',
  '/auth/unlock',
  '/dashboard',
  '/invite/seed',
  '/invite/account',
  '/settings',
  '/settings/privacy',
  '/rooms/check-in/:roomId',
] as const;

export const CONSOLE_ROUTES = [
  '/admin',
  '/admin/analytics',
  '/admin/services',
  '/admin/services/slack-ai',
  '/admin/services/schedule',
  '/admin/services/schedule/settings',
  '/admin/services/schedule/users',
  '/admin/services/schedule/logs',
  '/admin/services/meal',
  '/admin/services/meal/ledger',
  '/admin/services/meal/profile',
  '/admin/services/meal/settings',
  '/admin/services/meal/report',
  '/admin/services/meal/:mealId',
  '/admin/services/api-builder/*',
  '/admin/services/admin-builder/*',
  '/admin/services/ai-chatbot',
  '/admin/users',
  '/admin/seeds',
  '/admin/seeds/privacy',
  '/admin/billing',
  '/admin/billing/card',
  '/admin/billing/history',
  '/admin/billing/history/:invoiceId',
  '/admin/settings',
  '/admin/settings/integrations',
  '/admin/database',
  '/admin/domains',
  '/admin/monitoring',
  '/admin/notifications',
  '/admin/help',
  '/admin/docs',
] as const;

export const APP_ROUTES: readonly string[] = [...SITE_ROUTES, ...ACCOUNT_ROUTES, ...CONSOLE_ROUTES];

/** Whether a path (no query; a trailing slash ignored) is one of the patterns. */
export function matchesRoute(pattern: string, path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const want = pattern.endsWith('/*') ? pattern.slice(0, -2) : pattern;
  const a = want.split('/');
  const b = clean.split('/');
  if (pattern.endsWith('/*') ? b.length < a.length : b.length !== a.length) return false;
  return a.every((seg, i) => (seg.startsWith(':') ? b[i] !== '' : seg === b[i]));
}

export function isAppRoute(path: string, routes: readonly string[] = APP_ROUTES): boolean {
  return routes.some((r) => matchesRoute(r, path));
}
