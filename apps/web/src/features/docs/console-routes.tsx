import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ko } from '@suite/shared';

const DocsPage = lazy(() => import('./pages/docs-page').then((m) => ({ default: m.DocsPage })));

const loading = <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
const page = (el: React.ReactNode) => <Suspense fallback={loading}>{el}</Suspense>;

/** /admin/docs (issue 33), relative to /admin. */
export const docsConsoleRoutes: RouteObject[] = [{ path: 'docs', element: page(<DocsPage />) }];
