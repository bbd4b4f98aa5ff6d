import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isAppRoute } from '@suite/shared';
import { routes } from '@/app/route-tree';
import { authRoutes } from '@/app/routes/auth-routes';
import { consoleRoutes } from '@/app/routes/console-routes';
import { consoleHeadings, pageHeading } from '@/features/console/nav';

/** Absolute paths of a route list ('*' catch-alls left out). */
function paths(list: RouteObject[], base = ''): string[] {
  return list.flatMap((r) => {
    if (r.path === '*') return [];
    const here = r.index ? base || '/' : r.path?.startsWith('/') ? r.path : `${base === '/' ? '' : base}/${r.path ?? ''}`;
    return [...(r.index || r.path ? [here] : []), ...paths(r.children ?? [], r.index ? base : here)];
  });
}

describe('the shared route list (server 404s) and the router agree', () => {
  const router = [...paths(routes), ...paths(authRoutes), ...paths(consoleRoutes)].filter((p, i, a) => a.indexOf(p) === i);

  it('every route of the router is in the shared list', () => {
    expect(router.filter((p) => !isAppRoute(p))).toEqual([]);
  });

  it('every path of the shared list has a route', () => {
    const missing = APP_ROUTES.map((p) => p.replace(/\/\*$/, '')).filter((p) => !router.includes(p));
    expect(missing).toEqual([]);
  });

  it('every console route has its own header', () => {
    const consolePaths = router.filter((p) => p.startsWith('/admin'));
    expect(consolePaths.filter((p) => !consoleHeadings.some(([h]) => h === p))).toEqual([]);
    const titles = consolePaths.map((p) => pageHeading(p).title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(pageHeading('/admin/nope').title).toBe('페이지를 찾을 수 없습니다');
  });
});
