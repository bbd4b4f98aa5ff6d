import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ko } from '@suite/shared';

const MealListPage = lazy(() => import('./pages/meal-list-page').then((m) => ({ default: m.MealListPage })));
const MealRoundPage = lazy(() => import('./pages/meal-round-page').then((m) => ({ default: m.MealRoundPage })));
const MealLedgerPage = lazy(() => import('./pages/meal-ledger-page').then((m) => ({ default: m.MealLedgerPage })));
const MealProfilePage = lazy(() => import('./pages/meal-profile-page').then((m) => ({ default: m.MealProfilePage })));
const MealSettingsPage = lazy(() => import('./pages/meal-settings-page').then((m) => ({ default: m.MealSettingsPage })));
const MealReportPage = lazy(() => import('./pages/meal-report-page').then((m) => ({ default: m.MealReportPage })));

const loading = <p className="text-sm text-muted-foreground">{ko.meal.ui.loading}</p>;
const page = (el: React.ReactNode) => <Suspense fallback={loading}>{el}</Suspense>;

/** /admin/services/meal and its pages (relative to /admin). */
export const mealConsoleRoutes: RouteObject[] = [
  { path: 'services/meal', element: page(<MealListPage />) },
  { path: 'services/meal/ledger', element: page(<MealLedgerPage />) },
  { path: 'services/meal/profile', element: page(<MealProfilePage />) },
  { path: 'services/meal/settings', element: page(<MealSettingsPage />) },
  { path: 'services/meal/report', element: page(<MealReportPage />) },
  { path: 'services/meal/:mealId', element: page(<MealRoundPage />) },
];
