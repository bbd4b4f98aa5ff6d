/**
 * Fetching a URL a user gave us (knowledge documents; later the chatbot), safely (issue 11 item 8):
 * - every hop's host goes through the one outbound guard (outbound-guard.ts: loopback, private, link-local and
 *   metadata addresses refused unless `allowPrivate`, i.e. ALLOW_PRIVATE_URLS=true);
 * - the connection is pinned to the address that was checked (a custom `lookup`), so DNS cannot answer differently
 *   between the check and the connect;
 * - redirects are followed by hand (at most `maxRedirects`), each target re-checked the same way;
 * - the body is streamed and cut off as soon as it passes `maxBytes`.
 *
 *   const page = await guardedFetch(url, { allowPrivate: config.allowPrivateUrls, maxBytes: 2_000_000, timeoutMs: 10_000 });
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { OutboundGuardError, resolveGuardedHost, type TGuardOptions } from './outbound-guard.ts';

export type TGuardedFetchOptions = {
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  accept?: string;
  lookupAll?: TGuardOptions['lookupAll'];
};

/** `cacheControl`: the answer's Cache-Control header (the API builder keeps a JWKS as long as it says). */
export type TGuardedResponse = { url: string; status: number; contentType: string; body: Buffer; cacheControl?: string | undefined };

export type TFetchFailure = 'blocked' | 'too-big' | 'too-many-redirects' | 'bad-url' | 'failed';

export class GuardedFetchError extends Error {
  readonly reason: TFetchFailure;
  constructor(reason: TFetchFailure, detail = '') {
    super(`guarded fetch: ${reason}${detail ? ` (${detail})` : ''}`);
    this.reason = reason;
  }
}

function once(
  url: URL,
  address: string,
  family: 4 | 6,
  opts: TGuardedFetchOptions,
  deadline: number,
): Promise<{ status: number; location?: string | undefined; contentType: string; body: Buffer; cacheControl?: string | undefined }> {
  const lookup: LookupFunction = (_host, o, cb) => {
    if ((o as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup,
        agent: false,
        headers: { accept: opts.accept ?? '*/*', 'user-agent': 'company-tools-fetch' },
        timeout: Math.max(1, deadline - Date.now()),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location, contentType, body: Buffer.alloc(0) });
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > opts.maxBytes) {
          req.destroy();
          return reject(new GuardedFetchError('too-big'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            req.destroy();
            reject(new GuardedFetchError('too-big'));
            return;
          }
          chunks.push(chunk);
        });
        const cc = res.headers['cache-control'];
        res.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks), cacheControl: Array.isArray(cc) ? cc.join(', ') : cc }));
        res.on('error', () => reject(new GuardedFetchError('failed')));
      },
    );
    req.on('timeout', () => req.destroy(new GuardedFetchError('failed', 'timeout')));
    req.on('error', (err) => reject(err instanceof GuardedFetchError ? err : new GuardedFetchError('failed', err.message)));
    req.end();
  });
}

export async function guardedFetch(target: string, opts: TGuardedFetchOptions): Promise<TGuardedResponse> {
  const deadline = Date.now() + opts.timeoutMs;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new GuardedFetchError('bad-url');
  }
  for (let hop = 0; hop <= (opts.maxRedirects ?? 5); hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new GuardedFetchError('bad-url');
    if (url.username || url.password) throw new GuardedFetchError('bad-url');
    let resolved;
    try {
      resolved = await resolveGuardedHost(url.hostname, { allowPrivate: opts.allowPrivate, ...(opts.lookupAll ? { lookupAll: opts.lookupAll } : {}) });
    } catch (err) {
      if (err instanceof OutboundGuardError) throw new GuardedFetchError(err.reason === 'private-address' ? 'blocked' : 'failed', err.reason);
      throw err;
    }
    const res = await once(url, resolved.address, resolved.family, opts, deadline);
    if (res.location === undefined)
      return { url: url.toString(), status: res.status, contentType: res.contentType, body: res.body, cacheControl: res.cacheControl };
    try {
      url = new URL(res.location, url);
    } catch {
      throw new GuardedFetchError('bad-url');
    }
  }
  throw new GuardedFetchError('too-many-redirects');
}
