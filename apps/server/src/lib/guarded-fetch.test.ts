import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from './guarded-fetch.ts';

describe('guarded fetch', () => {
  let server: Server;
  let port = 0;
  const hosts: string[] = [];
  let streamedBytes = 0;
  let streamClosed: Promise<void> = Promise.resolve();
  beforeAll(async () => {
    server = createServer((req, res) => {
      hosts.push(String(req.headers.host));
      if (req.url === '/hello') return res.end('hello');
      if (req.url === '/to-hello') return res.writeHead(302, { location: '/hello' }).end();
      if (req.url === '/to-other-host') return res.writeHead(302, { location: `http://b.test:${port}/hello` }).end();
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 97);
        streamClosed = new Promise((resolve) => res.on('close', () => resolve()));
        const push = () => {
          while (!res.destroyed && streamedBytes < 60_000_000) {
            streamedBytes += chunk.length;
            if (!res.write(chunk)) return res.once('drain', push);
          }
          res.end();
        };
        return push();
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });
  const base = () => `http://127.0.0.1:${port}`;
  const opts = { maxBytes: 1_000_000, timeoutMs: 10_000 };

  it('refuses loopback (and every private address) unless private URLs are allowed', async () => {
    await expect(guardedFetch(`${base()}/hello`, { ...opts, allowPrivate: false })).rejects.toMatchObject({ reason: 'blocked' });
    await expect(guardedFetch('http://169.254.169.254/latest/meta-data', { ...opts, allowPrivate: false })).rejects.toMatchObject({ reason: 'blocked' });
    const ok = await guardedFetch(`${base()}/to-hello`, { ...opts, allowPrivate: true });
    expect(ok.body.toString()).toBe('hello');
  });

  it('re-checks every redirect hop and connects to the address the guard checked', async () => {
    const asked: string[] = [];
    const lookupAll = async (host: string) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    hosts.length = 0;
    const res = await guardedFetch(`http://a.test:${port}/to-other-host`, { ...opts, allowPrivate: true, lookupAll });
    expect(res.body.toString()).toBe('hello');
    expect(asked).toEqual(['a.test', 'b.test']);
    expect(hosts).toEqual([`a.test:${port}`, `b.test:${port}`]);
    // The same chain with private addresses refused stops at the first hop.
    await expect(guardedFetch(`http://a.test:${port}/to-other-host`, { ...opts, allowPrivate: false, lookupAll })).rejects.toMatchObject({ reason: 'blocked' });
    await expect(guardedFetch(`${base()}/loop`, { ...opts, allowPrivate: true })).rejects.toMatchObject({ reason: 'too-many-redirects' });
  });

  it('cuts the body off at the limit instead of reading it all', async () => {
    await expect(guardedFetch(`${base()}/huge`, { ...opts, allowPrivate: true })).rejects.toMatchObject({ reason: 'too-big' });
    await streamClosed;
    expect(streamedBytes).toBeLessThan(20_000_000);
  });
});
