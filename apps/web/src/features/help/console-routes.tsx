import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ko } from '@suite/shared';

const HelpCenterPage = lazy(() => import('./pages/help-center-page').then((m) => ({ default: m.HelpCenterPage })));

const loading = <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
const page = (el: React.ReactNode) => <Suspense fallback={loading}>{el}</Suspense>;

/** /admin/help (issue 33), relative to /admin. */
export const helpConsoleRoutes: RouteObject[] = [{ path: 'help', element: page(<HelpCenterPage />) }];
