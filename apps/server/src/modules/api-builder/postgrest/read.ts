/**
 * Reads: the root table in one statement (filters, order, limit/offset, capped at the connection's row cap), then
 * each embedded relation in one statement per level (`WHERE key IN (…)`), stitched in memory. Same SQL shape on
 * both engines, no JSON functions whose typing differs between them. `!inner` embeds filter the parent with EXISTS.
 */
import { ko } from '@suite/shared';
import type { TEngine, TTableInfo } from '../engines/engine.ts';
import { col, cols, type TDialect } from '../engines/dialect.ts';
import { PgrstError } from './errors.ts';
import type { TParsedQuery, TResourceOptions, TSelectItem } from './grammar.ts';
import { columnOf, conditionSql, keysInSql, orderSql, resolveRelation, type TPublishedSchema, type TRelation } from './sql.ts';
import { int, join, raw, render, sql, type Sql } from './sql-fragment.ts';
import { aggregateSelect, checkAggregateOrder, planAggregate, type TPlanAggregate } from './aggregates.ts';

const msg = ko.apiBuilder.pgrst;
const dm = ko.apiBuilder.data;

type TPlanField = { key: string; column: string };
type TPlanEmbed = { key: string; path: string; relation: TRelation; inner: boolean; plan: TPlan };
/** `aggregates`: `amount.sum()` etc. (aggregates.ts); when there are any, the fields are the grouped columns. */
export type TPlan = { table: TTableInfo; fields: TPlanField[]; embeds: TPlanEmbed[]; aggregates: TPlanAggregate[]; options: TResourceOptions; path: string };

const EMPTY: TResourceOptions = { where: [], order: [], limit: undefined, offset: undefined };

export function planSelect(schema: TPublishedSchema, table: TTableInfo, select: TSelectItem[], resources: TParsedQuery['resources'], path = ''): TPlan {
  const fields: TPlanField[] = [];
  const embeds: TPlanEmbed[] = [];
  const aggregates: TPlanAggregate[] = [];
  for (const item of select) {
    if (item.kind === 'aggregate') {
      aggregates.push(planAggregate(table, item, aggregates.length));
    } else if (item.kind === 'star') {
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
  const plan: TPlan = { table, fields, embeds, aggregates, options: resources.get(path) ?? EMPTY, path };
  if (aggregates.length) {
    // Aggregates at the root of a request without embeds only (PostgREST also aggregates inside embeds: not here).
    if (path || embeds.length) throw new PgrstError(400, 'PGRST100', msg.aggregateEmbed);
    checkAggregateOrder(plan.options.order, neededColumns(plan));
  }
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

/** WHERE for a plan: its own conditions and an EXISTS per `!inner` embed (recursively), to be joined with AND. */
export function whereSql(d: TDialect, plan: TPlan, alias: string, depth = 0): Sql[] {
  const parts = plan.options.where.map((c) => conditionSql(d, plan.table, c, alias));
  for (const e of plan.embeds) {
    if (!e.inner) continue;
    const a = `t${depth + 1}`;
    const on = e.relation.localCols.map((lc, i) => sql`${col(d, a, e.relation.remoteCols[i]!)} = ${col(d, alias, lc)}`);
    const inner = [...on, ...whereSql(d, e.plan, a, depth + 1)];
    parts.push(sql`EXISTS (SELECT 1 FROM ${raw(d.quote(e.plan.table.name))} ${raw(a)} WHERE ${join(inner, ' AND ')})`);
  }
  return parts;
}

const whereClause = (parts: Sql[]): Sql => (parts.length ? sql` WHERE ${join(parts, ' AND ')}` : raw(''));

function neededColumns(plan: TPlan): string[] {
  const out = new Set(plan.fields.map((f) => f.column));
  for (const e of plan.embeds) e.relation.localCols.forEach((c) => out.add(c));
  return [...out];
}

/**
 * The root statement: `select=id,name&age=gte.18&order=name.desc&limit=10` on `people` →
 * `SELECT t0."id", t0."name", t0."age" FROM "people" t0 WHERE t0."age" >= $1 ORDER BY t0."name" DESC NULLS FIRST LIMIT 10`
 * (MySQL: `` (t0.`name` IS NULL) DESC, t0.`name` DESC ``). The limit is never above the connection's row cap.
 */
export function rootSql(
  d: TDialect,
  plan: TPlan,
  limit: number | undefined,
  offset: number | undefined,
  rowCap: number,
  extraWhere?: (alias: string) => Sql,
): Sql {
  const where = whereSql(d, plan, 't0');
  if (extraWhere) where.push(extraWhere('t0'));
  if (plan.aggregates.length) {
    // One row per group of the selected columns; the page and the row cap count groups.
    const { list, groupBy } = aggregateSelect(d, neededColumns(plan), plan.aggregates, 't0');
    return sql`SELECT ${list} FROM ${raw(d.quote(plan.table.name))} t0${whereClause(where)}${groupBy}${orderSql(d, plan.table, plan.options.order, 't0')}${d.limitOffset(
      Math.min(limit ?? rowCap, rowCap),
      offset,
    )}`;
  }
  return sql`SELECT ${cols(d, neededColumns(plan), 't0')} FROM ${raw(d.quote(plan.table.name))} t0${whereClause(where)}${orderSql(
    d,
    plan.table,
    plan.options.order,
    't0',
  )}${d.limitOffset(Math.min(limit ?? rowCap, rowCap), offset)}`;
}

/** `FROM … WHERE …` of a count (`Prefer: count=…`): the root's filters, without order or page. */
const countFrom = (d: TDialect, plan: TPlan): Sql => sql`FROM ${raw(d.quote(plan.table.name))} t0${whereClause(whereSql(d, plan, 't0'))}`;

/** The total rows, or for an aggregated read the number of groups it makes. */
export function countSql(d: TDialect, plan: TPlan): Sql {
  if (!plan.aggregates.length) return sql`SELECT COUNT(*) AS n ${countFrom(d, plan)}`;
  const { groupBy } = aggregateSelect(d, neededColumns(plan), [], 't0');
  return sql`SELECT COUNT(*) AS n FROM (SELECT 1 AS one ${countFrom(d, plan)}${groupBy}) s`;
}

export type TReadOptions = { rowCap: number; extraWhere?: (alias: string) => Sql };

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
  const d = engine.dialect;
  const { text, values } = render(rootSql(d, plan, limit, offset, opts.rowCap, opts.extraWhere), d.placeholder);
  if (!opts.extraWhere) statements.set(plan, { engine, page, text, values });
  const r = await engine.query(text, values);
  return r.rows;
}

/**
 * The total behind `Prefer: count=…`, as PostgREST gives it: `exact` counts; `planned` is the query planner's row
 * estimate (EXPLAIN: cheap on a large table, approximate); `estimated` counts exactly while the planner expects at
 * most `threshold` rows (the connection's row cap) and gives the estimate beyond it.
 */
export async function countRows(engine: TEngine, plan: TPlan, mode: 'exact' | 'planned' | 'estimated' = 'exact', threshold = 0): Promise<number> {
  const d = engine.dialect;
  if (mode !== 'exact' && !plan.aggregates.length) {
    const explain = render(d.explain(sql`SELECT 1 ${countFrom(d, plan)}`), d.placeholder);
    const planned = d.plannedRows((await engine.query(explain.text, explain.values)).rows);
    if (planned !== null && (mode === 'planned' || planned > threshold)) return planned;
  }
  const { text, values } = render(countSql(d, plan), d.placeholder);
  const r = await engine.query(text, values);
  return Number(r.rows[0]?.n ?? 0);
}

const tupleKey = (row: Record<string, unknown>, cols: string[]) => JSON.stringify(cols.map((c) => row[c]));

/**
 * What one response may hold, across the root and every embedding level: rows, and an estimate of the bytes they
 * make (the exact size is checked once serialised, in the handler). Without it a 1-row parent with a million
 * children was read whole (issue 27).
 */
export const RESPONSE_MAX_BYTES = 16 * 1024 * 1024;
export const RESPONSE_MAX_ROWS = 50_000;
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
 * THE cap on embedded child rows: a to-many embed gives each parent at most the connection's row cap of children
 * (fewer with the embed's own `limit`), after the embed's `offset` (decision 031). The rows SQL numbers per parent
 * (`ROW_NUMBER() OVER (PARTITION BY …)`) are kept when `from < n <= to`.
 */
export function childWindow(options: TResourceOptions, rowCap: number): { from: number; to: number } {
  const from = options.offset ?? 0;
  return { from, to: Math.min(Number.MAX_SAFE_INTEGER, from + Math.min(options.limit ?? rowCap, rowCap)) };
}

/**
 * One embedding level for the parents' key `tuples`, at most `budgetRows + 1` rows (one more than the response may
 * still hold: reading it means the response is over, refused and never truncated). `select=id,orders(id)` from
 * `customers` (orders.customer_id → customers.id) on PostgreSQL:
 * `SELECT s."id", s."customer_id" FROM (SELECT t0."id", t0."customer_id", ROW_NUMBER() OVER (PARTITION BY
 * t0."customer_id" ORDER BY t0."id") AS suite_embed_rn_ FROM "orders" t0 WHERE t0."customer_id" IN ($1, $2)) s
 * WHERE s.suite_embed_rn_ > 0 AND s.suite_embed_rn_ <= 1000 ORDER BY s.suite_embed_rn_ LIMIT 50001`.
 * Without an order of its own, children are numbered in key order, so which of them fall within the cap (and the
 * order they come in) does not depend on how the engine happens to scan the table. A to-one embed is a plain select.
 */
export function embedSql(d: TDialect, e: TPlanEmbed, tuples: unknown[][], rowCap: number, budgetRows: number): Sql {
  const { relation } = e;
  const childCols = [...new Set([...neededColumns(e.plan), ...relation.remoteCols])];
  const where = [keysInSql(d, 't0', relation.remoteCols, tuples), ...whereSql(d, e.plan, 't0')];
  const from = sql`FROM ${raw(d.quote(e.plan.table.name))} t0 WHERE ${join(where, ' AND ')}`;
  const overBudget = sql` LIMIT ${int(Math.max(0, budgetRows) + 1)}`;
  const order = orderSql(d, e.plan.table, e.plan.options.order, 't0');
  if (relation.cardinality === 'one') return sql`SELECT ${cols(d, childCols, 't0')} ${from}${order}${overBudget}`;
  const { from: lo, to: hi } = childWindow(e.plan.options, rowCap);
  const key = e.plan.table.primaryKey;
  const numbering = order.isEmpty && key.length ? sql` ORDER BY ${cols(d, key, 't0')}` : order;
  return sql`SELECT ${cols(d, childCols, 's')} FROM (SELECT ${cols(d, childCols, 't0')}, ROW_NUMBER() OVER (PARTITION BY ${cols(
    d,
    relation.remoteCols,
    't0',
  )}${numbering}) AS ${raw(RN)} ${from}) s WHERE s.${raw(RN)} > ${int(lo)} AND s.${raw(RN)} <= ${int(hi)} ORDER BY s.${raw(RN)}${overBudget}`;
}

/**
 * Fills embeds into raw rows and shapes them (select order, aliases); returns the shaped rows. A to-many embed is
 * read within `childWindow` per parent, numbered per parent in SQL (ROW_NUMBER, on both engines), and every level is
 * charged to the response's budget.
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
      const { text, values } = render(embedSql(engine.dialect, e, [...tuples.values()], rowCap, budget.rows), engine.dialect.placeholder);
      const childRaw = (await engine.query(text, values)).rows;
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
    for (const a of plan.aggregates) out[a.key] = r[a.as];
    plan.embeds.forEach((e, i) => {
      const k = tupleKey(r, e.relation.localCols);
      const v = embedded[i]!.get(k);
      out[e.key] = e.relation.cardinality === 'one' ? (v ?? null) : (v ?? []);
    });
    return out;
  });
}
