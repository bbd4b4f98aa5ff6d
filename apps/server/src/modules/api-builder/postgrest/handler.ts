/**
 * One PostgREST request against one engine and one published schema: the whole HTTP meaning (Accept, Prefer, Range,
 * Content-Range, status codes) without HTTP. The data-API service (keys, cache, limits) and, later, in-process
 * callers (the admin-page builder) go through `handlePostgrest` — there is no second SQL path.
 */
import { ko } from '@suite/shared';
import type { TEngine, TTableInfo } from '../engines/engine.ts';
import { PgrstError } from './errors.ts';
import { parseQuery, type TParsedQuery } from './grammar.ts';
import {
  charge,
  checkResourcePaths,
  countRows,
  newBudget,
  planSelect,
  readRoot,
  RESPONSE_MAX_BYTES,
  shape,
  tooLarge,
  type TBudget,
  type TPlan,
} from './read.ts';
import { columnOf, keysInSql, type TPublishedSchema } from './sql.ts';
import { deleteRows, insertRows, updateRows } from './write.ts';
import { assertNoPersonalFilters, maskRows } from './pii-columns.ts';
import { aggregatesOff } from './aggregates.ts';

const msg = ko.apiBuilder.pgrst;

export type TMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';

export type TPgrstRequest = {
  method: TMethod;
  table: string;
  query: [string, string][];
  accept?: string | undefined;
  prefer?: string | undefined;
  range?: string | undefined;
  body?: unknown;
};

/** `raw`: the body serialised (its size checked against the response bound); `body` stays for in-process callers. */
export type TPgrstResponse = { status: number; headers: Record<string, string>; body: unknown; raw?: string };

/** `aggregates`: the API allows `amount.sum()` etc. (PostgREST's `db-aggregates-enabled`; off unless given). */
export type TPgrstContext = { engine: TEngine; schema: TPublishedSchema; rowCap: number; maskPersonal?: boolean | undefined; aggregates?: boolean | undefined };

const OBJECT_TYPE = 'application/vnd.pgrst.object+json';

export function parsePrefer(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(',')) {
    const [k, v] = part.trim().split('=');
    if (k) out.set(k.trim().toLowerCase(), (v ?? '').trim().toLowerCase());
  }
  return out;
}

function wantsObject(accept: string | undefined): boolean {
  if (!accept) return false;
  if (accept.includes(OBJECT_TYPE)) return true;
  const ok = accept
    .split(',')
    .some((t) => /^(application\/json|application\/vnd\.pgrst\.array\+json|\*\/\*|application\/\*)(;|$)/.test(t.trim()) || t.trim() === '');
  if (!ok) throw new PgrstError(406, 'PGRST107', msg.badAccept(accept.slice(0, 80)), msg.acceptHint);
  return false;
}

function parseRange(header: string | undefined): { offset: number; limit: number | undefined } | undefined {
  if (!header) return undefined;
  const m = /^(?:items=)?(\d{1,9})-(\d{0,9})$/.exec(header.trim());
  if (!m) return undefined;
  const from = Number(m[1]);
  const to = m[2] === '' ? undefined : Number(m[2]);
  if (to !== undefined && to < from) throw new PgrstError(416, 'PGRST103', msg.badRange);
  return { offset: from, limit: to === undefined ? undefined : to - from + 1 };
}

function singular(rows: unknown[], asObject: boolean): { body: unknown } {
  if (!asObject) return { body: rows };
  if (rows.length !== 1) {
    throw new PgrstError(406, 'PGRST116', msg.notSingular, null, msg.rowCount(rows.length));
  }
  return { body: rows[0] };
}

export function tableOf(schema: TPublishedSchema, name: string): TTableInfo {
  const t = schema.tables.get(name);
  if (!t) throw new PgrstError(404, 'PGRST205', msg.noTable(name), msg.publishedOnly);
  return t;
}

/** A request's query parsed and planned once: the cache key and the execution share it (decision 023). */
export type TPrepared = { table: TTableInfo; parsed: TParsedQuery; plan: TPlan };

export function prepareQuery(ctx: Pick<TPgrstContext, 'schema' | 'aggregates'>, table: string, query: [string, string][] | TParsedQuery): TPrepared {
  const info = tableOf(ctx.schema, table);
  // A typed caller (data-api.service.ts `callDataApiTyped`) hands over the tree the grammar produces: planned the same way.
  const parsed = Array.isArray(query) ? parseQuery(query) : query;
  // Names are checked against the table whatever the method: an unknown one is an error, never ignored.
  for (const c of [...(parsed.onConflict ?? []), ...(parsed.columns ?? [])]) columnOf(info, c);
  if (!ctx.aggregates && parsed.select.some((s) => s.kind === 'aggregate')) throw aggregatesOff();
  return { table: info, parsed, plan: planSelect(ctx.schema, info, parsed.select, parsed.resources) };
}

/** The tables a prepared request reads (root and every embed): the cache keys on their versions. */
export function tablesOfPlan(plan: TPlan): string[] {
  const out = new Set<string>();
  const walk = (p: TPlan) => {
    out.add(p.table.name);
    p.embeds.forEach((e) => walk(e.plan));
  };
  walk(plan);
  return [...out];
}

/** Reads rows of `plan` whose primary key is one of `keys` (after a write), shaped by the request's select. */
export async function readByKeys(ctx: TPgrstContext, plan: TPlan, keys: unknown[][], budget: TBudget = newBudget()) {
  const pk = plan.table.primaryKey;
  const noFilters: TPlan = { ...plan, options: { where: [], order: plan.options.order, limit: undefined, offset: undefined } };
  const raw = await readRoot(ctx.engine, noFilters, undefined, undefined, {
    rowCap: Math.max(ctx.rowCap, keys.length),
    extraWhere: (alias: string) => keysInSql(ctx.engine.dialect, alias, pk, keys),
  });
  charge(budget, raw);
  return shape(ctx.engine, noFilters, raw, ctx.rowCap, budget);
}

/** The body serialised once, refused (PostgREST-shaped 413) beyond the response bound. */
function serialised(body: unknown): string {
  const raw = JSON.stringify(body);
  if (Buffer.byteLength(raw) > RESPONSE_MAX_BYTES) throw tooLarge();
  return raw;
}

export async function handlePostgrest(ctx: TPgrstContext, req: TPgrstRequest, prepared?: TPrepared): Promise<TPgrstResponse> {
  const { table, parsed, plan } = prepared ?? prepareQuery(ctx, req.table, req.query);
  checkResourcePaths(plan, parsed.resources);
  // `maskPersonal`: the key may not read personal numbers (issue 36, pii-columns.ts): no filter or order on them, answers masked.
  if (ctx.maskPersonal) assertNoPersonalFilters(plan);
  const prefer = parsePrefer(req.prefer);
  const asObject = wantsObject(req.accept);
  const headers: Record<string, string> = { 'content-type': `${asObject ? OBJECT_TYPE : 'application/json'}; charset=utf-8` };

  if (req.method === 'GET' || req.method === 'HEAD') {
    const range = parseRange(req.range);
    const offset = (plan.options.offset ?? 0) + (range?.offset ?? 0);
    let limit = plan.options.limit;
    if (range?.limit !== undefined) limit = limit === undefined ? range.limit : Math.min(limit, range.limit);
    const countMode = prefer.get('count');
    const counting = countMode === 'exact' || countMode === 'estimated' || countMode === 'planned';
    // The page and its total on two pooled connections at once (a list's first page waits for both).
    const [raw, total] = await Promise.all([
      readRoot(ctx.engine, plan, limit, offset, { rowCap: ctx.rowCap }),
      counting ? countRows(ctx.engine, plan, countMode, ctx.rowCap) : Promise.resolve(undefined),
    ]);
    const budget = newBudget();
    charge(budget, raw);
    const rows = await shape(ctx.engine, plan, raw, ctx.rowCap, budget);
    if (ctx.maskPersonal) maskRows(plan, rows);
    const end = offset + rows.length - 1;
    headers['content-range'] = `${rows.length ? `${offset}-${end}` : '*'}/${total ?? '*'}`;
    if (countMode) headers['preference-applied'] = `count=${countMode}`;
    if (total !== undefined && offset > 0 && offset >= total && total > 0) {
      throw new PgrstError(416, 'PGRST103', msg.rangeOut, null, msg.rangeDetail(total, offset), { 'content-range': `*/${total}` });
    }
    const { body } = singular(rows, asObject);
    const partial = total !== undefined && rows.length < total && !asObject;
    if (req.method === 'HEAD') return { status: partial ? 206 : 200, headers, body: undefined };
    return { status: partial ? 206 : 200, headers, body, raw: serialised(body) };
  }

  if (table.kind !== 'table') throw new PgrstError(405, 'PGRST120', msg.viewWrite(table.name));
  const representation = prefer.get('return') === 'representation';
  const needKeys = representation;
  if ((req.method === 'PATCH' || req.method === 'DELETE') && !plan.options.where.length) {
    throw new PgrstError(400, 'PGRST106', msg.filterRequired, msg.filterHint);
  }
  if (needKeys && !table.primaryKey.length) {
    throw new PgrstError(400, 'PGRST121', msg.noPrimaryKey(table.name), msg.minimalHint);
  }
  for (const c of parsed.columns ?? []) columnOf(table, c);

  const write = async () => {
    if (req.method === 'POST') {
      const resolution = prefer.get('resolution');
      return insertRows(ctx.engine, table, req.body, {
        columns: parsed.columns,
        onConflict: resolution === 'merge-duplicates' || resolution === 'ignore-duplicates' ? (parsed.onConflict ?? table.primaryKey) : undefined,
        resolution: resolution === 'merge-duplicates' ? 'merge' : resolution === 'ignore-duplicates' ? 'ignore' : undefined,
        missingDefault: prefer.get('missing') === 'default',
        expectOne: asObject,
      });
    }
    if (req.method === 'PATCH') return updateRows(ctx.engine, plan, req.body, asObject);
    return deleteRows(ctx.engine, plan, needKeys ? async (keys) => readByKeys(ctx, plan, keys) : undefined, asObject);
  };
  const result = await write();
  let rows: unknown[] = [];
  if (representation) rows = result.before ?? (await readByKeys(ctx, plan, result.keys));
  if (representation && ctx.maskPersonal) maskRows(plan, rows as Record<string, unknown>[]);
  if (representation) {
    const { body } = singular(rows, asObject);
    return { status: req.method === 'POST' ? 201 : 200, headers: { ...headers, 'preference-applied': 'return=representation' }, body, raw: serialised(body) };
  }
  delete headers['content-type'];
  return { status: req.method === 'POST' ? 201 : 204, headers, body: undefined };
}
