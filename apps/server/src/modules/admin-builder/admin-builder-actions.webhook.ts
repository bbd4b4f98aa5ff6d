/**
 * A row action's webhook (decision 094): JSON POSTed once, signed `X-Suite-Signature: sha256=<hex HMAC-SHA256(secret,
 * "<timestamp>.<body>")>` with `X-Suite-Timestamp` (seconds) and `X-Suite-Run` (the run's id, also `runId` in the
 * signed body, for a receiver to de-duplicate). The host goes through the one outbound guard (private, loopback and
 * metadata addresses refused unless ALLOW_PRIVATE_URLS) and the connection is pinned to the checked address; no
 * redirects (a 3xx is a failure), 10 s for the whole answer, the answer's body is not read. An address whose host is
 * already a private IP literal or `localhost` is refused on save (`isPrivateIpHost`); other host names are judged when a
 * run resolves them.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress, OutboundGuardError, resolveGuardedHost } from '../../lib/outbound-guard.ts';

const TIMEOUT_MS = 10_000;

export type TWebhookOutcome = { ok: boolean; httpStatus?: number | undefined; error?: string | undefined; blocked?: boolean };

export const signAction = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** True for an address a test setup may use over plain http (with ALLOW_PRIVATE_URLS). */
export const isLoopbackHost = (host: string) => host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * True when a URL's host (`URL.hostname`: IPv4 forms already normalised, IPv6 in brackets, names lower-cased) is an IP
 * literal the outbound guard refuses (loopback, private, link-local, metadata, …), or `localhost` or a name under it
 * (RFC 6761: always the loopback address). Any other host name is not judged here: it is resolved at run time.
 */
export function isPrivateIpHost(hostname: string): boolean {
  if (/(^|\.)localhost\.?$/.test(hostname)) return true;
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) !== 0 && isPrivateAddress(bare);
}

export async function sendActionWebhook(
  target: string,
  secret: string,
  payload: unknown,
  opts: { allowPrivate: boolean; now: Date; runId: string },
): Promise<TWebhookOutcome> {
  const url = new URL(target);
  let resolved;
  try {
    resolved = await resolveGuardedHost(url.hostname.replace(/^\[|\]$/g, ''), { allowPrivate: opts.allowPrivate });
  } catch (e) {
    return { ok: false, blocked: true, error: e instanceof OutboundGuardError ? e.message.slice(0, 200) : 'unresolvable' };
  }
  const { address, family } = resolved;
  const lookup: LookupFunction = (_host, o, cb) => {
    if ((o as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(opts.now.getTime() / 1000);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<TWebhookOutcome>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'company-tools-action',
          'x-suite-timestamp': String(timestamp),
          'x-suite-run': opts.runId,
          'x-suite-signature': signAction(secret, timestamp, body),
        },
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        resolve(status >= 200 && status < 300 ? { ok: true, httpStatus: status } : { ok: false, httpStatus: status, error: `HTTP ${status}` });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    const deadline = setTimeout(() => req.destroy(new Error('timeout')), TIMEOUT_MS);
    req.on('close', () => clearTimeout(deadline));
    req.on('error', (e) => resolve({ ok: false, error: String(e.message).slice(0, 200) }));
    req.end(body);
  });
}
