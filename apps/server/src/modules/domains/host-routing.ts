/**
 * Routing by Host (issue 33): a seed's connected host name reaches only that seed's resources.
 *
 * - The suite's own names (APP_URL's host, CUSTOM_DOMAIN_TARGET, localhost, IP addresses) and every host that is not
 *   connected (unknown, pending, in error, or a mail sender domain) get the suite's normal site, unchanged.
 * - A connected `data-api` host serves `/api/v1/{apiId}/…` (preflights included) of its seed's APIs only; an API of
 *   another seed answers 404 exactly like a path that does not exist (its existence is not revealed).
 * - A connected `help` host serves its page at `/` (host-page.ts), `/widget.js` and `/api/chatbot/{botId}/…` of its
 *   seed's bots; nothing else.
 *
 * The Host header is read as sent (nginx forwards the client's `Host`, deploy/nginx.conf); X-Forwarded-Host is not
 * read, as nowhere else in the app. Lookups are cached in-process (host-cache.ts): a warm request costs no query.
 */
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ko, type TErrorResponse } from '@suite/shared';
import type { TConfig } from '../../config.ts';
import { createTtlCache, onHostInvalidated } from './host-cache.ts';
import { createHelpOrigins } from './host-origins.ts';

export type TConnectedHost = { seedId: string; purpose: string; domainId: string };

export type THostRoutingDeps = {
  config: Pick<TConfig, 'appUrl'> & { domains: Pick<TConfig['domains'], 'target'> };
  /** The connected row of a host, or null (domains.service.ts `connectedHost`). */
  connectedHost: (host: string) => Promise<TConnectedHost | null>;
  /** The seed owning a data API, or null (api-builder service). */
  seedOfApi: (apiId: string) => Promise<string | null>;
  /** The ids of a seed's chatbots, oldest first (chatbot service). */
  botsOfSeed: (seedId: string) => Promise<string[]>;
  /** The help host's page for a seed (host-page.ts). */
  helpPage: (seedId: string, q: string) => Promise<string>;
  /** `https://<host>` of a seed's connected help hosts (domains.service.ts `connectedHelpOrigins`). */
  helpOrigins: (seedId: string) => Promise<string[]>;
  /** For tests: the cache's clock (ms). */
  nowMs?: () => number;
};

const TTL_MS = 30_000;
const MAX_ENTRIES = 2_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATA_API = /^\/api\/v1\/([^/?#]+)(?:[/?#]|$)/;
const CHATBOT_API = /^\/api\/chatbot\/([^/?#]+)(?:[/?#]|$)/;

/** The host name of a Host header: lower-case, port and trailing dot removed (`[::1]` kept in brackets). */
export function hostName(header: string | undefined): string {
  if (!header) return '';
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.indexOf(':');
  return (colon < 0 ? h : h.slice(0, colon)).replace(/\.$/, '');
}

/**
 * A cheap test for "the suite's own site": no Host, the app's host names, localhost or an IP address. Built once; the
 * server factory uses it to keep the data API's fast path to the suite's own names (custom hosts go through the hook).
 */
export function suiteHostCheck(config: THostRoutingDeps['config']): (hostHeader: string | undefined) => boolean {
  const own = new Set([new URL(config.appUrl).hostname.toLowerCase(), config.domains.target.toLowerCase(), 'localhost']);
  return (hostHeader) => {
    const name = hostName(hostHeader);
    return name === '' || own.has(name) || name.startsWith('[') || isIP(name) !== 0 || name.endsWith('.localhost');
  };
}

type TDecision = { kind: 'pass' } | { kind: 'not-found' } | { kind: 'page'; html: string };

/**
 * Registers the hook (after the security headers, so the help page carries them). Returns the cached origins of a
 * seed's help hosts for the chatbot module's public-bot check.
 */
export function registerHostRouting(app: FastifyInstance, deps: THostRoutingDeps): { helpOrigins: (seedId: string) => Promise<string[]> } {
  const isSuiteHost = suiteHostCheck(deps.config);
  const opts = { ttlMs: TTL_MS, max: MAX_ENTRIES, ...(deps.nowMs ? { now: deps.nowMs } : {}) };
  const hosts = createTtlCache<TConnectedHost | null>(opts);
  const apiSeeds = createTtlCache<string | null>(opts);
  const seedBots = createTtlCache<string[]>(opts);
  const untrack = onHostInvalidated((host) => hosts.delete(host));
  const origins = createHelpOrigins(deps.helpOrigins, deps.nowMs);
  app.addHook('onClose', async () => {
    untrack();
    origins.close();
  });

  async function connected(name: string): Promise<TConnectedHost | null> {
    const hit = hosts.get(name);
    if (hit !== undefined) return hit;
    const row = await deps.connectedHost(name);
    hosts.set(name, row);
    return row;
  }

  async function seedOfApi(apiId: string): Promise<string | null> {
    const key = apiId.toLowerCase();
    const hit = apiSeeds.get(key);
    if (hit !== undefined) return hit;
    const seed = UUID.test(key) ? await deps.seedOfApi(key) : null;
    apiSeeds.set(key, seed);
    return seed;
  }

  async function botsOf(seedId: string): Promise<string[]> {
    const hit = seedBots.get(seedId);
    if (hit) return hit;
    const ids = (await deps.botsOfSeed(seedId)).map((id) => id.toLowerCase());
    seedBots.set(seedId, ids);
    return ids;
  }

  async function decide(request: FastifyRequest, host: TConnectedHost): Promise<TDecision> {
    // An absolute-form request line (`GET http://host/path HTTP/1.1`) is judged by its path, as the router serves it.
    const url = request.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/';
    const path = url.split('?', 1)[0]!;
    if (host.purpose === 'data-api') {
      const m = DATA_API.exec(path);
      if (m && (await seedOfApi(m[1]!)) === host.seedId) return { kind: 'pass' };
      return { kind: 'not-found' };
    }
    // help
    if (path === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
      const q = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '').get('q') ?? '';
      return { kind: 'page', html: await deps.helpPage(host.seedId, q.trim().slice(0, 100)) };
    }
    if (path === '/widget.js' && (request.method === 'GET' || request.method === 'HEAD')) return { kind: 'pass' };
    const m = CHATBOT_API.exec(path);
    if (m && (await botsOf(host.seedId)).includes(m[1]!.toLowerCase())) return { kind: 'pass' };
    return { kind: 'not-found' };
  }

  // Sent here rather than thrown: a thrown error would reach the error handler of the matched route's scope (the data
  // API's speaks PostgREST), and the answer must not differ by path.
  const notFound: TErrorResponse = { success: false, error: ko.domains.host.notServedHere, code: 'ROUTE_NOT_FOUND' };

  function answer(decision: TDecision, reply: FastifyReply, done: (err?: Error) => void) {
    if (decision.kind === 'pass') return done();
    if (decision.kind === 'not-found') return void reply.status(404).type('application/json; charset=utf-8').send(notFound);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(decision.html);
  }

  // A plain callback (decision 023): the suite's own names pass without a promise or a lookup.
  app.addHook('onRequest', (request, reply, done) => {
    const header = request.headers.host;
    if (isSuiteHost(header)) return done();
    const name = hostName(header);
    void connected(name)
      .then(async (host) => (host && (host.purpose === 'data-api' || host.purpose === 'help') ? decide(request, host) : ({ kind: 'pass' } as const)))
      .then(
        (decision) => answer(decision, reply, done),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
  });
  return { helpOrigins: origins.originsOf };
}
