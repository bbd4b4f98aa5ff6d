import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ko } from '@suite/shared';

const MonitoringPage = lazy(() => import('./pages/monitoring-page').then((m) => ({ default: m.MonitoringPage })));
const DatabasePage = lazy(() => import('./pages/database-page').then((m) => ({ default: m.DatabasePage })));

const loading = <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
const page = (el: React.ReactNode) => <Suspense fallback={loading}>{el}</Suspense>;

/** /admin/monitoring (relative to /admin): the operator's whole suite, or a seed owner's own slice; /admin/database (platform admins). */
export const monitoringConsoleRoutes: RouteObject[] = [
  { path: 'monitoring', element: page(<MonitoringPage />) },
  { path: 'database', element: page(<DatabasePage />) },
];
