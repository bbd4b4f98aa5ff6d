/**
 * `POST|GET /api/v1/{apiId}/rpc/{function}` (issue 36): a published function called with named arguments, answered
 * in PostgREST's shapes — a set of rows as an array (with select, filters, order, limit and offset applied in SQL,
 * never above the connection's row cap), one composite as an object, a scalar as the value, `void` as 204 — and its
 * errors (PGRST202 when no published function takes these arguments). Same key check, rate limit, scope (a key
 * limited to tables calls only the functions listed as `rpc/{name}`), statement timeout and row cap as tables.
 * Nothing is cached: a function may read anything. On MariaDB stored functions answer GET and POST (GET when
 * DETERMINISTIC or NO SQL/READS SQL DATA) and stored procedures answer POST only (`CALL`: the first result set,
 * else the OUT parameters).
 */
import { ko } from '@suite/shared';
import type { TDeps } from './api-builder.deps.ts';
import {
  authenticate,
  dbError,
  freeLimitReached,
  hashKey,
  keyOf,
  meterCall,
  RATE_WINDOW_MS,
  rateCounter,
  rateLimited,
  type TKeyScope,
} from './data-api.service.ts';
import type { TEngine, TTableInfo } from './engines/engine.ts';
import type { TLiveApi } from './runtime.ts';
import { PgrstError } from './postgrest/errors.ts';
import { prepareQuery, type TPgrstResponse } from './postgrest/handler.ts';
import { charge, newBudget, rootSql, shape, type TPlan } from './postgrest/read.ts';
import { join, param, raw, render, sql, type Sql } from './postgrest/sql-fragment.ts';
import { assertNoPersonalFilters, maskFound, maskRows } from './postgrest/pii-columns.ts';
import { functionsNamed, type TDbFunction } from './rpc.catalog.ts';
import { bearerToken } from '../../lib/route-helpers.ts';
import { asEndUser, endUserCall, looksLikeJwt, type TEndUserCall } from './end-user-auth.ts';

const p = ko.apiBuilder.pgrst;
const m = ko.apiBuilder.data;

export type TRpcCall = {
  apiId: string;
  fn: string;
  method: string;
  /** The raw query string (after `?`). */
  query: string;
  body?: unknown;
  authorization?: string | undefined;
  apikey?: string | undefined;
  idempotencyKey?: string | undefined;
  url?: string | undefined;
  /** The client's address, for the per-address limit on failed end-user tokens. */
  ip?: string | undefined;
  /**
   * An in-process caller instead of an API key (an admin app's row action over its internal API, decision 094), as
   * `principal` of the data API: same published-function check, rate limit and SQL; results masked like a key without
   * personal data; not metered per call. Never set from a request.
   */
  principal?: { kind: 'internal'; id: string; rateLimitPerMinute: number } | undefined;
};

/** PostgREST's PGRST202: no published function of that name takes these arguments (also for an unpublished one). */
const notFound = (fn: string, args: string[]) =>
  new PgrstError(404, 'PGRST202', p.noFunction(fn.slice(0, 64)), p.publishedFunctionsOnly, p.noFunctionDetail(fn.slice(0, 64), args.join(', ').slice(0, 200)));

/** The overload whose input arguments are exactly covered: every given name is one of them, every one without a default given. */
function choose(fn: string, overloads: TDbFunction[], given: string[]): TDbFunction {
  const fits = overloads.filter((f) => {
    const names = new Set(f.args.map((a) => a.name));
    return f.args.every((a) => a.name !== '') && given.every((g) => names.has(g)) && f.args.every((a) => a.hasDefault || given.includes(a.name));
  });
  if (fits.length === 0) throw notFound(fn, given);
  if (fits.length > 1) throw new PgrstError(300, 'PGRST203', p.ambiguousFunction(fn.slice(0, 64)));
  return fits[0]!;
}

/** The result's columns as a read-only relation, so the table planner applies select/filters/order to a set of rows. */
const resultRelation = (f: TDbFunction): TTableInfo => ({
  name: f.name,
  kind: 'view',
  columns: f.columns.map((c, i) => ({ name: c.name, type: c.type, nullable: true, hasDefault: false, position: i + 1 })),
  primaryKey: [],
  foreignKeys: [],
});

/**
 * Personal numbers in a function's answer are masked as in a table's (postgrest/pii-columns.ts) unless the key may
 * read them: columns by name (the declared result columns, else the keys of the rows) and any text by its value.
 */
function maskAnswer(f: TDbFunction, body: unknown): unknown {
  if (typeof body === 'string') return maskFound(body);
  if (Array.isArray(body) && body.every((x) => x === null || typeof x !== 'object')) return body.map((x) => (typeof x === 'string' ? maskFound(x) : x));
  const rows = (Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : []) as Record<string, unknown>[];
  if (!rows.length) return body;
  const info: TTableInfo = f.columns.length
    ? resultRelation(f)
    : { ...resultRelation(f), columns: Object.keys(rows[0]!).map((name, i) => ({ name, type: 'text', nullable: true, hasDefault: false, position: i + 1 })) };
  const { plan } = prepareQuery({ schema: { tables: new Map([[f.name, info]]) } }, f.name, []);
  maskRows(plan, rows);
  return body;
}

/** A PostgreSQL argument bound with its declared type (JSON arguments as JSON text). */
function pgArgValue(type: string, v: unknown): unknown {
  if ((type === 'json' || type === 'jsonb') && typeof v !== 'string') return JSON.stringify(v);
  return v;
}

function myArgValue(v: unknown): unknown {
  return v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
}

const ok = (status: number, body: unknown, headers: Record<string, string> = {}): TPgrstResponse => ({
  status,
  headers: status === 204 ? headers : { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: status === 204 ? undefined : body,
});

/**
 * The plan of a call's select/filters/order/page over a set-returning function's rows, kept per catalogue entry (the
 * catalogue memo hands out the same `TDbFunction` until it is read again, rpc.catalog.ts) and query: a repeated call
 * is not parsed and planned again, and its masker (pii-columns.ts, per plan) is built once.
 */
const setPlans = new WeakMap<TDbFunction, Map<string, TPlan>>();
function setPlan(f: TDbFunction, rest: [string, string][]): TPlan {
  let byQuery = setPlans.get(f);
  if (!byQuery) setPlans.set(f, (byQuery = new Map()));
  const key = JSON.stringify(rest);
  let plan = byQuery.get(key);
  if (!plan) {
    // The set as a relation named like the function: the table planner's SQL reads from it (select, filters, order, page, row cap).
    const relation = { schema: { tables: new Map([[f.name, resultRelation(f)]]) }, aggregates: false };
    plan = prepareQuery(relation, f.name, rest).plan;
    if (byQuery.size >= 200) byQuery.clear();
    byQuery.set(key, plan);
  }
  return plan;
}

async function runPostgres(
  engine: TEngine,
  f: TDbFunction,
  args: Record<string, unknown>,
  rest: [string, string][],
  rowCap: number,
  mask: boolean,
): Promise<TPgrstResponse> {
  const d = engine.dialect;
  const given = f.args.filter((a) => a.name in args);
  const argSql = join(
    given.map((a) => sql`${raw(d.quote(a.name))} := ${param(pgArgValue(a.type, args[a.name]))}::${raw(a.type)}`),
    ', ',
  );
  const call = sql`${raw(d.quote(f.name))}(${argSql})`;
  const q = async (s: Sql) => {
    const { text, values } = render(s, d.placeholder);
    return (await engine.query(text, values)).rows;
  };
  if (f.returns === 'rows') {
    const plan = setPlan(f, rest);
    // A key that reads personal numbers masked cannot filter or order by them either (they could be probed).
    if (mask) assertNoPersonalFilters(plan);
    const rows = await q(sql`WITH ${raw(d.quote(f.name))} AS (SELECT * FROM ${call}) ${rootSql(d, plan, plan.options.limit, plan.options.offset, rowCap)}`);
    const budget = newBudget();
    charge(budget, rows);
    const out = await shape(engine, plan, rows, rowCap, budget);
    // Masked by the request's own plan, so an aliased column (`x:phone`) is masked too.
    if (mask) maskRows(plan, out);
    const from = plan.options.offset ?? 0;
    return ok(200, out, { 'content-range': out.length ? `${from}-${from + out.length - 1}/*` : '*/*' });
  }
  if (rest.length) throw notFound(f.name, [...Object.keys(args), ...rest.map(([k]) => k)]);
  if (f.returns === 'row') return ok(200, (await q(sql`SELECT * FROM ${call} LIMIT 1`))[0] ?? null);
  if (f.returns === 'values') {
    const rows = await q(sql`SELECT ${call} AS v LIMIT ${raw(String(rowCap))}`);
    return ok(
      200,
      rows.map((r) => r.v),
    );
  }
  const rows = await q(sql`SELECT ${call} AS v`);
  return f.returns === 'void' ? ok(204, undefined) : ok(200, rows[0]?.v ?? null);
}

async function runMysql(engine: TEngine, f: TDbFunction, args: Record<string, unknown>, rest: [string, string][], rowCap: number): Promise<TPgrstResponse> {
  const d = engine.dialect;
  if (f.kind === 'function') {
    if (rest.length) throw notFound(f.name, [...Object.keys(args), ...rest.map(([k]) => k)]);
    const placeholders = f.args.map(() => '?').join(', ');
    const r = await engine.query(
      `SELECT ${d.quote(f.name)}(${placeholders}) AS v`,
      f.args.map((a) => myArgValue(args[a.name])),
    );
    return ok(200, r.rows[0]?.v ?? null);
  }
  if (rest.length) throw new PgrstError(400, 'PGRST100', p.rpcProcedureQuery);
  // OUT/INOUT parameters go to session variables of the same connection, read back when there is no result set.
  const outVar = (i: number) => `@suite_rpc_out_${i}`;
  const outs = new Set(f.outArgs);
  const list = f.callOrder.map((n, i) => (outs.has(n) ? outVar(i) : '?')).join(', ');
  const values = f.callOrder.filter((n) => !outs.has(n)).map((n) => myArgValue(args[n]));
  return engine.transaction(async (q) => {
    const r = await q(`CALL ${d.quote(f.name)}(${list})`, values);
    const first = (r.rows as unknown[])[0];
    if (Array.isArray(first)) {
      const rows = (first as Record<string, unknown>[]).slice(0, rowCap);
      charge(newBudget(), rows);
      return ok(200, rows, { 'content-range': rows.length ? `0-${rows.length - 1}/*` : '*/*' });
    }
    if (!f.outArgs.length) return ok(204, undefined);
    const sel = f.callOrder
      .map((n, i) => (outs.has(n) ? `${outVar(i)} AS ${d.quote(n)}` : undefined))
      .filter(Boolean)
      .join(', ');
    return ok(200, (await q(`SELECT ${sel}`)).rows[0] ?? null);
  });
}

/** The call's arguments: POST's JSON object, or GET's query entries named like an argument of some overload. */
function argumentsOf(call: TRpcCall, overloads: TDbFunction[]): { args: Record<string, unknown>; rest: [string, string][] } {
  const entries = [...new URLSearchParams(call.query).entries()];
  if (call.method === 'POST') {
    const body = call.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new PgrstError(400, 'PGRST102', p.rpcArgsObject);
    return { args: body as Record<string, unknown>, rest: entries };
  }
  const names = new Set(overloads.flatMap((f) => f.args.map((a) => a.name)));
  const args: Record<string, unknown> = {};
  const rest: [string, string][] = [];
  for (const [k, v] of entries) {
    if (names.has(k)) args[k] = v;
    else rest.push([k, v]);
  }
  return { args, rest };
}

export async function callRpc(deps: TDeps, given: TRpcCall): Promise<TPgrstResponse> {
  const call = { ...given, apiId: given.apiId.toLowerCase() };
  // End users' tokens (decision 090): the function runs under the token's role and claims (PostgreSQL, RLS applies).
  const endUser = call.principal ? undefined : await endUserCall(deps, call, bearerToken(call.authorization), (apiId, c) => authenticate(deps, apiId, c));
  const key: TKeyScope = call.principal
    ? { id: `internal:${call.principal.id}`, rateLimitPerMinute: call.principal.rateLimitPerMinute, methods: null, tables: null, readPersonalData: false }
    : (endUser?.key ?? (await authenticate(deps, call.apiId, call)));
  const refused = rateLimited(await deps.state.hit(rateCounter(key), RATE_WINDOW_MS), key);
  if (refused) throw refused;
  const live = await deps.runtime.live(call.apiId);
  if (!live) throw new PgrstError(404, 'PGRST205', ko.apiBuilder.server.apiNotFound);
  if (call.method !== 'GET' && call.method !== 'POST') throw new PgrstError(405, 'PGRST101', p.rpcVerb);
  return execute(deps, call, key, live, endUser);
}

/** The call past its key check and rate limit: scope, catalog, SQL, metering, masking (every failure a PgrstError). */
async function execute(deps: TDeps, call: TRpcCall, key: TKeyScope, live: TLiveApi, endUser: TEndUserCall | undefined): Promise<TPgrstResponse> {
  try {
    // Unpublished or absent: the same 404, so a key learns nothing about functions it may not call.
    if (!live.functions.has(call.fn)) throw notFound(call.fn, Object.keys(typeof call.body === 'object' && call.body ? call.body : {}));
    if (deps.ctx.planGate.blocked(live.api.seedId, 'api.calls')) throw freeLimitReached();
    if (key.methods && !key.methods.includes(call.method)) throw new PgrstError(403, 'PGRST403', m.keyMethod(call.method));
    if (key.tables && !key.tables.includes(`rpc/${call.fn}`)) throw new PgrstError(403, 'PGRST403', p.keyFunction(call.fn));
    const engine = await deps.runtime.engineFor(live.connection);
    // MariaDB has no roles: a stored routine could read past the row filters, so end users may not call one.
    if (endUser && engine.kind !== 'postgres') throw new PgrstError(403, 'PGRST403', p.keyFunction(call.fn));
    // A function does not apply the API's row filters: with any configured, end users may not call one (RLS otherwise).
    if (endUser?.filters.size) throw new PgrstError(403, 'PGRST403', ko.apiBuilderJwt.data.rpcRowFilters);
    const overloads = await functionsNamed(engine, call.fn);
    const { args, rest } = argumentsOf(call, overloads);
    const f = choose(call.fn, overloads, Object.keys(args));
    if (call.method === 'GET' && !f.readOnly) throw new PgrstError(405, 'PGRST101', p.rpcMethod);
    const mask = key.readPersonalData !== true;
    const res =
      engine.kind === 'postgres'
        ? await asEndUser(engine, endUser?.user, (e) => runPostgres(e, f, args, rest, live.connection.rowCap, mask))
        : await runMysql(engine, f, args, rest, live.connection.rowCap);
    await meterCall(
      deps,
      live,
      { method: call.method as 'GET' | 'POST', idempotencyKey: call.idempotencyKey, url: call.url, principal: call.principal },
      res.status,
    );
    // PostgreSQL row sets were masked by their plan in runPostgres.
    const masked = mask && res.body !== undefined && !(engine.kind === 'postgres' && f.returns === 'rows');
    return masked ? { ...res, body: maskAnswer(f, res.body) } : res;
  } catch (err) {
    throw dbError(err);
  } finally {
    if (!endUser?.keyless && !call.principal) deps.usage.record(key.id, call.apiId, undefined);
  }
}

/**
 * For the HTTP fast path (fast-path.ts, decision 095): a call through a plain API key on PostgreSQL, admitted as
 * `callRpc` admits it — key, API, published function, plan limit, the key's methods and scope, rate limit — before
 * its body is read. When anything there would refuse it (or it is an end user's token, or MariaDB) it returns
 * `undefined` and the request goes down the framework path, which gives the refusal in full (an over-the-limit call
 * is then counted twice; it is refused either way). Otherwise it returns the call to run with the body's arguments,
 * which answers exactly what `callRpc` answers: the response, or the PostgREST error to send.
 */
export async function admitFastRpc(deps: TDeps, given: Omit<TRpcCall, 'body'>): Promise<((body: unknown) => Promise<TPgrstResponse | PgrstError>) | undefined> {
  const call = { ...given, apiId: given.apiId.toLowerCase() };
  if (call.method !== 'GET' && call.method !== 'POST') return undefined;
  const raw = keyOf(call);
  if (!raw || looksLikeJwt(raw)) return undefined;
  const key = await deps.runtime.key(hashKey(raw));
  if (!key || key.apiId !== call.apiId) return undefined;
  const live = await deps.runtime.live(call.apiId);
  if (!live || !live.functions.has(call.fn) || deps.ctx.planGate.blocked(live.api.seedId, 'api.calls')) return undefined;
  if ((key.methods && !key.methods.includes(call.method)) || (key.tables && !key.tables.includes(`rpc/${call.fn}`))) return undefined;
  let engine: TEngine;
  try {
    engine = await deps.runtime.engineFor(live.connection);
  } catch {
    return undefined;
  }
  if (engine.kind !== 'postgres') return undefined;
  if (rateLimited(await deps.state.hit(rateCounter(key), RATE_WINDOW_MS), key)) return undefined;
  return (body) => execute(deps, { ...call, body }, key, live, undefined).catch((err: unknown) => dbError(err));
}
