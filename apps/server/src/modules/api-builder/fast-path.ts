/**
 * The data API's reads answered before the request reaches Fastify (decision 023).
 *
 * `GET /api/v1/{apiId}/{table}` is the hot path of every API a customer publishes, and a cache hit is its cheapest
 * answer: a stored string. Through the framework every read also paid for routing, the request and reply objects,
 * every root hook and the header checks — about as much again as the hit itself. Here `fastRead`
 * (data-api.service.ts) serves the read exactly as the framework route does (key, scope, rate limit, cache, query,
 * usage count) and the answer is written directly. A request refused before anything was counted (no or wrong key,
 * unknown API or table, a refused method or scope, a query that does not parse, a NUL in it), over its rate limit,
 * with another method, or on a draining instance goes on to Fastify untouched, which answers as it always did. What
 * the root hooks add to every answer is added here too: the request id, the security headers, the metrics, the usage
 * counter and the access log line.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TDeps } from './api-builder.deps.ts';
import { fastRead, PgrstError } from './data-api.service.ts';
import { DATA_API_CORS, DATA_API_ROUTE } from './data-api.routes.ts';

export type TFastPathHooks = {
  /** The headers every answer carries (security headers). */
  headers: Record<string, string>;
  requestId: (req: IncomingMessage) => string;
  /** True while the instance drains or closes: then every request takes the full path. */
  busy: () => boolean;
  /** After the answer is written: metrics, usage counter, access log. */
  answered: (info: {
    requestId: string;
    method: string;
    url: string;
    route: string;
    status: number;
    ms: number;
    host: string | undefined;
    remoteAddress: string | undefined;
    remotePort: number | undefined;
    /** The API answered (for the traffic store) and whether the cache served the read. */
    apiId: string;
    cache: 'HIT' | 'MISS' | undefined;
  }) => void;
};

const PREFIX = '/api/v1/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : v);

/** `{apiId, table}` of a data-API table path, or undefined (other paths, encoded or odd segments take the full path). */
export function dataApiTarget(url: string): { apiId: string; table: string; query: string } | undefined {
  if (!url.startsWith(PREFIX)) return undefined;
  const q = url.indexOf('?');
  const path = q < 0 ? url.slice(PREFIX.length) : url.slice(PREFIX.length, q);
  const slash = path.indexOf('/');
  if (slash < 0) return undefined;
  const apiId = path.slice(0, slash);
  let table = path.slice(slash + 1);
  if (!UUID.test(apiId)) return undefined;
  // A non-ASCII table name (`직원`) arrives percent-encoded; as on the framework route, the decoded name is the table.
  // An encoded ASCII character (`%63ustomers`) is left to the framework, as before.
  if (table.includes('%')) {
    if (/%[0-7][0-9a-f]/i.test(table)) return undefined;
    try {
      table = decodeURIComponent(table);
    } catch {
      return undefined;
    }
  }
  if (!/^[^/()<>,.:!"\s\p{Cc}-]{1,128}$/u.test(table)) return undefined;
  return { apiId, table, query: q < 0 ? '' : url.slice(q + 1) };
}

/**
 * The server's first look at a request: resolves true when it answered (a cache hit), false when Fastify should
 * take it. Never rejects.
 */
export function createDataApiFastPath(deps: TDeps, hooks: TFastPathHooks) {
  const always = { ...hooks.headers, ...DATA_API_CORS };
  return async function serveRead(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' || hooks.busy()) return false;
    const started = performance.now();
    const target = dataApiTarget(req.url ?? '');
    // A NUL in the query is refused by the framework's input rule (plugins/input-text-rule.ts), in its own words.
    if (!target || target.query.includes('%00')) return false;
    const h = req.headers;
    let out;
    try {
      out = await fastRead(deps, {
        apiId: target.apiId,
        table: target.table,
        query: target.query,
        authorization: one(h.authorization),
        apikey: one(h.apikey),
        accept: one(h.accept),
        prefer: one(h.prefer),
        range: one(h.range),
      });
    } catch {
      return false;
    }
    if (!out) return false;
    const requestId = hooks.requestId(req);
    const ms = performance.now() - started;
    let status: number;
    let body: string;
    let headers: Record<string, string>;
    if (out instanceof PgrstError) {
      status = out.status;
      body = JSON.stringify(out.toBody());
      headers = { ...out.headers, 'content-type': 'application/json; charset=utf-8' };
    } else {
      status = out.status;
      body = out.raw !== undefined && out.raw !== '' ? out.raw : out.body === undefined ? '' : JSON.stringify(out.body);
      headers = out.cache ? { ...out.headers, 'x-cache': out.cache } : out.headers;
    }
    res.writeHead(status, {
      'x-request-id': requestId,
      ...always,
      ...headers,
      'server-timing': `db;dur=${ms.toFixed(1)}`,
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
    hooks.answered({
      requestId,
      method: 'GET',
      url: req.url ?? '',
      route: DATA_API_ROUTE,
      status,
      ms,
      host: one(h.host),
      remoteAddress: req.socket.remoteAddress,
      remotePort: req.socket.remotePort,
      apiId: target.apiId,
      cache: out instanceof PgrstError ? undefined : out.cache,
    });
    return true;
  };
}

export type TDataApiFastPath = ReturnType<typeof createDataApiFastPath>;
