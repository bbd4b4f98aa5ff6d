/**
 * The published data API: key check, per-key rate limit, method/table scope, response cache, then the PostgREST
 * handler. `callDataApi` takes a plain request object, so the HTTP route and in-process callers share it.
 */
import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { oldestFirst } from '../../lib/oldest-first.ts';
import { retriedCallId } from '../../lib/metering/meter.ts';
import { bearerToken } from '../../lib/route-helpers.ts';
import { sha256 } from '../../lib/tokens.ts';
import { classifyDbError, dbErrorHttp, type TDbError } from '../../lib/db-errors.ts';
import type { TDeps } from './api-builder.deps.ts';
import * as repo from './api-builder.repository.ts';
import { PROBE_MARGIN_S, PROBE_TTL_MS, probeUpdateTimes } from './change-feed.ts';
import { canonicalQuery, type TCachedResponse } from './cache.ts';
import { noteServerError } from './api-alerts.ts';
import { asEndUser, endUserCall, forceRowFilter, looksLikeJwt, withRowFilters, type TEndUserCall } from './end-user-auth.ts';
import { PgrstError } from './postgrest/errors.ts';
import { assertNoPersonalFilters } from './postgrest/pii-columns.ts';
import {
  handlePostgrest,
  parsePrefer,
  prepareQuery,
  tablesOfPlan,
  type TMethod,
  type TPgrstContext,
  type TPgrstResponse,
  type TPrepared,
} from './postgrest/handler.ts';
import type { TPlan } from './postgrest/read.ts';
import { OPS, type TCondition, type TParsedQuery } from './postgrest/grammar.ts';
import type { TKeyInfo, TLiveApi } from './runtime.ts';
import type { TTableInfo } from './engines/engine.ts';
import { FREE_PLAN_ID, planById } from '@suite/shared/plans';

const m = ko.apiBuilder.data;
export const RATE_WINDOW_MS = 60_000;
const LONG_TTL_MS = 3_600_000;

export type TDataCall = {
  apiId: string;
  table: string;
  method: TMethod;
  /** The query's entries, or the raw query string (after `?`, still encoded) to be parsed only when needed. */
  query: [string, string][] | string;
  authorization?: string | undefined;
  apikey?: string | undefined;
  accept?: string | undefined;
  prefer?: string | undefined;
  range?: string | undefined;
  body?: unknown;
  /**
   * An in-process caller instead of an API key (the admin-page builder over its app's internal API): same scope,
   * rate limit, cache and SQL path; the caller has checked the user's rights.
   */
  principal?: { kind: 'internal'; id: string; rateLimitPerMinute: number } | undefined;
  /** The request's `Idempotency-Key` and URL (path and query): a write retried with the same key is billed once. */
  idempotencyKey?: string | undefined;
  url?: string | undefined;
  /** An in-process read that must see the database now and is never stored in the cache (the chatbot's lookups). */
  fresh?: boolean | undefined;
  /** The client's address: failed end-user token checks are limited per API and address (decision 090). */
  ip?: string | undefined;
};

/**
 * `raw`: the body already serialised (a cache hit); otherwise `body`. `stored`: the cache entry a hit was answered
 * from (immutable under its key), so a writer may keep what it derives from it (fast-path.ts: the serialised headers).
 */
export type TDataResult = TPgrstResponse & { cache?: 'HIT' | 'MISS'; raw?: string; stored?: TCachedResponse };

export const hashKey = (key: string) => sha256(key);

export function keyOf(call: Pick<TDataCall, 'authorization' | 'apikey'>): string | undefined {
  return bearerToken(call.authorization) ?? (call.apikey?.trim() || undefined);
}

/** The API key's record for `apiId`, or a PostgREST-shaped 401. */
export async function authenticate(deps: TDeps, apiId: string, call: Pick<TDataCall, 'authorization' | 'apikey'>) {
  const raw = keyOf(call);
  if (!raw) throw new PgrstError(401, 'PGRST302', m.noKey, null, null, { 'www-authenticate': 'Bearer' });
  const key = await deps.runtime.key(hashKey(raw));
  if (!key || key.apiId !== apiId) throw new PgrstError(401, 'PGRST301', m.badKey, null, null, { 'www-authenticate': 'Bearer error="invalid_token"' });
  return key;
}

/** Tables whose cached reads a write to `table` can change: itself and, through ON DELETE/UPDATE actions, referencing tables. */
function touchedBy(schema: Map<string, TTableInfo>, table: string): Set<string> {
  const out = new Set([table]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const t of schema.values()) {
      if (!out.has(t.name) && t.foreignKeys.some((fk) => out.has(fk.refTable))) {
        out.add(t.name);
        grew = true;
      }
    }
  }
  return out;
}

/** All tables of the connection (not only this API's): another API over it may publish a referencing table. */
function connectionTables(live: { connection: { schemaInfo: unknown }; schema: { tables: Map<string, TTableInfo> } }): Map<string, TTableInfo> {
  const all = (live.connection.schemaInfo as { tables?: TTableInfo[] }).tables;
  return all ? new Map(all.map((t) => [t.name, t])) : live.schema.tables;
}

/** The database's refusal as a PostgREST error, its classification kept on it for callers that name the field (the admin builder). */
export function dbError(err: unknown): PgrstError {
  if (err instanceof PgrstError) return err;
  if (err instanceof AppError) return new PgrstError(503, 'PGRST000', err.message);
  const db = classifyDbError(err);
  const out: PgrstError & { db?: TDbError } = mapDbError(db);
  out.db = db;
  return out;
}

/** The database's refusal behind a data-API error, classified once (lib/db-errors.ts). */
export const dbErrorOf = (err: unknown): TDbError | undefined => (err as { db?: TDbError } | undefined)?.db;

const quotedList = (cols: string[]) => cols.map((c) => `'${c}'`).join(', ');

/**
 * The database's refusal as PostgREST shapes it (`code` the SQLSTATE, Korean `message`, `details`), status from the
 * one table (DB_ERROR_STATUS), naming what it concerns: the column of a NOT NULL refusal, the key of a duplicate, the
 * referenced (or referencing) table of a foreign-key refusal. PostgreSQL's `detail` (`Key (email)=(…) already
 * exists.`) is kept in `details`, as PostgREST does; MySQL's raw text (which names the database user and host) is
 * never sent.
 */
function mapDbError(e: TDbError): PgrstError {
  const { status, code } = dbErrorHttp(e);
  const detail = e.engine === 'mysql' ? null : (e.detail ?? null);
  const pick = (message: string, details: string | null = detail) => new PgrstError(status, code, message, null, details);
  switch (e.class) {
    case 'unique': {
      const named = e.keyColumns
        ? quotedList(e.keyColumns)
        : e.engine === 'mysql' && e.constraint === 'PRIMARY'
          ? '기본 키'
          : e.constraint
            ? `'${e.constraint}'`
            : undefined;
      return pick(named ? m.uniqueViolationOn(named) : m.uniqueViolation);
    }
    case 'referenced':
    case 'foreign_key':
      if (e.referencingTable) return pick(m.fkReferenced(e.referencingTable));
      return pick(e.referencedTable ? m.fkMissingParent(e.referencedTable) : m.fkViolation);
    case 'not_null':
      return pick(e.column ? m.notNullOn(e.column) : m.notNull);
    case 'check':
      return pick(m.badValue);
    case 'statement_timeout':
      return pick(m.statementTimeout);
    // The raw text of a privilege refusal ("permission denied for schema public") names only the object: kept in details.
    case 'permission':
      return pick(m.permissionDenied, e.engine === 'mysql' ? null : e.message.slice(0, 200));
    case 'undefined_table':
      return pick(m.undefinedTable, null);
    case 'undefined_column':
      return pick(m.undefinedColumn, null);
    case 'out_of_range':
    case 'invalid_value':
    case 'duplicate_column':
    case 'bad_statement':
      return pick(m.badValue, null);
    case 'protocol':
    case 'unavailable':
      return pick(m.unavailable, null);
    case 'lock_timeout':
    case 'other':
      return pick(m.dbError, null);
  }
}

/** An in-process caller (the admin builder, the chatbot) reads as its own rights allow: nothing masked here. */
const noScope = { methods: null, tables: null, readPersonalData: true };

const entriesOf = (query: [string, string][] | string): [string, string][] => (typeof query === 'string' ? [...new URLSearchParams(query).entries()] : query);

/** A call as the service runs it: its query as text or entries (parsed here), or the grammar's tree (`callDataApiTyped`). */
type TCall = Omit<TDataCall, 'query'> & { query: TDataCall['query'] | TParsedQuery };

const isTree = (query: TCall['query']): query is TParsedQuery => typeof query === 'object' && !Array.isArray(query);

/** The call's query parsed (unless it came as a tree) and planned: one planner for every caller. */
const prepareCall = (live: TLiveApi, call: TCall): TPrepared =>
  prepareQuery({ schema: live.schema, aggregates: live.api.aggregatesEnabled }, call.table, isTree(call.query) ? call.query : entriesOf(call.query));

/**
 * A read's preparation: the query parsed and planned, the tables it reads and the hash of its normalised cache key
 * (without the table versions). Remembered per live API by the request's exact text, so a repeated read is parsed,
 * planned and hashed once (decision 023); a re-published API or re-synced schema is a new live object, and its
 * memory starts empty. Only what prepared without error is remembered.
 */
/**
 * `keyText()`: the normalised request and scope, one field a line; `keyHash()` its SHA-256, the entry key's part where
 * entries are shared (Redis keys stay short). Both computed on first use and kept (a read under cache mode off never
 * needs them). A lone instance keys its in-process entries by the text itself (decision 099): no digest on a miss.
 */
type TReadPrep = { prepared: TPrepared; tables: string[]; keyText: () => string; keyHash: () => string };
/** The request's part of its cache entry's key: the hash where entries are shared, the text itself on a lone instance. */
const entryPart = (deps: TDeps, prep: TReadPrep) => (deps.cache.shared ? prep.keyHash() : prep.keyText());
const READ_MEMO_MAX = 1_000;
/**
 * A request longer than this (its query and headers) is prepared each time and never remembered, by `prepareRead` or
 * `ticketFor`: a remembered request holds its parsed plan, about ten times its text, so long ones would let a key
 * holder pin memory (a reviewer pinned ≈ 160 KiB a request with 14 KB queries).
 */
const MEMO_MAX_CHARS = 2_048;
const readMemo = new WeakMap<TLiveApi, { map: Map<string, TReadPrep>; oldest: () => string | undefined }>();

function prepareRead(
  live: TLiveApi,
  call: TCall,
  scope: { methods: string[] | null; tables: string[] | null; readPersonalData?: boolean | undefined },
  /** Given: remembering the preparation is pushed here, for the caller to do once the request is admitted. */
  later?: (() => void)[],
): TReadPrep {
  const sig =
    typeof call.query === 'string'
      ? `${call.table}\n${call.method}\n${call.accept ?? ''}\n${call.prefer ?? ''}\n${call.range ?? ''}\n${scope.methods?.join(',') ?? '*'}\n${scope.tables?.join(',') ?? '*'}\n${scope.readPersonalData === true}\n${call.query}`
      : undefined;
  let memo = readMemo.get(live);
  const known = sig === undefined ? undefined : memo?.map.get(sig);
  if (known) return known;
  const prepared = prepareCall(live, call);
  const tables = tablesOfPlan(prepared.plan);
  // The cache key's parts (only these fields are kept: the closure must not hold the call, whose headers carry the key).
  const { table, method, accept, prefer, range } = call;
  const { methods, tables: scopeTables } = scope;
  // Masked and unmasked answers are different entries (postgrest/pii-columns.ts).
  const personal = scope.readPersonalData === true;
  let text: string | undefined;
  let hash: string | undefined;
  const keyText = () =>
    // One field a line: none can hold a line break (header values cannot; the table name and the rest are JSON).
    (text ??= `${JSON.stringify(table)}\n${canonicalQuery(prepared.parsed)}\n${method}\n${accept ?? ''}\n${prefer ?? ''}\n${range ?? ''}\n${JSON.stringify(methods)}\n${JSON.stringify(scopeTables)}\n${JSON.stringify(tables)}\n${personal}`);
  const keyHash = () => (hash ??= sha256(keyText(), 'base64url'));
  const prep = { prepared, tables, keyText, keyHash };
  if (sig !== undefined && sig.length <= MEMO_MAX_CHARS) {
    const remember = () => {
      memo = readMemo.get(live);
      if (!memo) {
        const map = new Map<string, TReadPrep>();
        readMemo.set(live, (memo = { map, oldest: oldestFirst(map) }));
      }
      if (memo.map.has(sig)) return;
      if (memo.map.size >= READ_MEMO_MAX) memo.map.delete(memo.oldest()!);
      memo.map.set(sig, prep);
    };
    if (later) later.push(remember);
    else remember();
  }
  return prep;
}

export type TKeyScope = { id: string; rateLimitPerMinute: number; methods: string[] | null; tables: string[] | null; readPersonalData?: boolean | undefined };

/** Which API, table and method the call may use: the published table, its methods and the key's scope (no side effects). */
const FREE_API_CALLS = planById(FREE_PLAN_ID)!.meters.find((x) => x.meter === 'api.calls')!.included;
export const freeLimitReached = () =>
  new PgrstError(429, 'PLAN_LIMIT_REACHED', ko.billing.server.freeApiLimit(FREE_API_CALLS.toLocaleString('ko-KR')), ko.billing.server.freeApiLimitHint);

async function admit(deps: TDeps, call: TCall, key: TKeyScope): Promise<{ live: TLiveApi; verb: Exclude<TMethod, 'HEAD'> }> {
  const live = await deps.runtime.live(call.apiId);
  if (!live) throw new PgrstError(404, 'PGRST205', ko.apiBuilder.server.apiNotFound);
  const published = live.published.get(call.table);
  if (!published || !live.schema.tables.has(call.table)) {
    throw new PgrstError(404, 'PGRST205', ko.apiBuilder.pgrst.noTable(call.table.slice(0, 64)), ko.apiBuilder.pgrst.publishedOnly);
  }
  const verb = call.method === 'HEAD' ? 'GET' : call.method;
  if (!published.methods.includes(verb)) throw new PgrstError(405, 'PGRST105', m.methodNotAllowed(verb, call.table));
  // Billing (issue 31): a seed on the free plan that used this month's free calls is refused until it upgrades.
  if (deps.ctx.planGate.blocked(live.api.seedId, 'api.calls')) throw freeLimitReached();
  if (key.methods && !key.methods.includes(verb)) throw new PgrstError(403, 'PGRST403', m.keyMethod(verb));
  if (key.tables && !key.tables.includes(call.table)) throw new PgrstError(403, 'PGRST403', m.keyTable(call.table));
  return { live, verb };
}

const contextOf = async (deps: TDeps, live: TLiveApi): Promise<TPgrstContext> => ({
  engine: await deps.runtime.engineFor(live.connection),
  schema: live.schema,
  rowCap: live.connection.rowCap,
});

/**
 * A read's cache rule now: its preparation, the mode in force, how long an answer may be kept (0: not stored) and,
 * when it may be, the entry's key (the request and scope, then the versions of every table it reads).
 */
/** A key limited to some tables reads only those: embedded tables count too (`select=*,customers(*)`). */
function assertTablesInScope(key: TKeyScope, tables: string[]) {
  if (!key.tables) return;
  const outside = tables.find((t) => !key.tables!.includes(t));
  if (outside !== undefined) throw new PgrstError(403, 'PGRST403', m.keyTable(outside));
}

/**
 * What a request reads or changes beyond its own method needs that right too, as PostgreSQL's privileges decide it
 * under PostgREST: every embedded table needs GET (published on the API and allowed to the key), a returned
 * representation needs GET on the table, and an upsert that updates existing rows (merge-duplicates) needs PATCH.
 */
function assertRights(live: TLiveApi, key: TKeyScope, call: Pick<TDataCall, 'table' | 'prefer'>, verb: Exclude<TMethod, 'HEAD'>, plan: TPlan) {
  const allowed = (table: string, method: string) =>
    (live.published.get(table)?.methods.includes(method) ?? false) && (!key.methods || key.methods.includes(method));
  const walk = (p: TPlan) => {
    for (const e of p.embeds) {
      const t = e.plan.table.name;
      if (!live.published.get(t)?.methods.includes('GET')) throw new PgrstError(403, 'PGRST403', m.embedNotReadable(t));
      if (key.methods && !key.methods.includes('GET')) throw new PgrstError(403, 'PGRST403', m.keyEmbed(t));
      walk(e.plan);
    }
  };
  walk(plan);
  if (verb === 'GET') return;
  const prefer = parsePrefer(call.prefer);
  if (prefer.get('return') === 'representation' && !allowed(call.table, 'GET')) throw new PgrstError(403, 'PGRST403', m.representationNeedsGet(call.table));
  if (verb === 'POST' && prefer.get('resolution') === 'merge-duplicates' && !allowed(call.table, 'PATCH'))
    throw new PgrstError(403, 'PGRST403', m.upsertNeedsPatch(call.table));
}

async function readRule(deps: TDeps, live: TLiveApi, call: TCall, key: TKeyScope) {
  const prep = prepareRead(live, call, key);
  assertTablesInScope(key, prep.tables);
  assertRights(live, key, call, 'GET', prep.prepared.plan);
  // Issue 36: a key that may not read personal data reads it masked, and cannot filter or order by it.
  const mask = key.readPersonalData !== true;
  if (mask) assertNoPersonalFilters(prep.prepared.plan);
  if (call.fresh) return { prep, mode: 'off' as const, ttlMs: 0, cacheKey: undefined, mask };
  const mode = deps.feeds.effectiveMode(live.api, live.connection.engine);
  let ttlMs = 0;
  let probed = '';
  if (mode === 'trigger') ttlMs = LONG_TTL_MS;
  else if (mode === 'probe') {
    const probe = await probeUpdateTimes((await contextOf(deps, live)).engine, prep.tables);
    // Second resolution, start-of-transaction stamps: only a table quiet for PROBE_MARGIN_S is vouched for.
    const fresh = Number.isFinite(probe.now) && probe.times.every((t) => t === null || t <= probe.now - PROBE_MARGIN_S);
    if (fresh) {
      ttlMs = PROBE_TTL_MS;
      probed = `:${probe.times.join('.')}`;
    }
  } else if (mode === 'ttl') {
    const ttls = prep.tables.map((t) => live.published.get(t)?.ttlSeconds ?? live.api.cacheTtlSeconds);
    ttlMs = Math.min(...ttls) * 1000;
  }
  const cacheKey =
    // The mode is part of the key: an entry stored under trigger mode's long expiry is never read under another rule.
    ttlMs > 0
      ? deps.cache.key(live.api.id, `${entryPart(deps, prep)}:${mode}:${(await deps.cache.versions(live.api.id, prep.tables)).join('.')}${probed}`)
      : undefined;
  return { prep, mode, ttlMs, cacheKey, mask };
}

const rateCounters = new WeakMap<TKeyScope, string>();
/**
 * The name of a key's rate-limit counter, built once per key record: a string built on every request is a new string
 * to hash for the counter's lookup, on every hit.
 */
export function rateCounter(key: TKeyScope): string {
  let name = rateCounters.get(key);
  if (name === undefined) rateCounters.set(key, (name = `ab:rl:${key.id}`));
  return name;
}

export function rateLimited(limit: { count: number; resetMs: number }, key: TKeyScope) {
  if (limit.count <= key.rateLimitPerMinute) return undefined;
  return new PgrstError(429, 'PGRST429', m.rateLimited, null, null, { 'retry-after': String(Math.max(1, Math.ceil(limit.resetMs / 1000))) });
}

/** A read under its cache rule: the stored answer, or the query run (and stored when the rule keeps it). */
/** `looked`: the caller has already looked the key up and missed (the fast path), so the store is not asked twice. */
async function read(
  deps: TDeps,
  live: TLiveApi,
  call: TCall,
  rule: Awaited<ReturnType<typeof readRule>>,
  as?: TEndUserCall,
  looked = false,
): Promise<TDataResult> {
  const { prep, mode, ttlMs, cacheKey } = rule;
  const run = async () => {
    const req = { method: call.method, table: call.table, query: [], accept: call.accept, prefer: call.prefer, range: call.range };
    const ctx = await contextOf(deps, live);
    // An end user (decision 090): row filters in, and on PostgreSQL one transaction under the token's role and claims.
    const prepared = as ? withRowFilters(prep.prepared, as.filters, 'GET') : prep.prepared;
    return asEndUser(ctx.engine, as?.user, (engine) => handlePostgrest({ ...ctx, engine, maskPersonal: rule.mask }, req, prepared));
  };
  if (!cacheKey) {
    // Not stored (cache off, TTL 0, or a probe that cannot vouch for this second): still a miss, unless caching is off.
    const res = await run();
    return mode === 'off' ? res : { ...res, cache: 'MISS' };
  }
  const hit = looked ? undefined : await deps.cache.get(cacheKey);
  if (hit) return { status: hit.status, headers: hit.headers, body: undefined, raw: hit.raw, cache: 'HIT', stored: hit };
  const res = await run();
  const raw = res.raw ?? (res.body === undefined ? '' : JSON.stringify(res.body));
  if (res.status === 200 || res.status === 206) await deps.cache.set(cacheKey, { status: res.status, headers: res.headers, raw }, ttlMs);
  return { ...res, raw, cache: 'MISS' };
}

export const callDataApi = (deps: TDeps, given: TDataCall): Promise<TDataResult> => run(deps, given);

/**
 * Billing (issue 31, decision 058): an answered call (2xx) is billed to the API's seed, journaled before the answer
 * leaves (with the turn's other calls in one write, decision 076) — from the HTTP route and the fast path alike (each
 * call passes here once). A write with an `Idempotency-Key` is its own event, its id derived from the seed, method, URL
 * and key, so the retried write is the same event; every other call is counted with the turn's plain calls of its seed
 * (`callSoon`, decision 104).
 */
export function meterCall(
  deps: TDeps,
  live: TLiveApi,
  call: Pick<TCall, 'method' | 'idempotencyKey' | 'url' | 'principal'>,
  status: number,
): Promise<void> | undefined {
  // The admin builder's in-process calls are billed by the admin builder: one event a request (admin-builder.data.ts).
  if (status < 200 || status >= 300 || call.principal) return undefined;
  const key = call.method === 'GET' || call.method === 'HEAD' ? undefined : call.idempotencyKey?.trim();
  const seedId = live.api.seedId;
  // Journaled with the other answers of this event-loop turn (one write), before this answer is sent.
  if (key && call.url) return deps.ctx.meter.recordSoon({ id: retriedCallId(seedId, call.method, call.url, key), seedId, meter: 'api.calls' });
  return deps.ctx.meter.callSoon(seedId);
}

/** An in-process call with the grammar's tree instead of a query string (the admin builder; decision 037). */
export type TTypedDataCall = Omit<TDataCall, 'query' | 'authorization' | 'apikey' | 'principal'> & {
  query: TParsedQuery;
  principal: NonNullable<TDataCall['principal']>;
};

const NAME_MAX = 128;
const goodName = (n: unknown) => typeof n === 'string' && n.length > 0 && n.length <= NAME_MAX && !/\p{Cc}/u.test(n);
const goodCount = (n: unknown) => n === undefined || (Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= 999_999_999);

/**
 * What the grammar guarantees of a tree it produces, checked on a tree handed over: known operators, `in` with a list,
 * `is` with null/true/false/unknown (written into the SQL as a word), limits and offsets as the grammar's integers
 * (written as literals), names as strings (the planner matches them against the introspected schema).
 */
function assertTree(q: TParsedQuery) {
  const bad = (what: string) => new PgrstError(400, 'PGRST100', ko.apiBuilder.pgrst.badCondition(what.slice(0, 80)));
  const cond = (c: TCondition): void => {
    if (c.kind === 'logic') {
      if ((c.op !== 'and' && c.op !== 'or') || !c.children.length) throw bad(c.op);
      c.children.forEach(cond);
      return;
    }
    if (!goodName(c.column) || !(OPS as readonly string[]).includes(c.op)) throw bad(String(c.column));
    const ok =
      c.op === 'in'
        ? Array.isArray(c.value) && c.value.every((x) => typeof x === 'string')
        : c.op === 'is'
          ? typeof c.value === 'string' && ['null', 'true', 'false', 'unknown'].includes(c.value)
          : typeof c.value === 'string';
    if (!ok) throw bad(c.column);
  };
  for (const r of q.resources.values()) {
    r.where.forEach(cond);
    const goodOrder = (o: (typeof r.order)[number]) =>
      goodName(o.column) && typeof o.desc === 'boolean' && (o.nulls === undefined || o.nulls === 'first' || o.nulls === 'last');
    if (!r.order.every(goodOrder)) throw bad('order');
    if (!goodCount(r.limit)) throw new PgrstError(400, 'PGRST100', ko.apiBuilder.pgrst.nonNegative('limit'));
    if (!goodCount(r.offset)) throw new PgrstError(400, 'PGRST100', ko.apiBuilder.pgrst.nonNegative('offset'));
  }
  const names = [...(q.columns ?? []), ...(q.onConflict ?? [])];
  const items = (xs: TParsedQuery['select']): boolean =>
    // Aggregates come only from the grammar (a typed caller has no use for them).
    xs.every((x) => x.kind === 'star' || (x.kind === 'field' ? goodName(x.name) : x.kind === 'embed' && goodName(x.relation) && items(x.select)));
  if (!names.every(goodName) || !items(q.select)) throw bad('select');
}

/**
 * `callDataApi` for an in-process caller that has the query as the grammar's tree (conditions, order, limit, offset,
 * select, columns): no PostgREST text is built and parsed back. The tree is checked as the grammar would have made it,
 * then the same path runs — scope, rights, rate limit, plan, cache, SQL, cache bumps — as for a query string.
 */
export async function callDataApiTyped(deps: TDeps, call: TTypedDataCall): Promise<TDataResult> {
  assertTree(call.query);
  return run(deps, call);
}

async function run(deps: TDeps, given: TCall): Promise<TDataResult> {
  // API ids are UUIDs: any spelling of one is the same API (counted and cached under its lower-case id).
  const call = given.apiId === given.apiId.toLowerCase() ? given : { ...given, apiId: given.apiId.toLowerCase() };
  // End users' JWTs (decision 090): an end user, or undefined for an API key's request (end-user-auth.ts).
  const endUser = call.principal ? undefined : await endUserCall(deps, call, bearerToken(call.authorization), (apiId, c) => authenticate(deps, apiId, c));
  const key = call.principal
    ? { id: `internal:${call.principal.id}`, rateLimitPerMinute: call.principal.rateLimitPerMinute, ...noScope }
    : (endUser?.key ?? (await authenticate(deps, call.apiId, call)));
  const refused = rateLimited(await deps.state.hit(rateCounter(key), RATE_WINDOW_MS), key);
  if (refused) throw refused;
  const { live, verb } = await admit(deps, call, key);

  let cache: 'HIT' | 'MISS' | undefined;
  try {
    if (verb !== 'GET') {
      const req = {
        method: call.method,
        table: call.table,
        query: [],
        accept: call.accept,
        prefer: call.prefer,
        range: call.range,
        body: endUser ? forceRowFilter(live.schema.tables.get(call.table)!, endUser.filters, call.body, verb, call.prefer) : call.body,
      };
      const prepared = endUser ? withRowFilters(prepareCall(live, call), endUser.filters, verb) : prepareCall(live, call);
      assertTablesInScope(key, tablesOfPlan(prepared.plan));
      assertRights(live, key, call, verb, prepared.plan);
      const ctx = await contextOf(deps, live);
      const res = await asEndUser(ctx.engine, endUser?.user, (engine) =>
        handlePostgrest({ ...ctx, engine, maskPersonal: key.readPersonalData !== true }, req, prepared),
      );
      await meterCall(deps, live, call, res.status);
      // Every API over this connection caches these tables: bump them all (the admin builder's writes included).
      const touched = touchedBy(connectionTables(live), call.table);
      const apis = new Set([live.api.id, ...(await repo.apisOfConnection(deps.db, live.connection.id)).map((a) => a.id)]);
      await Promise.all([...apis].map((id) => deps.cache.bump(id, touched)));
      return res;
    }
    // Reads: parsed and planned once (and remembered); the same plan names the tables for the cache key and runs on a miss.
    // An end user's answer is never stored or served from the cache (decision 090): RLS and claims decide its rows.
    const res = endUser
      ? await read(deps, live, call, await readRule(deps, live, { ...call, fresh: true }, key), endUser)
      : await read(deps, live, call, await readRule(deps, live, call, key));
    cache = res.cache;
    await meterCall(deps, live, call, res.status);
    return res;
  } catch (err) {
    const failed = dbError(err);
    // A server error of a published API counts toward the seed's hourly error notice (api-alerts.ts).
    if (failed.status >= 500 && !call.principal) await noteServerError(deps, live.api);
    throw failed;
  } finally {
    if (!call.principal && !endUser?.keyless) deps.usage.record(key.id, call.apiId, cache);
  }
}

/**
 * The presented key's SHA-256, remembered for keys that verified (decision 097). The hash is a pure function of the
 * text, so a remembered one is never stale: whether the key is still valid — revoked, rotated, re-scoped — is decided
 * by `runtime.key(hash)` on every request, whose entry every instance drops when the key changes (runtime.ts, pub/sub).
 * Only keys that verified are kept (a stream of made-up keys cannot fill it), at most `PRESENTED_MAX`.
 */
const PRESENTED_MAX = 10_000;
const presented = new Map<string, string>();
const presentedOldest = oldestFirst(presented);
function rememberPresented(raw: string, hash: string) {
  if (presented.has(raw)) return;
  if (presented.size >= PRESENTED_MAX) presented.delete(presentedOldest()!);
  presented.set(raw, hash);
}

/**
 * What a read through one key needs besides the request's own text, worked out once per live API, key record and
 * request text (decision 097): the admission and scope checks that depend only on them (published table and methods,
 * the key's methods and tables, embeds), the plan, whether the key reads masked and may filter as it does, the expiry
 * each cache mode gives and the entry key's first part. `key` is the key record it was checked against: a key that
 * changed (revoked, re-scoped, the personal-data right switched) is a new record from `runtime.key`, and the ticket is
 * worked out again. A re-published API or re-synced schema is a new live object, with its own tickets. What can change
 * from request to request is checked on each: the key's validity, the plan gate, the rate limit, the cache mode, the
 * tables' versions and the entry's expiry.
 */
type TReadTicket = {
  key: TKeyInfo;
  table: string;
  accept: string | undefined;
  prefer: string | undefined;
  range: string | undefined;
  prep: TReadPrep;
  mask: boolean;
  /** The personal-data refusal applies (the plan filters or orders by a personal column and the key reads masked). */
  personalRefused: boolean;
  /** `ab:r:{apiId}:{hash}:`: the cache key without its mode and versions (as readRule builds it); on first use (cache off never needs it). */
  base: () => string;
  /**
   * The whole entry key under `mode` and the tables' `versions`: the same string as last time while they are the same
   * (a hit then looks up a string whose hash the engine already holds, instead of building and hashing a new one).
   */
  entryKey: (mode: string, versions: number[]) => string;
  ttlMs: number;
  /** Found remembered: the request was seen before (the cache's admission asks nothing more of it, decision 105). */
  repeated: boolean;
};
/**
 * Tickets per query string (keys, tables and headers that sent it), per live API: at most `TICKETS_MAX` in all (the
 * oldest query string's go first), `TICKETS_PER_QUERY` for one query string, none for a request over `MEMO_MAX_CHARS`.
 */
const TICKETS_MAX = 1_000;
const TICKETS_PER_QUERY = 8;
const tickets = new WeakMap<TLiveApi, { map: Map<string, TReadTicket[]>; oldest: () => string | undefined; count: number }>();

/**
 * The request's ticket: a remembered one, or one worked out now. A new ticket (and its preparation) is remembered only
 * through `later`, which the caller runs once the request is admitted (under its rate limit): a refused request leaves
 * nothing behind.
 */
function ticketFor(deps: TDeps, live: TLiveApi, get: TDataCall & { query: string }, key: TKeyInfo, later: (() => void)[]): TReadTicket | undefined {
  const memo = tickets.get(live);
  // Looked up by the query string as sent (no string is built for it); the rest of the request is compared.
  const list = memo?.map.get(get.query);
  if (list) {
    for (const t of list) {
      if (t.key === key && t.table === get.table && t.accept === get.accept && t.prefer === get.prefer && t.range === get.range) {
        t.repeated = true;
        return t;
      }
    }
  }
  let prep: TReadPrep;
  try {
    // admit's checks that depend on the live API and the key only (the plan gate is checked on every request).
    const published = live.published.get(get.table);
    if (!published || !live.schema.tables.has(get.table) || !published.methods.includes('GET')) return undefined;
    if (key.methods && !key.methods.includes('GET')) return undefined;
    if (key.tables && !key.tables.includes(get.table)) return undefined;
    // Parsed, planned and scope-checked before anything is counted (no database work yet).
    prep = prepareRead(live, get, key, later);
    assertTablesInScope(key, prep.tables);
    assertRights(live, key, get, 'GET', prep.prepared.plan);
  } catch {
    return undefined;
  }
  const mask = key.readPersonalData !== true;
  let personalRefused = false;
  if (mask) {
    try {
      assertNoPersonalFilters(prep.prepared.plan);
    } catch {
      personalRefused = true;
    }
  }
  const ttls = prep.tables.map((t) => live.published.get(t)?.ttlSeconds ?? live.api.cacheTtlSeconds);
  let base: string | undefined;
  let last: { mode: string; versions: number[]; key: string } | undefined;
  const ticket: TReadTicket = {
    key,
    table: get.table,
    accept: get.accept,
    prefer: get.prefer,
    range: get.range,
    prep,
    mask,
    personalRefused,
    base: () => (base ??= deps.cache.key(live.api.id, `${entryPart(deps, prep)}:`)),
    entryKey(mode, versions) {
      if (last && last.mode === mode && sameNumbers(last.versions, versions)) return last.key;
      last = { mode, versions, key: `${ticket.base()}${mode}:${versions.join('.')}` };
      return last.key;
    },
    ttlMs: Math.min(...ttls) * 1000,
    repeated: false,
  };
  const size = get.query.length + (get.table.length + (get.accept?.length ?? 0) + (get.prefer?.length ?? 0) + (get.range?.length ?? 0));
  if (size <= MEMO_MAX_CHARS) later.push(() => rememberTicket(live, get.query, ticket));
  return ticket;
}

/** How many requests a live API has remembered: preparations and tickets (for the tests of their bounds). */
export function rememberedRequests(live: TLiveApi): { reads: number; tickets: number } {
  return { reads: readMemo.get(live)?.map.size ?? 0, tickets: tickets.get(live)?.count ?? 0 };
}

function sameNumbers(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function rememberTicket(live: TLiveApi, query: string, ticket: TReadTicket) {
  let memo = tickets.get(live);
  if (!memo) {
    const map = new Map<string, TReadTicket[]>();
    tickets.set(live, (memo = { map, oldest: oldestFirst(map), count: 0 }));
  }
  const list = memo.map.get(query);
  if (list) {
    // A ticket of the same key and request (another request of the same moment remembered its own first, or the key
    // record changed: same id, new record) is replaced; else the oldest goes beyond the bound.
    const same = list.findIndex(
      (t) => t.key.id === ticket.key.id && t.table === ticket.table && t.accept === ticket.accept && t.prefer === ticket.prefer && t.range === ticket.range,
    );
    if (same >= 0) list.splice(same, 1);
    else if (list.length >= TICKETS_PER_QUERY) list.shift();
    else memo.count += 1;
    list.push(ticket);
  } else {
    memo.map.set(query, [ticket]);
    memo.count += 1;
  }
  // Within the bound in all: the oldest query strings' tickets go (never the one just remembered).
  while (memo.count > TICKETS_MAX) {
    const oldest = memo.oldest();
    if (oldest === undefined || oldest === query) break;
    memo.count -= memo.map.get(oldest)?.length ?? 0;
    memo.map.delete(oldest);
  }
}

/**
 * A GET through an API key as `callDataApi` answers it — same key check, scope, rate limit, cache, query and usage
 * count — for the HTTP fast path (fast-path.ts), with one difference: when the request is refused before anything
 * was counted (no or wrong key, unknown API or table, method or scope refused, a query that does not parse) or is
 * over the rate limit, it returns `undefined`, and the caller sends the request down the framework path, which gives
 * the refusal in full (an over-the-limit request is then counted twice; it is refused either way). Otherwise it
 * returns the answer, or the PostgREST error to send (a probe or query that failed).
 *
 * A repeated request is answered from its ticket (decision 097): the key's hash and the request's preparation and
 * scope checks are remembered, and under `ttl` and `trigger` the entry is looked up once, from the ticket's key part
 * and the tables' current versions. `query` is the raw query string.
 */
export async function fastRead(
  deps: TDeps,
  call: Omit<TDataCall, 'method' | 'body' | 'principal' | 'query'> & { query: string },
): Promise<TDataResult | PgrstError | undefined> {
  const raw = keyOf(call);
  // An end user's token (decision 090) goes down the framework path: never the cache, one transaction as its role.
  if (!raw) return undefined;
  let hash = presented.get(raw);
  if (hash === undefined) {
    if (looksLikeJwt(raw)) return undefined;
    hash = hashKey(raw);
  }
  // What is known in process is used without a turn of the event loop (the same records `key` and `live` resolve to).
  const known = deps.runtime.knownKey(hash);
  const key = known ? known.info : await deps.runtime.key(hash);
  const apiId = call.apiId.toLowerCase();
  if (!key || key.apiId !== apiId) return undefined;
  rememberPresented(raw, hash);
  const get = { ...call, apiId, method: 'GET' as const };
  const live = deps.runtime.knownLive(apiId) ?? (await deps.runtime.live(apiId));
  // Billing (issue 31): a seed over its free calls gets the framework's refusal.
  if (!live || deps.ctx.planGate.blocked(live.api.seedId, 'api.calls')) return undefined;
  const later: (() => void)[] = [];
  const ticket = ticketFor(deps, live, get, key, later);
  if (!ticket) return undefined;
  // Counted before any database work, as on the framework path (a refused request costs the database nothing).
  if (rateLimited(await deps.state.hit(rateCounter(key), RATE_WINDOW_MS), key)) return undefined;
  // Admitted: what was worked out for it is remembered now.
  for (const keep of later) keep();
  let cache: 'HIT' | 'MISS' | undefined;
  try {
    const { prep, mask } = ticket;
    // Issue 36: a key that may not read personal data reads it masked, and cannot filter or order by it.
    if (ticket.personalRefused) assertNoPersonalFilters(prep.prepared.plan);
    const mode = deps.feeds.effectiveMode(live.api, live.connection.engine);
    let res: TDataResult;
    if (mode === 'probe') res = await read(deps, live, get, await readRule(deps, live, get, key));
    else if (mode === 'off') res = await read(deps, live, get, { prep, mode, ttlMs: 0, cacheKey: undefined, mask });
    else {
      const ttlMs = mode === 'trigger' ? LONG_TTL_MS : ticket.ttlMs;
      // The same key readRule builds: entries are shared with the framework path and the other instances. A request
      // seen for the first time while the store churns is not looked up or stored (admission, decision 105).
      const cached = ttlMs > 0 && (ticket.repeated || deps.cache.admits(get.table, get.query));
      const cacheKey = cached ? ticket.entryKey(mode, await deps.cache.versions(apiId, prep.tables)) : undefined;
      const hit = cacheKey === undefined ? undefined : (deps.cache.peek(cacheKey) ?? (deps.cache.shared ? await deps.cache.get(cacheKey) : undefined));
      res = hit
        ? { status: hit.status, headers: hit.headers, body: undefined, raw: hit.raw, cache: 'HIT', stored: hit }
        : await read(deps, live, get, { prep, mode, ttlMs, cacheKey, mask }, undefined, true);
    }
    cache = res.cache;
    await meterCall(deps, live, get, res.status);
    return res;
  } catch (err) {
    const failed = dbError(err);
    if (failed.status >= 500) await noteServerError(deps, live.api);
    return failed;
  } finally {
    deps.usage.record(key.id, apiId, cache);
  }
}

// The data API's public surface for other modules (the admin-page builder calls it in process).
export type TApiBuilderDeps = TDeps;
export type { TSchemaInfo, TTableInfo } from './engines/engine.ts';
export { PgrstError } from './postgrest/errors.ts';
export type { TCondition, TFilter, TOrder, TParsedQuery } from './postgrest/grammar.ts';
