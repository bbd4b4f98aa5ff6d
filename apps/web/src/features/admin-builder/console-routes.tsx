import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ko } from '@suite/shared';

const AppsPage = lazy(() => import('./pages/apps-page').then((m) => ({ default: m.AdminBuilderAppsPage })));
const AppPage = lazy(() => import('./pages/app-page').then((m) => ({ default: m.AdminBuilderAppPage })));
const TablePage = lazy(() => import('./pages/table-page').then((m) => ({ default: m.AdminBuilderTablePage })));
const RowPage = lazy(() => import('./pages/row-page').then((m) => ({ default: m.AdminBuilderRowPage })));
const SettingsPage = lazy(() => import('./pages/settings-page').then((m) => ({ default: m.AdminBuilderSettingsPage })));
const AuditPage = lazy(() => import('./pages/audit-page').then((m) => ({ default: m.AdminBuilderAuditPage })));
const RolesPage = lazy(() => import('./pages/roles-page').then((m) => ({ default: m.AdminBuilderRolesPage })));
const ActionsPage = lazy(() => import('./pages/actions-page').then((m) => ({ default: m.AdminBuilderActionsPage })));

const loading = <p className="text-sm text-muted-foreground">{ko.adminBuilder.ui.loading}</p>;
const page = (el: React.ReactNode) => <Suspense fallback={loading}>{el}</Suspense>;

/** /admin/services/admin-builder and the generated pages (relative to /admin). */
export const adminBuilderConsoleRoutes: RouteObject[] = [
  { path: 'services/admin-builder', element: page(<AppsPage />) },
  { path: 'services/admin-builder/apps/:appId', element: page(<AppPage />) },
  { path: 'services/admin-builder/apps/:appId/:table', element: page(<TablePage />) },
  { path: 'services/admin-builder/apps/:appId/:table/new', element: page(<RowPage mode="new" />) },
  { path: 'services/admin-builder/apps/:appId/:table/row', element: page(<RowPage mode="row" />) },
  { path: 'services/admin-builder/apps/:appId/:table/settings', element: page(<SettingsPage />) },
  { path: 'services/admin-builder/audit/:appId', element: page(<AuditPage />) },
  { path: 'services/admin-builder/roles/:appId', element: page(<RolesPage />) },
  { path: 'services/admin-builder/actions/:appId', element: page(<ActionsPage />) },
];
