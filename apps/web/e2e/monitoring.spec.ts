import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { koMonitoring } from '../../../packages/shared/src/messages/ko-monitoring';
import { koTraffic } from '../../../packages/shared/src/messages/ko-traffic';
import { koAlerts } from '../../../packages/shared/src/messages/ko-alerts';
import { koConsoleUi } from '../../../packages/shared/src/messages/ko-console-ui';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './fixtures/site';
import { expect, test, type TTestUser } from './fixtures/test';

const h = koMonitoring.health;
const tr = koTraffic.traffic;
const se = koTraffic.seed;

type TRoute = { method: string; route: string; requests: number; clientErrors: number };
type TTraffic = { totals: { requests: number; clientErrors: number }; routes: TRoute[] };

/** The recorder writes its tallies every 15 s (traffic.flush): the figures are read until they include these requests. */
const FLUSHED = { timeout: 45_000, intervals: [1_000, 2_000, 3_000] };

/** The traffic API's view of the last hour (platform admins). */
async function trafficOf(request: APIRequestContext, admin: TTestUser): Promise<TTraffic> {
  const res = await request.get('/api/admin/monitoring/traffic?window=1h', { headers: admin.headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as TTraffic;
}

/** The y values of every point the chart's paths draw (the SVG is 160 high: a value above zero is drawn above 160). */
async function pointsOf(chart: Locator): Promise<number[]> {
  const paths = await chart.locator('path').evaluateAll((ps) => ps.map((p) => p.getAttribute('d') ?? ''));
  return paths.flatMap((d) => [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => Number(m[2])));
}

/** The charts draw the window's real figures: requests above zero somewhere, and a latency line or dot. */
async function expectChartsWithData(page: Page) {
  const w = koTraffic.windows['1h'];
  const requests = page.getByRole('img', { name: tr.chartRequestsLabel(w) });
  const latency = page.getByRole('img', { name: tr.chartLatencyLabel(w) });
  await expect(requests).toBeVisible();
  await expect(latency).toBeVisible();
  const ys = await pointsOf(requests);
  expect(ys.length).toBeGreaterThan(1);
  expect(ys.some((y) => y < 159.9)).toBe(true);
  expect((await pointsOf(latency)).length).toBeGreaterThan(0);
}

/** The operator's page: this instance up, readiness, charts with data, `/api/seeds` among the routes, advisors. */
async function expectOperatorPage(page: Page) {
  const self = page.getByTestId('instance').filter({ hasText: h.self });
  await expect(self).toHaveCount(1);
  await expect(self).toHaveAttribute('data-status', 'up');
  await expect(self).toContainText(h.up);
  const readiness = page.getByTestId('readiness');
  await expect(readiness).toHaveCount(2);
  for (const r of await readiness.all()) await expect(r).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('heading', { name: tr.title, exact: true })).toBeVisible();
  await expectChartsWithData(page);
  const route = page.locator('[data-testid="traffic-route"][data-method="GET"][data-route="/api/seeds"]');
  await expect(route).toHaveCount(1);
  await expect(page.getByRole('region', { name: tr.byRoute })).toBeVisible();
  const advisors = page.getByTestId('advisors-section');
  await expect(advisors.getByText(koAlerts.advisors.title)).toBeVisible();
  // Findings (this installation has no backup, for one) or the "nothing to fix" line: the section has loaded.
  await expect(advisors.locator('[data-testid^="advisor-"]').or(advisors.getByText(koAlerts.advisors.none)).first()).toBeVisible();
}

test('an operator sees the health, real traffic charts, the routes and the advisors on /admin/monitoring (1440 light, 360 dark)', async ({
  admin,
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  // Real requests through the page's request context: a few seed lists and one refused with a 400 (unknown window).
  for (let i = 0; i < 4; i++) expect((await page.request.get('/api/seeds', { headers: admin.headers })).status()).toBe(200);
  expect((await page.request.get('/api/admin/monitoring/traffic?window=2h', { headers: admin.headers })).status()).toBe(400);
  await expect
    .poll(async () => {
      const t = await trafficOf(page.request, admin);
      const seeds = t.routes.find((r) => r.method === 'GET' && r.route === '/api/seeds');
      return (seeds?.requests ?? 0) >= 4 && t.totals.clientErrors >= 1;
    }, FLUSHED)
    .toBe(true);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/admin/monitoring');
  await expectOperatorPage(page);
  await expectNoSeriousA11yViolations(page, 'monitoring light 1440');

  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/admin/monitoring');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectOperatorPage(page);
  await expectNoHorizontalScroll(page, 'monitoring at 360');
  await expectNoSeriousA11yViolations(page, 'monitoring dark 360');
});

test("a seed's owner sees the seed's own slice and no operator sections; the database page is refused", async ({ user, seed, signedInPage: page }) => {
  test.setTimeout(120_000);
  // Requests on the seed: they count for it once flushed.
  for (let i = 0; i < 3; i++) expect((await page.request.get(`/api/seeds/${seed.id}/members`, { headers: user.headers })).status()).toBe(200);
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/seeds/${seed.id}/monitoring?window=24h`, { headers: user.headers });
      if (res.status() !== 200) return 0;
      const body = (await res.json()) as { routes: TRoute[] };
      return body.routes.find((r) => r.route === '/api/seeds/:seedId/members')?.requests ?? 0;
    }, FLUSHED)
    .toBeGreaterThanOrEqual(3);
  // The operator's figures are refused on the server too.
  expect((await page.request.get('/api/admin/monitoring/traffic?window=1h', { headers: user.headers })).status()).toBe(403);
  expect((await page.request.get('/api/admin/database', { headers: user.headers })).status()).toBe(403);

  for (const [width, height, scheme] of [
    [1440, 900, 'light'],
    [360, 780, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/admin/monitoring');
    await expect(page.getByRole('heading', { name: se.title, exact: true })).toBeVisible();
    await expect(page.locator('[data-testid="traffic-route"][data-route="/api/seeds/:seedId/members"]')).toHaveCount(1);
    await expect(page.getByRole('region', { name: se.routes })).toBeVisible();
    // None of the operator's sections.
    await expect(page.getByTestId('instance')).toHaveCount(0);
    await expect(page.getByTestId('readiness')).toHaveCount(0);
    await expect(page.getByTestId('advisors-section')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: h.title, exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: tr.title, exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `seed monitoring ${scheme} ${width}`);

    await page.goto('/admin/database');
    await expect(page.getByRole('alert').filter({ hasText: koConsoleUi.forbidden })).toBeVisible();
    await expect(page.getByTestId('db-module')).toHaveCount(0);
  }
});

test('an operator sees the database tables grouped by module on /admin/database (1440 light, 360 dark)', async ({ adminPage: page }) => {
  const d = koMonitoring.database;
  for (const [width, height, scheme] of [
    [1440, 900, 'light'],
    [360, 780, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/admin/database');
    await expect(page.getByRole('region', { name: d.tables })).toBeVisible();
    const core = page.locator('[data-testid="db-module"][data-module="core"]');
    await expect(core).toContainText(d.modules.core!);
    await expect(page.locator('[data-testid="db-module"][data-module="traffic"]')).toContainText(d.modules.traffic!);
    for (const table of ['users', 'seeds']) await expect(page.locator(`[data-testid="db-table"][data-table="${table}"]`)).toHaveCount(1);
    expect(await page.getByTestId('db-module').count()).toBeGreaterThan(3);
    await expect(page.getByTestId('migration').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `database ${scheme} ${width}`);
  }
  await expectNoHorizontalScroll(page, 'database at 360');
});
