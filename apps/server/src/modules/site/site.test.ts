import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_SITE_PATHS } from '@suite/shared';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';

describe('robots.txt and sitemap.xml', () => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { APP_URL: 'https://tools.example.co.kr' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every public page under APP_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    for (const p of PUBLIC_SITE_PATHS) expect(res.body).toContain(`<loc>https://tools.example.co.kr${p}</loc>`);
    expect(res.body).not.toContain('/admin');
  });

  it('allows the site, keeps private screens out and points at the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^User-agent: \*\nAllow: \//);
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Sitemap: https://tools.example.co.kr/sitemap.xml');
  });
});
