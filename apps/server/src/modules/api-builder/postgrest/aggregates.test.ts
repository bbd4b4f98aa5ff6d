/** Aggregates, pure: the grammar's tree and the SQL both dialects get (the answers are compared on real databases in ../aggregates.test.ts). */
import { describe, expect, it } from 'vitest';
import { mysqlDialect, postgresDialect } from '../engines/dialect.ts';
import type { TTableInfo } from '../engines/engine.ts';
import { parseQuery, parseSelect } from './grammar.ts';
import { prepareQuery } from './handler.ts';
import { countSql, rootSql } from './read.ts';
import { render } from './sql-fragment.ts';

const orders = {
  name: 'orders',
  kind: 'table',
  columns: ['id', 'status', 'amount'].map((name) => ({ name, type: name === 'status' ? 'text' : 'integer', nullable: false, hasDefault: false })),
  primaryKey: ['id'],
  foreignKeys: [],
} as unknown as TTableInfo;
const schema = { tables: new Map([['orders', orders]]) };

const statement = (query: [string, string][], d = postgresDialect) => {
  const { plan } = prepareQuery({ schema, aggregates: true }, 'orders', query);
  return render(rootSql(d, plan, undefined, undefined, 1000), d.placeholder);
};

describe('aggregate grammar', () => {
  it('reads functions, aliases, casts and count()', () => {
    expect(parseSelect('amount.sum(),status,total:amount::int.max(),count(),amount.avg()::numeric')).toEqual([
      { kind: 'aggregate', fn: 'sum', column: 'amount', alias: undefined, cast: undefined, resultCast: undefined },
      { kind: 'field', name: 'status', alias: undefined },
      { kind: 'aggregate', fn: 'max', column: 'amount', alias: 'total', cast: 'int', resultCast: undefined },
      { kind: 'aggregate', fn: 'count', column: undefined, alias: undefined, cast: undefined, resultCast: undefined },
      { kind: 'aggregate', fn: 'avg', column: 'amount', alias: undefined, cast: undefined, resultCast: 'numeric' },
    ]);
  });

  it('still reads embeds and refuses casts outside aggregates', () => {
    expect(parseSelect('customers()')[0]).toMatchObject({ kind: 'embed', relation: 'customers' });
    expect(() => parseSelect('amount::int')).toThrow(expect.objectContaining({ code: 'PGRST100' }));
    expect(() => parseSelect('avg()')).toThrow(expect.objectContaining({ code: 'PGRST100' }));
  });
});

describe('aggregate SQL', () => {
  it('groups by the other selected columns, with bound filter values', () => {
    const q = statement([
      ['select', 'status,amount.sum(),count()'],
      ['amount', 'gt.10'],
      ['order', 'status'],
    ]);
    expect(q.text).toBe(
      'SELECT t0."status", SUM(t0."amount") AS suite_agg_0, COUNT(*) AS suite_agg_1 FROM "orders" t0 WHERE t0."amount" > $1 GROUP BY t0."status" ORDER BY t0."status" ASC NULLS LAST LIMIT 1000',
    );
    expect(q.values).toEqual(['10']);
  });

  it('spells casts per dialect and has no GROUP BY for aggregates alone', () => {
    expect(statement([['select', 'amount::int.sum(),amount.avg()::int']]).text).toBe(
      'SELECT SUM(CAST(t0."amount" AS integer)) AS suite_agg_0, CAST(AVG(t0."amount") AS integer) AS suite_agg_1 FROM "orders" t0 LIMIT 1000',
    );
    expect(statement([['select', 'amount::int.sum(),amount.avg()::int']], mysqlDialect).text).toBe(
      'SELECT SUM(CAST(t0.`amount` AS SIGNED)) AS suite_agg_0, CAST(AVG(t0.`amount`) AS SIGNED) AS suite_agg_1 FROM `orders` t0 LIMIT 1000',
    );
  });

  it('counts groups for Prefer: count', () => {
    const { plan } = prepareQuery({ schema, aggregates: true }, 'orders', [['select', 'status,count()']]);
    expect(render(countSql(postgresDialect, plan), postgresDialect.placeholder).text).toBe(
      'SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM "orders" t0 GROUP BY t0."status") s',
    );
  });

  it('is refused unless the API allows it (PGRST123)', () => {
    expect(() => prepareQuery({ schema }, 'orders', parseQuery([['select', 'count()']]))).toThrow(expect.objectContaining({ status: 400, code: 'PGRST123' }));
  });
});
