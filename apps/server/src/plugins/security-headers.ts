import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Google Identity Services, allowed only when Google sign-in is configured. */
const GSI = 'https://accounts.google.com/gsi/';

/**
 * Strict Content-Security-Policy: scripts only from our own origin, never inline; no third-party
 * origins at all (fonts are self-hosted; Google's sign-in script only when GOOGLE_CLIENT_ID is set). Styles allow 'unsafe-inline' for the style attributes
 * that Radix positions popovers with; no script can be injected through that.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { google: boolean; hsts: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(opts.google ? [GSI + 'client'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'", ...(opts.google ? [GSI + 'style'] : [])],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(opts.google ? [GSI] : [])],
        frameSrc: ["'self'", ...(opts.google ? [GSI] : [])],
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
}
