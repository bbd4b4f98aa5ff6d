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
  // The same headers on every answer: computed once here, not per request (helmet's middleware rebuilds the CSP
  // string on every call, about 6 % of a small API request's CPU time; decision 023).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
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
