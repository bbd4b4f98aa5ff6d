import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ko } from '@suite/shared';

const NotificationsPage = lazy(() => import('./pages/notifications-page').then((m) => ({ default: m.NotificationsPage })));

const loading = <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;

/** /admin/notifications (relative to /admin): every signed-in member's inbox and settings; the delivery log for admins. */
export const notificationsConsoleRoutes: RouteObject[] = [
  {
    path: 'notifications',
    element: (
      <Suspense fallback={loading}>
        <NotificationsPage />
      </Suspense>
    ),
  },
];
