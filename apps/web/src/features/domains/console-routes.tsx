import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ko } from '@suite/shared';

const DomainsPage = lazy(() => import('./pages/domains-page').then((m) => ({ default: m.DomainsPage })));

const loading = <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
const page = (el: React.ReactNode) => <Suspense fallback={loading}>{el}</Suspense>;

/** /admin/domains (issue 33), relative to /admin. */
export const domainsConsoleRoutes: RouteObject[] = [{ path: 'domains', element: page(<DomainsPage />) }];
