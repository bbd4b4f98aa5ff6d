import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ko } from '@suite/shared';

const SchedulePage = lazy(() => import('./pages/schedule-page').then((m) => ({ default: m.SchedulePage })));
const RoomSettingsPage = lazy(() => import('./pages/settings-page').then((m) => ({ default: m.RoomSettingsPage })));
const RoomUsersPage = lazy(() => import('./pages/users-page').then((m) => ({ default: m.RoomUsersPage })));
const RoomLogsPage = lazy(() => import('./pages/logs-page').then((m) => ({ default: m.RoomLogsPage })));

const loading = <p className="text-sm text-muted-foreground">{ko.rooms.ui.loading}</p>;
const page = (el: React.ReactNode) => <Suspense fallback={loading}>{el}</Suspense>;

/** /admin/services/schedule and its sub-pages (relative to /admin). */
export const roomsConsoleRoutes: RouteObject[] = [
  { path: 'services/schedule', element: page(<SchedulePage />) },
  { path: 'services/schedule/settings', element: page(<RoomSettingsPage />) },
  { path: 'services/schedule/users', element: page(<RoomUsersPage />) },
  { path: 'services/schedule/logs', element: page(<RoomLogsPage />) },
];
