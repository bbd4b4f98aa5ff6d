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
 *
 * Functions (`GET|POST /api/v1/{apiId}/rpc/{fn}`, decision 095) are answered here too, as `callRpc` answers them,
 * through a plain API key on PostgreSQL: the call is admitted before its body is read (anything the admission would
 * refuse goes to Fastify with the body untouched), then a JSON body is read and parsed as the data API's scope parses
 * it (an empty body is none; malformed JSON, a NUL or lone surrogate in it and a wrong length get the framework's
 * refusals, in PostgREST's shape). A body of another type, a large or chunked or compressed body, an end user's
 * token and a function name that is not plain ASCII take the full path.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { TDeps } from './api-builder.deps.ts';
import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { findBadText } from '../../plugins/input-text-rule.ts';
import { fastRead, PgrstError } from './data-api.service.ts';
import { DATA_API_CORS, DATA_API_ROUTE, DATA_API_RPC_ROUTE } from './data-api.routes.ts';
import { admitFastRpc } from './rpc.service.ts';
import type { TCachedResponse } from './cache.ts';

export type TFastPathHooks = {
  /** The headers every data-API answer carries (its security headers, decision 103). */
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

const RPC = /^rpc\/([A-Za-z_][A-Za-z0-9_]{0,62})$/;
/** Bodies the fast path reads (larger ones take the full path, with its 1 MiB limit). */
const RPC_BODY_MAX = 64 * 1024;
const JSON_TYPE = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;

/** `{apiId, fn}` of a function call path, or undefined. */
export function rpcTarget(url: string): { apiId: string; fn: string; query: string } | undefined {
  if (!url.startsWith(PREFIX)) return undefined;
  const q = url.indexOf('?');
  const path = q < 0 ? url.slice(PREFIX.length) : url.slice(PREFIX.length, q);
  const slash = path.indexOf('/');
  if (slash < 0) return undefined;
  const apiId = path.slice(0, slash);
  const fn = RPC.exec(path.slice(slash + 1))?.[1];
  if (!fn || !UUID.test(apiId)) return undefined;
  return { apiId, fn, query: q < 0 ? '' : url.slice(q + 1) };
}

/** The body a function call may be answered with here: POST with a small JSON body of known length, GET without one. */
function bodyAllowed(req: IncomingMessage): boolean {
  const h = req.headers;
  if (h['transfer-encoding'] !== undefined || h['content-encoding'] !== undefined) return false;
  const length = h['content-length'];
  if (req.method === 'GET') return length === undefined || length === '0';
  if (length === undefined || !/^\d{1,6}$/.test(length) || Number(length) > RPC_BODY_MAX) return false;
  return Number(length) === 0 ? h['content-type'] === undefined || JSON_TYPE.test(h['content-type']) : JSON_TYPE.test(h['content-type'] ?? '');
}

/** The body as the data API's scope parses it, or its refusal as the scope's error handler gives it. */
async function readJson(req: IncomingMessage): Promise<{ body: unknown } | PgrstError> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  if (size !== Number(req.headers['content-length'] ?? 0)) return new PgrstError(400, 'PGRST100', ko.errors.badRequest);
  if (size === 0) return { body: undefined };
  const text = Buffer.concat(chunks, size).toString('utf8');
  if (text.trim() === '') return { body: undefined };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new PgrstError(400, 'PGRST102', ko.errors.invalidJson);
  }
  // The root input rule (plugins/input-text-rule.ts), as the scope's error handler words its refusal.
  const found = findBadText(body);
  if (found !== undefined) {
    const path = found ? `body.${found}` : 'body';
    const err = new AppError('INVALID_TEXT', ko.security.invalidTextAt(path), { details: [{ path, message: ko.security.invalidText }] });
    return new PgrstError(err.status, err.code, err.message, null, null, err.headers);
  }
  return { body };
}

/**
 * A hit's headers, worked out once per cache entry (decision 097): `flat`, a list for `writeHead` whose last two
 * values (request id, timing) are filled per request; and `head`, the same as the status line and header lines Node would
 * write, for `sendHit`. The values are the ones every other answer gets (request id, the headers every answer carries,
 * the entry's own, `x-cache`, the timing, the length). `head` is left out when a name or value is not plain visible
 * ASCII (Node's header check, which `head` skips, is then left to `writeHead`). `body`: the stored body's UTF-8 bytes,
 * encoded once: written as a string, a Korean body was transcoded from UTF-16 on every hit, a fifth of a hit's CPU in
 * a profile of cached lists (decision 101).
 */
type THitWire = { flat: string[]; head: string | undefined; body: Buffer };
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const VISIBLE = /^[\t\x20-\x7e]*$/;
/** Headers whose presence changes what Node adds or how it frames the body: such an entry takes `writeHead`. */
const NODE_OWNS = /^(connection|date|transfer-encoding|keep-alive|expect|trailer)$/i;
export function hitWire(always: Record<string, string>, stored: TCachedResponse): THitWire {
  const merged: Record<string, string> = {
    ...always,
    ...stored.headers,
    'x-cache': 'HIT',
  };
  // Ids and timing are per request: nothing stored may stand in for them.
  delete merged['x-request-id'];
  delete merged['server-timing'];
  const body = Buffer.from(stored.raw, 'utf8');
  merged['content-length'] = String(body.length);
  const entries = Object.entries(merged).map(([k, v]) => [k, String(v)] as const);
  const plain =
    entries.every(([k, v]) => TOKEN.test(k) && VISIBLE.test(v) && !NODE_OWNS.test(k)) && STATUS_CODES[stored.status] !== undefined && stored.status >= 200;
  return {
    flat: [...entries.flat(), 'x-request-id', '', 'server-timing', ''],
    head: plain ? `HTTP/1.1 ${stored.status} ${STATUS_CODES[stored.status]}\r\n${entries.map(([k, v]) => `${k}: ${v}\r\n`).join('')}` : undefined,
    body,
  };
}

/** The parts of a response's state that Node's `writeHead` sets and `sendHit` sets itself. */
type TResponseState = ServerResponse & {
  _header?: string | null;
  _headerSent?: boolean;
  _keepAliveTimeout?: number;
  _defaultKeepAlive?: boolean;
  _maxRequestsPerSocket?: number;
  maxRequestsOnConnectionReached?: boolean;
};

let dateSecond = -1;
let dateLine = '';
/** `Date:` as Node writes it, formatted once a second. */
function dateHeader(): string {
  // The HTTP Date header, as Node's own writeHead stamps it: the machine's clock, not the app's (tests move that one).
  // eslint-disable-next-line no-restricted-syntax
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateLine = `Date: ${new Date(second * 1000).toUTCString()}\r\n`;
  }
  return dateLine;
}

/**
 * A hit written as stored (decision 097): the entry's status line and header lines, this request's id, timing, date
 * and keep-alive lines, and the body, handed to `res.end` in one write — what `writeHead` + `end` send, without
 * merging and checking the same headers again on every hit. Only on a connection that stays open, as Node would keep
 * it (`Connection: keep-alive` and its `Keep-Alive: timeout=…`); any other case returns false and the caller uses
 * `writeHead`.
 */
export function sendHit(res: ServerResponse, head: string, requestId: string, timing: string, status: number, body: string | Buffer): boolean {
  const r = res as TResponseState;
  if (r._header || r._headerSent !== false || r.shouldKeepAlive !== true || r.maxRequestsOnConnectionReached || r.sendDate !== true) return false;
  let connection = 'Connection: keep-alive\r\n';
  if (r._keepAliveTimeout && r._defaultKeepAlive) {
    const max = ~~(r._maxRequestsPerSocket ?? 0) > 0 ? `, max=${r._maxRequestsPerSocket}` : '';
    connection += `Keep-Alive: timeout=${Math.floor(r._keepAliveTimeout / 1000)}${max}\r\n`;
  }
  res.statusCode = status;
  r._header = `${head}x-request-id: ${requestId}\r\nserver-timing: ${timing}\r\n${dateHeader()}${connection}\r\n`;
  r._headerSent = false;
  res.end(body);
  return true;
}

/**
 * The server's first look at a request: resolves true when it answered (a cache hit), false when Fastify should
 * take it. Never rejects.
 */
export function createDataApiFastPath(deps: TDeps, hooks: TFastPathHooks) {
  const always = { ...hooks.headers, ...DATA_API_CORS };
  const json = { 'content-type': 'application/json; charset=utf-8' };
  /** Per cache entry, its hit headers (dropped with the entry). */
  const wires = new WeakMap<TCachedResponse, THitWire>();

  /** A function call (decision 095): true when answered here. */
  async function serveRpc(req: IncomingMessage, res: ServerResponse, target: { apiId: string; fn: string; query: string }): Promise<boolean> {
    if (target.query.includes('%00') || !bodyAllowed(req)) return false;
    const started = performance.now();
    const h = req.headers;
    const method = req.method as 'GET' | 'POST';
    let run;
    try {
      run = await admitFastRpc(deps, {
        apiId: target.apiId,
        fn: target.fn,
        method,
        query: target.query,
        authorization: one(h.authorization),
        apikey: one(h.apikey),
        idempotencyKey: one(h['idempotency-key']),
        url: req.url,
        ip: req.socket.remoteAddress,
      });
    } catch {
      return false;
    }
    if (!run) return false;
    // From here on the body is read: the request is answered here, whatever happens.
    let out;
    try {
      const read = method === 'POST' ? await readJson(req) : { body: undefined };
      out = read instanceof PgrstError ? read : await run(read.body);
    } catch {
      // The server cut the request off (too slow: Node answered 408 and closed the socket) or the client went away:
      // nothing to answer and no failure of ours to record.
      if (req.destroyed || res.destroyed) return true;
      out = new PgrstError(500, 'PGRST000', ko.errors.internal);
    }
    const requestId = hooks.requestId(req);
    let status: number;
    let body: string;
    let headers: Record<string, string>;
    if (out instanceof PgrstError) {
      status = out.status;
      body = JSON.stringify(out.toBody());
      headers = out.headers ? { ...out.headers, ...json } : json;
    } else {
      status = out.status;
      body = out.body === undefined ? '' : JSON.stringify(out.body);
      headers = out.headers;
    }
    res.writeHead(status, {
      'x-request-id': requestId,
      ...always,
      ...headers,
      ...(status === 204 ? {} : { 'content-length': Buffer.byteLength(body) }),
    });
    res.end(body);
    hooks.answered({
      requestId,
      method,
      url: req.url ?? '',
      route: DATA_API_RPC_ROUTE,
      status,
      ms: performance.now() - started,
      host: one(h.host),
      remoteAddress: req.socket.remoteAddress,
      remotePort: req.socket.remotePort,
      apiId: target.apiId,
      cache: undefined,
    });
    return true;
  }

  return async function serveRead(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if ((req.method !== 'GET' && req.method !== 'POST') || hooks.busy()) return false;
    const rpc = rpcTarget(req.url ?? '');
    if (rpc) return serveRpc(req, res, rpc);
    if (req.method !== 'GET') return false;
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
    const timing = `db;dur=${ms.toFixed(1)}`;
    let status: number;
    if (out instanceof PgrstError) {
      status = out.status;
      const body = JSON.stringify(out.toBody());
      res.writeHead(status, {
        'x-request-id': requestId,
        ...always,
        ...out.headers,
        'content-type': 'application/json; charset=utf-8',
        'server-timing': timing,
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    } else if (out.stored) {
      // A hit (decision 097): its headers put in order once per entry (entries are immutable under their key); only
      // the request id and the timing are filled in, and the stored body goes out with them in one write.
      const stored = out.stored;
      let wire = wires.get(stored);
      if (!wire) wires.set(stored, (wire = hitWire(always, stored)));
      status = stored.status;
      if (wire.head === undefined || !sendHit(res, wire.head, requestId, timing, status, wire.body)) {
        const line = wire.flat.slice();
        line[line.length - 3] = requestId;
        line[line.length - 1] = timing;
        res.writeHead(status, line);
        res.end(wire.body);
      }
    } else {
      status = out.status;
      const body = out.raw !== undefined && out.raw !== '' ? out.raw : out.body === undefined ? '' : JSON.stringify(out.body);
      res.writeHead(status, {
        'x-request-id': requestId,
        ...always,
        ...(out.cache ? { ...out.headers, 'x-cache': out.cache } : out.headers),
        'server-timing': timing,
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    }
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
