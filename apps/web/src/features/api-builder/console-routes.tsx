import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ko } from '@suite/shared';

const OverviewPage = lazy(() => import('./pages/overview-page').then((m) => ({ default: m.ApiBuilderOverviewPage })));
const SettingsPage = lazy(() => import('./pages/settings-page').then((m) => ({ default: m.ApiBuilderSettingsPage })));
const ApisPage = lazy(() => import('./pages/apis-page').then((m) => ({ default: m.ApiBuilderApisPage })));
const TestPage = lazy(() => import('./pages/test-page').then((m) => ({ default: m.ApiBuilderTestPage })));

const loading = <p className="text-sm text-muted-foreground">{ko.apiBuilder.ui.loading}</p>;
const page = (el: React.ReactNode) => <Suspense fallback={loading}>{el}</Suspense>;

/** /admin/services/api-builder and its sub-pages (relative to /admin). */
export const apiBuilderConsoleRoutes: RouteObject[] = [
  { path: 'services/api-builder', element: page(<OverviewPage />) },
  { path: 'services/api-builder/settings', element: page(<SettingsPage />) },
  { path: 'services/api-builder/apis', element: page(<ApisPage />) },
  { path: 'services/api-builder/test', element: page(<TestPage />) },
];
