import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppRoute } from '@suite/shared/app-routes';
import { apiNotFound } from './error-handler.ts';

/**
 * Serves the built web app: hashed assets cached for a year, every other GET for a page (Accept text/html, or any
 * type at a path that is not a file) answered with the app's HTML: 200 for the app's routes (the shared list,
 * packages/shared/src/app-routes.ts), 404 for anything else (the client router then draws its not-found screen).
 * /api/* never falls back.
 */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  const indexFile = join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each text file (apps/web/compress-plugin.ts); they are sent as they are.
      preCompressed: true,
      // @fastify/static 10 passes the Fastify reply here.
      setHeaders(reply: { header: (k: string, v: string) => void }, path: string) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A page: what a browser asks for (text/html), or a client that takes anything (curl's */*, no Accept at all) at a
    // path that is not a file. A missing file (/x.png) or a client that wants something else gets the JSON 404.
    const accept = request.headers.accept ?? '';
    const wantsHtml = accept.includes('text/html') || ((accept === '' || accept.includes('*/*')) && !/\.[a-z0-9]+$/i.test(path));
    // /api and /dev (the development outbox, absent in production) are never pages.
    if (/^\/(api|dev)(\/|$)/.test(path) || !(request.method === 'GET' || request.method === 'HEAD') || !wantsHtml) {
      return apiNotFound(reply);
    }
    if (!hasBuild) {
      return reply.status(503).type('text/plain; charset=utf-8').send('웹 앱이 아직 빌드되지 않았습니다. `npm start` 또는 `npm run build`를 실행해주세요.');
    }
    const { body, encoding } = pageHtml(path, String(request.headers['accept-encoding'] ?? ''));
    if (encoding) reply.header('content-encoding', encoding);
    if (!isAppRoute(path)) reply.status(404);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').send(body);
  });
  // The build's prerendered first paints (prerendered/manifest.json: path → file) and index.html for every other
  // path, each with its pre-compressed forms; all small, read once.
  const manifestFile = join(distDir, 'prerendered', 'manifest.json');
  const prerendered: Record<string, string> = hasBuild && existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const cache = new Map<string, Buffer | null>();
  function read(file: string): Buffer | null {
    if (!cache.has(file)) cache.set(file, existsSync(file) ? readFileSync(file) : null);
    return cache.get(file) ?? null;
  }
  function pageHtml(path: string, acceptEncoding: string): { body: Buffer; encoding?: string } {
    const page = Object.hasOwn(prerendered, path) ? prerendered[path] : undefined;
    const file = page && /^[\w-]+\.html$/.test(page) ? join(distDir, 'prerendered', page) : indexFile;
    const accepts = (name: string) => new RegExp(`(^|[,\\s])${name}(?!;q=0(\\.0*)?(,|$))`).test(acceptEncoding);
    const br = accepts('br') ? read(`${file}.br`) : null;
    if (br) return { body: br, encoding: 'br' };
    const gz = accepts('gzip') ? read(`${file}.gz`) : null;
    if (gz) return { body: gz, encoding: 'gzip' };
    return { body: read(file) ?? read(indexFile) ?? Buffer.from('') };
  }
}
