import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/** Google Identity Services, allowed only when Google sign-in is configured. */
const GSI = 'https://accounts.google.com/gsi/';

export type TSecurityHeadersOptions = { google: boolean; hsts: boolean; tossSdkUrl?: string | undefined };

/**
 * Toss Payments' browser SDK (billing, issue 31), only when Toss is configured: its script's origin, and for Toss's
 * own SDK its card window and calls on *.tosspayments.com (the fake's window is a top-level page of its own origin).
 */
function tossSources(sdkUrl: string | undefined): { script: string[]; frame: string[] } {
  if (!sdkUrl) return { script: [], frame: [] };
  const url = new URL(sdkUrl);
  const toss = url.hostname === 'tosspayments.com' || url.hostname.endsWith('.tosspayments.com') ? ['https://*.tosspayments.com'] : [];
  return { script: [url.origin], frame: [url.origin, ...toss] };
}

/**
 * Strict Content-Security-Policy: scripts only from our own origin, never inline; no third-party
 * origins at all (fonts are self-hosted; Google's sign-in script only when GOOGLE_CLIENT_ID is set). Styles allow 'unsafe-inline' for the style attributes
 * that Radix positions popovers with; no script can be injected through that.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: TSecurityHeadersOptions) {
  const headers = securityHeaders(opts);
  const api = apiSecurityHeaders(opts);
  // The same headers on every answer: computed once here, not per request (helmet's middleware rebuilds the CSP
  // string on every call, about 6 % of a small API request's CPU time; decision 023). The data API's routes get the
  // API set (decision 103).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isDataApiRoute(request.routeOptions.url) ? api : headers);
    done();
  });
}

/** Whether a route (its pattern) is the published data API's: tables, functions, changes, its OpenAPI document and preflights (@fastify/cors's `*` under the scope's prefix). */
const isDataApiRoute = (route: string | undefined) => route !== undefined && (route.startsWith('/api/v1/') || route === '/api/v1*');

/**
 * The data API's security headers (decision 103): the set OWASP's REST Security Cheat Sheet gives for every API
 * answer, instead of the browser-document set above. The data API answers JSON to programs, never a page: the
 * document headers (a CSP listing script, style, font and frame sources, the cross-origin opener and resource
 * policies, Origin-Agent-Cluster, the DNS-prefetch, download and cross-domain-policy switches, X-XSS-Protection) have
 * nothing to act on there, and were 618 bytes on every answer (682 with HSTS) — more than the answer itself for a row, and for a
 * cached read the largest part of what the server and its client handle (bench/RESULTS.md, 2026-11-28). What stays
 * protects a JSON answer opened in a browser: it cannot be sniffed as HTML (nosniff, with its JSON type), framed
 * (`frame-ancestors 'none'`, `X-Frame-Options: DENY`) or run anything (`default-src 'none'`, stricter than the
 * app's policy), it sends no referrer, and production keeps HSTS.
 */
export function apiSecurityHeaders(opts: TSecurityHeadersOptions): Record<string, string> {
  const hsts = securityHeaders(opts)['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

/** The headers helmet sets with our options, read off its middleware once. */
export function securityHeaders(opts: TSecurityHeadersOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const toss = tossSources(opts.tossSdkUrl);
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(opts.google ? [GSI + 'client'] : []), ...toss.script],
        styleSrc: ["'self'", "'unsafe-inline'", ...(opts.google ? [GSI + 'style'] : [])],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(opts.google ? [GSI] : []), ...toss.frame],
        frameSrc: ["'self'", ...(opts.google ? [GSI] : []), ...toss.frame],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  let failed: unknown;
  middleware({} as never, res as never, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}
