/**
 * Reads: the root table in one statement (filters, order, limit/offset, capped at the connection's row cap), then
 * each embedded relation in one statement per level (`WHERE key IN (…)`), stitched in memory. Same SQL shape on
 * both engines, no JSON functions whose typing differs between them. `!inner` embeds filter the parent with EXISTS.
 */
import { ko } from '@suite/shared';
import type { TEngine, TTableInfo } from '../engines/engine.ts';
import { PgrstError } from './errors.ts';
import type { TParsedQuery, TResourceOptions, TSelectItem } from './grammar.ts';
import { columnOf, conditionSql, keysInSql, limitSql, orderSql, resolveRelation, SqlParams, type TPublishedSchema, type TRelation } from './sql.ts';

const msg = ko.apiBuilder.pgrst;
const dm = ko.apiBuilder.data;

type TPlanField = { key: string; column: string };
type TPlanEmbed = { key: string; path: string; relation: TRelation; inner: boolean; plan: TPlan };
export type TPlan = { table: TTableInfo; fields: TPlanField[]; embeds: TPlanEmbed[]; options: TResourceOptions; path: string };

const EMPTY: TResourceOptions = { where: [], order: [], limit: undefined, offset: undefined };

export function planSelect(schema: TPublishedSchema, table: TTableInfo, select: TSelectItem[], resources: TParsedQuery['resources'], path = ''): TPlan {
  const fields: TPlanField[] = [];
  const embeds: TPlanEmbed[] = [];
  for (const item of select) {
    if (item.kind === 'star') {
      for (const c of table.columns) fields.push({ key: c.name, column: c.name });
    } else if (item.kind === 'field') {
      fields.push({ key: item.alias ?? item.name, column: columnOf(table, item.name).name });
    } else {
      const relation = resolveRelation(schema, table, item.relation, item.hint);
      const key = item.alias ?? item.relation;
      const childPath = path ? `${path}.${key}` : key;
      embeds.push({ key, path: childPath, relation, inner: item.inner, plan: planSelect(schema, relation.table, item.select, resources, childPath) });
    }
  }
  const plan: TPlan = { table, fields, embeds, options: resources.get(path) ?? EMPTY, path };
  return plan;
}

/** Options given for an embed path that the select does not embed are an error (PostgREST: PGRST108). */
export function checkResourcePaths(plan: TPlan, resources: TParsedQuery['resources']): void {
  const known = new Set<string>();
  const walk = (p: TPlan) => {
    known.add(p.path);
    p.embeds.forEach((e) => walk(e.plan));
  };
  walk(plan);
  for (const path of resources.keys()) {
    if (!known.has(path)) throw new PgrstError(400, 'PGRST108', msg.notEmbedded(path), msg.embedHint(path));
  }
}

/** WHERE for a plan: its own conditions and an EXISTS per `!inner` embed (recursively). */
export function whereSql(engine: TEngine, plan: TPlan, p: SqlParams, alias: string, depth = 0): string[] {
  const parts = plan.options.where.map((c) => conditionSql(engine, plan.table, c, p, alias));
  for (const e of plan.embeds) {
    if (!e.inner) continue;
    const a = `t${depth + 1}`;
    const join = e.relation.localCols.map((lc, i) => `${a}.${engine.quote(e.relation.remoteCols[i]!)} = ${alias}.${engine.quote(lc)}`);
    const inner = [...join, ...whereSql(engine, e.plan, p, a, depth + 1)];
    parts.push(`EXISTS (SELECT 1 FROM ${engine.quote(e.plan.table.name)} ${a} WHERE ${inner.join(' AND ')})`);
  }
  return parts;
}

function neededColumns(plan: TPlan): string[] {
  const cols = new Set(plan.fields.map((f) => f.column));
  for (const e of plan.embeds) e.relation.localCols.forEach((c) => cols.add(c));
  return [...cols];
}

export type TReadOptions = { rowCap: number; extraWhere?: (p: SqlParams, alias: string) => string };

/**
 * The last statement built for a plan (plans are remembered per request text by the data-API service, so a repeated
 * read builds its SQL once): keyed by the engine and the page, without `extraWhere` (reads after a write).
 */
const statements = new WeakMap<TPlan, { engine: TEngine; page: string; text: string; values: unknown[] }>();

/** Root rows (raw, with join columns) for a plan. */
export async function readRoot(engine: TEngine, plan: TPlan, limit: number | undefined, offset: number | undefined, opts: TReadOptions) {
  const page = `${limit}:${offset}:${opts.rowCap}`;
  const known = opts.extraWhere ? undefined : statements.get(plan);
  if (known && known.engine === engine && known.page === page) return (await engine.query(known.text, known.values)).rows;
  const p = new SqlParams(engine);
  const cols = neededColumns(plan);
  const where = whereSql(engine, plan, p, 't0');
  if (opts.extraWhere) where.push(opts.extraWhere(p, 't0'));
  const effLimit = Math.min(limit ?? opts.rowCap, opts.rowCap);
  const text =
    `SELECT ${cols.map((c) => `t0.${engine.quote(c)}`).join(', ')} FROM ${engine.quote(plan.table.name)} t0` +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    orderSql(engine, plan.table, plan.options.order, 't0') +
    limitSql(effLimit, offset, engine);
  if (!opts.extraWhere) statements.set(plan, { engine, page, text, values: p.values });
  const r = await engine.query(text, p.values);
  return r.rows;
}

/**
 * The total behind `Prefer: count=…`, as PostgREST gives it: `exact` counts; `planned` is the query planner's row
 * estimate (EXPLAIN: cheap on a large table, approximate); `estimated` counts exactly while the planner expects at
 * most `threshold` rows (the connection's row cap) and gives the estimate beyond it.
 */
export async function countRows(engine: TEngine, plan: TPlan, mode: 'exact' | 'planned' | 'estimated' = 'exact', threshold = 0): Promise<number> {
  const p = new SqlParams(engine);
  const where = whereSql(engine, plan, p, 't0');
  const from = `FROM ${engine.quote(plan.table.name)} t0${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  if (mode !== 'exact') {
    const planned = await plannedRows(engine, `SELECT 1 ${from}`, p.values);
    if (planned !== null && (mode === 'planned' || planned > threshold)) return planned;
  }
  const r = await engine.query(`SELECT COUNT(*) AS n ${from}`, p.values);
  return Number(r.rows[0]?.n ?? 0);
}

/** The planner's row estimate for a query, or null when the engine gives none. */
async function plannedRows(engine: TEngine, text: string, values: unknown[]): Promise<number | null> {
  if (engine.kind === 'postgres') {
    const r = await engine.query(`EXPLAIN (FORMAT JSON) ${text}`, values);
    const raw = r.rows[0]?.['QUERY PLAN'];
    const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
    const rows = json?.[0]?.Plan?.['Plan Rows'];
    return typeof rows === 'number' ? Math.round(rows) : null;
  }
  const r = await engine.query(`EXPLAIN ${text}`, values);
  const rows = r.rows[0]?.rows;
  return rows === null || rows === undefined ? null : Number(rows);
}

const tupleKey = (row: Record<string, unknown>, cols: string[]) => JSON.stringify(cols.map((c) => row[c]));

/**
 * What one response may hold, across the root and every embedding level: rows, and an estimate of the bytes they
 * make (the exact size is checked once serialised, in the handler). Without it a 1-row parent with a million
 * children was read whole (issue 27).
 */
export const RESPONSE_MAX_BYTES = 16 * 1024 * 1024;
const RESPONSE_MAX_ROWS = 50_000;
export type TBudget = { rows: number; bytes: number };
export const newBudget = (): TBudget => ({ rows: RESPONSE_MAX_ROWS, bytes: RESPONSE_MAX_BYTES });

export function tooLarge(rows?: number): PgrstError {
  return new PgrstError(
    413,
    'PGRST413',
    dm.responseTooLarge(Math.round(RESPONSE_MAX_BYTES / 1024 / 1024)),
    dm.responseTooLargeHint,
    rows === undefined ? null : dm.responseTooLargeRows(rows),
  );
}

/** Charges rows to the budget (bytes estimated from the values), refusing the response once it is spent. */
export function charge(budget: TBudget, rows: Record<string, unknown>[]): void {
  budget.rows -= rows.length;
  if (budget.rows < 0) throw tooLarge(RESPONSE_MAX_ROWS);
  let bytes = 0;
  for (const r of rows) {
    for (const k in r) {
      const v = r[k];
      bytes += k.length + 4 + (typeof v === 'string' ? v.length : v !== null && typeof v === 'object' ? JSON.stringify(v).length : 8);
    }
  }
  budget.bytes -= bytes;
  if (budget.bytes < 0) throw tooLarge();
}

const RN = 'suite_embed_rn_';

/**
 * Fills embeds into raw rows and shapes them (select order, aliases); returns the shaped rows. A to-many embed is
 * read with at most `rowCap` children per parent (fewer with the embed's own `limit`, after its `offset`), numbered
 * per parent in SQL (ROW_NUMBER, on both engines), and every level is charged to the response's budget.
 */
export async function shape(
  engine: TEngine,
  plan: TPlan,
  rows: Record<string, unknown>[],
  rowCap: number = Number.MAX_SAFE_INTEGER,
  budget: TBudget = newBudget(),
): Promise<Record<string, unknown>[]> {
  const embedded: Map<string, unknown>[] = [];
  for (const e of plan.embeds) {
    const { relation } = e;
    const tuples = new Map<string, unknown[]>();
    for (const r of rows) {
      const t = relation.localCols.map((c) => r[c]);
      if (t.some((v) => v === null || v === undefined)) continue;
      tuples.set(JSON.stringify(t), t);
    }
    const byKey = new Map<string, unknown>();
    if (tuples.size) {
      const p = new SqlParams(engine);
      const q = engine.quote;
      const childCols = [...new Set([...neededColumns(e.plan), ...relation.remoteCols])];
      const where = [keysInSql(engine, 't0', relation.remoteCols, [...tuples.values()], p), ...whereSql(engine, e.plan, p, 't0')];
      const from = `FROM ${q(e.plan.table.name)} t0 WHERE ${where.join(' AND ')}`;
      // One row more than the budget allows: reading it means the response is over (refused, never truncated).
      const overBudget = ` LIMIT ${Math.max(0, budget.rows) + 1}`;
      let text: string;
      if (relation.cardinality === 'one') {
        text = `SELECT ${childCols.map((c) => `t0.${q(c)}`).join(', ')} ${from}${orderSql(engine, e.plan.table, e.plan.options.order, 't0')}${overBudget}`;
      } else {
        const off = e.plan.options.offset ?? 0;
        const per = Math.min(e.plan.options.limit ?? rowCap, rowCap);
        // Without an order of its own, children are numbered in key order, so which of them fall within the cap (and the
        // order they come in) does not depend on how the engine happens to scan the table.
        const keyOrder = e.plan.table.primaryKey.map((c) => `t0.${q(c)}`).join(', ');
        const order = orderSql(engine, e.plan.table, e.plan.options.order, 't0') || (keyOrder ? ` ORDER BY ${keyOrder}` : '');
        const partition = relation.remoteCols.map((c) => `t0.${q(c)}`).join(', ');
        text =
          `SELECT ${childCols.map((c) => `s.${q(c)}`).join(', ')} FROM (SELECT ${childCols.map((c) => `t0.${q(c)}`).join(', ')}, ` +
          `ROW_NUMBER() OVER (PARTITION BY ${partition}${order}) AS ${RN} ${from}) s WHERE s.${RN} > ${off} AND s.${RN} <= ${off + per} ORDER BY s.${RN}${overBudget}`;
      }
      const childRaw = (await engine.query(text, p.values)).rows;
      charge(budget, childRaw);
      const shaped = await shape(engine, e.plan, childRaw, rowCap, budget);
      childRaw.forEach((raw, i) => {
        const k = tupleKey(raw, relation.remoteCols);
        if (relation.cardinality === 'one') {
          if (!byKey.has(k)) byKey.set(k, shaped[i]!);
        } else {
          const g = (byKey.get(k) as Record<string, unknown>[] | undefined) ?? [];
          g.push(shaped[i]!);
          byKey.set(k, g);
        }
      });
    }
    embedded.push(byKey);
  }
  return rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const f of plan.fields) out[f.key] = r[f.column];
    plan.embeds.forEach((e, i) => {
      const k = tupleKey(r, e.relation.localCols);
      const v = embedded[i]!.get(k);
      out[e.key] = e.relation.cardinality === 'one' ? (v ?? null) : (v ?? []);
    });
    return out;
  });
}
