import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa.ts';

const html = `<!doctype html><html lang="ko"><body>${'컴퍼니 툴즈 '.repeat(200)}</body></html>`;
const prerendered = html.replace('<body>', '<body><h1>첫 화면</h1>');
const js = `console.log(${JSON.stringify('a'.repeat(4000))});`;

describe('the built web app', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'suite-spa-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), html);
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(html));
    writeFileSync(join(dist, 'index.html.gz'), gzipSync(html));
    mkdirSync(join(dist, 'prerendered'));
    writeFileSync(join(dist, 'prerendered', 'manifest.json'), JSON.stringify({ '/': 'index.html' }));
    writeFileSync(join(dist, 'prerendered', 'index.html'), prerendered);
    writeFileSync(join(dist, 'prerendered', 'index.html.br'), brotliCompressSync(prerendered));
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), js);
    writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
    writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(js));
    app = Fastify();
    await registerSpa(app, dist);
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends the prerendered first paint where there is one, else index.html, pre-compressed by the accepted encodings', async () => {
    const home = await app.inject({ url: '/', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(home.rawPayload).toString()).toBe(prerendered);
    const homePlain = await app.inject({ url: '/?from=mail', headers: { accept: 'text/html' } });
    expect(homePlain.body).toBe(prerendered);

    const br = await app.inject({ url: '/about', headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html);

    const gz = await app.inject({ url: '/login', headers: { accept: 'text/html', 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);

    const plain = await app.inject({ url: '/dashboard', headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('answers a page to clients that take any type (curl), but not for missing files or other types', async () => {
    const curl = await app.inject({ url: '/', headers: { accept: '*/*' } });
    expect(curl.statusCode).toBe(200);
    expect(curl.body).toContain('첫 화면');
    const none = await app.inject({ url: '/about' });
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-type']).toContain('text/html');
    const file = await app.inject({ url: '/missing.png', headers: { accept: '*/*' } });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toMatchObject({ success: false });
    const dev = await app.inject({ url: '/dev/outbox', headers: { accept: '*/*' } });
    expect(dev.statusCode).toBe(404);
    const json = await app.inject({ url: '/about', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
  });

  it('answers 404 with the app (its not-found screen) for an address that is not one of the app routes', async () => {
    for (const url of ['/no-such-page', '/admin/nope', '/about/extra', '/loginx']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe(html);
    }
    for (const url of ['/about/', '/admin/services/api-builder/apis', '/admin/settings/integrations', '/success?type=save']) {
      expect((await app.inject({ url, headers: { accept: 'text/html' } })).statusCode, url).toBe(200);
    }
  });

  it('sends hashed assets pre-compressed and cached for a year', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });
});
