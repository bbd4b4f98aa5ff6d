import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { ko } from '@suite/shared';

const SeedPrivacyPage = lazy(() => import('./pages/seed-privacy-page').then((m) => ({ default: m.SeedPrivacyPage })));

const loading = <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;

/** /admin/seeds/privacy (고객 개인정보 요청, the selected seed's owner), relative to /admin. */
export const seedPrivacyConsoleRoutes: RouteObject[] = [
  {
    path: 'seeds/privacy',
    element: (
      <Suspense fallback={loading}>
        <SeedPrivacyPage />
      </Suspense>
    ),
  },
];
