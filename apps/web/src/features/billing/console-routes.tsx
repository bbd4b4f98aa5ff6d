import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ko } from '@suite/shared';

const BillingPage = lazy(() => import('./pages/billing-page').then((m) => ({ default: m.BillingPage })));
const BillingCardPage = lazy(() => import('./pages/billing-card-page').then((m) => ({ default: m.BillingCardPage })));
const BillingHistoryPage = lazy(() => import('./pages/billing-history-page').then((m) => ({ default: m.BillingHistoryPage })));
const InvoicePage = lazy(() => import('./pages/invoice-page').then((m) => ({ default: m.InvoicePage })));

const loading = <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
const page = (el: React.ReactNode) => <Suspense fallback={loading}>{el}</Suspense>;

/** /admin/billing (구독) and /admin/billing/history (결제 내역), relative to /admin. Helpers F1/F2 add their sub-routes here. */
export const billingConsoleRoutes: RouteObject[] = [
  { path: 'billing', element: page(<BillingPage />) },
  { path: 'billing/card', element: page(<BillingCardPage />) },
  { path: 'billing/history', element: page(<BillingHistoryPage />) },
  { path: 'billing/history/:invoiceId', element: page(<InvoicePage />) },
];
