/**
 * A notice POSTed to a person's webhook, signed: `x-suite-signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`
 * with the timestamp in `x-suite-timestamp` (seconds), so the receiver can check both who sent it and when.
 * The host goes through the one outbound guard (lib/outbound-guard.ts, as lib/guarded-fetch.ts does for GET): private,
 * loopback and metadata addresses are refused unless ALLOW_PRIVATE_URLS, and the connection is pinned to the address
 * that was checked. Redirects are not followed (a webhook answers, it does not send us elsewhere).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveGuardedHost } from '../../lib/outbound-guard.ts';

const SIGNATURE_HEADER = 'x-suite-signature';
const TIMESTAMP_HEADER = 'x-suite-timestamp';

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** POSTs `payload` as JSON; resolves on a 2xx answer, throws otherwise (the job runner retries). */
export async function postWebhook(
  target: string,
  secret: string,
  payload: unknown,
  opts: { allowPrivate: boolean; now: Date; timeoutMs?: number },
): Promise<void> {
  const url = new URL(target);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw new Error('webhook: bad url');
  const { address, family } = await resolveGuardedHost(url.hostname, { allowPrivate: opts.allowPrivate });
  const lookup: LookupFunction = (_host, o, cb) => {
    if ((o as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(opts.now.getTime() / 1000);
  const client = url.protocol === 'https:' ? https : http;
  await new Promise<void>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        timeout: opts.timeoutMs ?? 10_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'company-tools-webhook',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
        },
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(new Error(`webhook: answered ${status}`));
      },
    );
    req.on('timeout', () => req.destroy(new Error('webhook: timeout')));
    // The socket timeout is an idle one (each byte resets it): one deadline for the whole answer as well, so a receiver
    // that drips its headers cannot hold a delivery job open.
    const deadline = setTimeout(() => req.destroy(new Error('webhook: timeout')), opts.timeoutMs ?? 10_000);
    req.on('close', () => clearTimeout(deadline));
    req.on('error', reject);
    req.end(body);
  });
}
