import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ko } from '@suite/shared';

const MealListPage = lazy(() => import('./pages/meal-list-page').then((m) => ({ default: m.MealListPage })));
const MealRoundPage = lazy(() => import('./pages/meal-round-page').then((m) => ({ default: m.MealRoundPage })));
const MealLedgerPage = lazy(() => import('./pages/meal-ledger-page').then((m) => ({ default: m.MealLedgerPage })));

const loading = <p className="text-sm text-muted-foreground">{ko.meal.ui.loading}</p>;
const page = (el: React.ReactNode) => <Suspense fallback={loading}>{el}</Suspense>;

/** /admin/services/meal and its pages (relative to /admin). */
export const mealConsoleRoutes: RouteObject[] = [
  { path: 'services/meal', element: page(<MealListPage />) },
  { path: 'services/meal/ledger', element: page(<MealLedgerPage />) },
  { path: 'services/meal/:mealId', element: page(<MealRoundPage />) },
];
