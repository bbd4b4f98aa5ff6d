/**
 * Aggregates as PostgREST v12 defines them (issue 36): `select=amount.sum(),status,count()` reads one row per group of
 * the other selected columns (`GROUP BY status`), with the request's filters, order (by grouped columns only, as
 * PostgREST: ordering by an aggregate is not supported), limit/offset and the connection's row cap applying to the
 * groups. Off per API unless `aggregates_enabled` (PostgREST's `db-aggregates-enabled`), refused with PGRST123.
 * Same SQL on both engines; only casts are spelled per dialect.
 */
import { ko } from '@suite/shared';
import type { TTableInfo } from '../engines/engine.ts';
import { col, type TDialect } from '../engines/dialect.ts';
import { PgrstError } from './errors.ts';
import type { TAggregateFn, TOrder, TSelectAggregate } from './grammar.ts';
import { columnOf } from './sql.ts';
import { join, raw, sql, type Sql } from './sql-fragment.ts';

const msg = ko.apiBuilder.pgrst;

/** An aggregate in a plan: `key` in the response, `as` the statement's own column name for it. */
export type TPlanAggregate = {
  key: string;
  as: string;
  fn: TAggregateFn;
  column: string | undefined;
  cast: string | undefined;
  resultCast: string | undefined;
};

/** The casts an aggregate takes (input or result), spelled per engine; anything else is a 400. */
const CASTS: Record<string, { postgres: string; mysql: string }> = {
  int: { postgres: 'integer', mysql: 'SIGNED' },
  integer: { postgres: 'integer', mysql: 'SIGNED' },
  bigint: { postgres: 'bigint', mysql: 'SIGNED' },
  numeric: { postgres: 'numeric', mysql: 'DECIMAL(65,10)' },
  text: { postgres: 'text', mysql: 'CHAR' },
};

function castType(name: string): string {
  const c = CASTS[name];
  if (!c) throw new PgrstError(400, 'PGRST100', msg.aggregateCast(name.slice(0, 32)), msg.aggregateCastHint);
  return name;
}

/** PostgREST's refusal while aggregates are off for the API. */
export const aggregatesOff = () => new PgrstError(400, 'PGRST123', msg.aggregatesOff, msg.aggregatesOffHint);

/** The plan's entry for a select item: the column checked against the table, the casts against CASTS. */
export function planAggregate(table: TTableInfo, item: TSelectAggregate, index: number): TPlanAggregate {
  return {
    key: item.alias ?? item.fn,
    as: `suite_agg_${index}`,
    fn: item.fn,
    column: item.column === undefined ? undefined : columnOf(table, item.column).name,
    cast: item.cast === undefined ? undefined : castType(item.cast),
    resultCast: item.resultCast === undefined ? undefined : castType(item.resultCast),
  };
}

const cast = (d: TDialect, e: Sql, name: string | undefined): Sql => (name ? sql`CAST(${e} AS ${raw(CASTS[name]![d.kind])})` : e);

/** `SUM(CAST(t0."amount" AS integer)) AS suite_agg_0`; `count()` is `COUNT(*)`. */
function aggregateSql(d: TDialect, a: TPlanAggregate, alias: string): Sql {
  const arg = a.column === undefined ? raw('*') : cast(d, col(d, alias, a.column), a.cast);
  return sql`${cast(d, sql`${raw(a.fn.toUpperCase())}(${arg})`, a.resultCast)} AS ${raw(a.as)}`;
}

/** Order terms of an aggregated read must name grouped columns (PostgREST does not order by aggregates). */
export function checkAggregateOrder(order: TOrder[], grouped: string[]): void {
  for (const o of order)
    if (!grouped.includes(o.column)) throw new PgrstError(400, 'PGRST100', msg.aggregateOrder(o.column.slice(0, 64)), msg.aggregateOrderHint);
}

/**
 * `SELECT t0."status", SUM(t0."amount") AS suite_agg_0, COUNT(*) AS suite_agg_1 FROM … WHERE … GROUP BY t0."status"`:
 * the select list and GROUP BY of an aggregated read (without GROUP BY when only aggregates are selected).
 */
export function aggregateSelect(d: TDialect, grouped: string[], aggregates: TPlanAggregate[], alias: string): { list: Sql; groupBy: Sql } {
  const groupCols = grouped.map((c) => col(d, alias, c));
  const list = join([...groupCols, ...aggregates.map((a) => aggregateSql(d, a, alias))], ', ');
  return { list, groupBy: groupCols.length ? sql` GROUP BY ${join(groupCols, ', ')}` : raw('') };
}
