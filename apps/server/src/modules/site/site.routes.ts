import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_SITE_PATHS } from '@suite/shared';
import type { TAppContext } from '../../context.ts';

/** Last content change of the public pages (the legal texts' effective date or later). */
const LAST_MODIFIED = '2026-11-27';

function absolute(base: string, path: string): string {
  return new URL(path, base.endsWith('/') ? base : `${base}/`).toString();
}

/**
 * robots.txt and sitemap.xml for the public site, built from APP_URL (a static file could not know the host).
 * Account, console and result screens stay out of search results.
 */
export const siteRoutes: FastifyPluginAsync<{ ctx: TAppContext }> = async (app, { ctx }) => {
  const base = ctx.config.appUrl;
  const robots = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Disallow: /settings',
    'Disallow: /auth/',
    'Disallow: /success',
    'Disallow: /error',
    '',
    `Sitemap: ${absolute(base, '/sitemap.xml')}`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_SITE_PATHS.map(
      (p) => `  <url><loc>${absolute(base, p)}</loc><lastmod>${LAST_MODIFIED}</lastmod><priority>${p === '/' ? '1.0' : '0.7'}</priority></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap),
  );
};
