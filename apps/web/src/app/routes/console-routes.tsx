import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { Loader2 } from 'lucide-react';
import { ko } from '@suite/shared';
import { RequireAuth } from '@/components/require-auth';
import { slackAiConsoleRoutes } from '@/features/slack-ai/console-routes';
import { roomsConsoleRoutes } from '@/features/rooms/console-routes';
import { mealConsoleRoutes } from '@/features/meal/console-routes';
import { apiBuilderConsoleRoutes } from '@/features/api-builder/console-routes';
import { aiChatbotConsoleRoutes } from '@/features/ai-chatbot/console-routes';
import { adminBuilderConsoleRoutes } from '@/features/admin-builder/console-routes';
import { monitoringConsoleRoutes } from '@/features/monitoring/console-routes';
import { notificationsConsoleRoutes } from '@/features/notifications/console-routes';
import { billingConsoleRoutes } from '@/features/billing/console-routes';
import { seedPrivacyConsoleRoutes } from '@/features/seed-privacy/console-routes';
import { helpConsoleRoutes } from '@/features/help/console-routes';
import { docsConsoleRoutes } from '@/features/docs/console-routes';
import { domainsConsoleRoutes } from '@/features/domains/console-routes';

/** The console is its own chunk: nothing of it loads on the public pages. */
const ConsoleLayout = lazy(() => import('@/features/console/components/console-layout').then((m) => ({ default: m.ConsoleLayout })));
/** The header's bell (features/notifications), handed to the console's layout as its header slot. */
const NotificationBell = lazy(() => import('@/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })));
const OverviewPage = lazy(() => import('@/features/console/pages/overview-page').then((m) => ({ default: m.OverviewPage })));
const AnalyticsPage = lazy(() => import('@/features/console/pages/analytics-page').then((m) => ({ default: m.AnalyticsPage })));
const ServicesPage = lazy(() => import('@/features/console/pages/services-page').then((m) => ({ default: m.ServicesPage })));
const UsersPage = lazy(() => import('@/features/console/pages/users-page').then((m) => ({ default: m.UsersPage })));
const SettingsPage = lazy(() => import('@/features/console/pages/console-settings-page').then((m) => ({ default: m.ConsoleSettingsPage })));
const SeedsPage = lazy(() => import('@/features/console/pages/seeds-page').then((m) => ({ default: m.SeedsPage })));
const IntegrationsPage = lazy(() => import('@/features/console/pages/integrations-page').then((m) => ({ default: m.IntegrationsPage })));
const ConsoleNotFound = lazy(() => import('@/features/console/components/console-not-found').then((m) => ({ default: m.ConsoleNotFound })));
const AdminOnly = lazy(() => import('@/features/console/components/admin-only').then((m) => ({ default: m.AdminOnly })));

function Loading() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
      <Loader2 className="size-5 animate-spin" aria-hidden="true" /> {ko.common.loading}
    </div>
  );
}

const page = (el: ReactNode) => <Suspense fallback={<Loading />}>{el}</Suspense>;

/** /admin/*: signed-in members only (the server enforces each permission). */
export const consoleRoutes: RouteObject[] = [
  {
    path: '/admin',
    hydrateFallbackElement: <Loading />,
    element: (
      <RequireAuth>
        <Suspense fallback={<Loading />}>
          <ConsoleLayout
            headerSlot={
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            }
          />
        </Suspense>
      </RequireAuth>
    ),
    children: [
      { index: true, element: page(<OverviewPage />) },
      {
        path: 'analytics',
        element: page(
          <AdminOnly>
            <AnalyticsPage />
          </AdminOnly>,
        ),
      },
      { path: 'services', element: page(<ServicesPage />) },
      ...slackAiConsoleRoutes,
      ...roomsConsoleRoutes,
      ...mealConsoleRoutes,
      ...apiBuilderConsoleRoutes,
      ...adminBuilderConsoleRoutes,
      ...aiChatbotConsoleRoutes,
      { path: 'users', element: page(<UsersPage />) },
      { path: 'seeds', element: page(<SeedsPage />) },
      ...seedPrivacyConsoleRoutes,
      ...billingConsoleRoutes,
      { path: 'settings', element: page(<SettingsPage />) },
      {
        path: 'settings/integrations',
        element: page(
          <AdminOnly>
            <IntegrationsPage />
          </AdminOnly>,
        ),
      },
      ...domainsConsoleRoutes,
      ...monitoringConsoleRoutes,
      ...notificationsConsoleRoutes,
      ...helpConsoleRoutes,
      ...docsConsoleRoutes,
      { path: '*', element: page(<ConsoleNotFound />) },
    ],
  },
];
