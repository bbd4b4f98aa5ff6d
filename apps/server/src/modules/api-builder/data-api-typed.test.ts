/**
 * callDataApiTyped checks a handed-over tree for what the grammar guarantees of its own output before anything else
 * runs (the SQL builders write `is` values as words and limits as literals). A refused tree never reaches the deps.
 */
import { describe, expect, it } from 'vitest';
import { callDataApiTyped, PgrstError, type TParsedQuery, type TTypedDataCall } from './data-api.service.ts';
import type { TDeps } from './api-builder.deps.ts';

const noDeps = {} as TDeps;
const tree = (root: Partial<{ where: unknown[]; order: unknown[]; limit: number; offset: number }>, more: Partial<TParsedQuery> = {}) =>
  ({
    select: [{ kind: 'star' }],
    resources: new Map([['', { where: [], order: [], limit: undefined, offset: undefined, ...root }]]),
    onConflict: undefined,
    columns: undefined,
    ...more,
  }) as TParsedQuery;
const call = (query: TParsedQuery): TTypedDataCall => ({
  apiId: '00000000-0000-4000-8000-000000000000',
  table: 't',
  method: 'GET',
  query,
  principal: { kind: 'internal', id: 'x', rateLimitPerMinute: 1 },
});
const refused = async (query: TParsedQuery) => {
  const err = await callDataApiTyped(noDeps, call(query)).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(PgrstError);
  expect((err as PgrstError).status).toBe(400);
  expect((err as PgrstError).code).toBe('PGRST100');
};
const filter = (op: string, value: unknown, column = 'a') => ({ kind: 'filter', column, op, negated: false, value });

describe('callDataApiTyped', () => {
  it('refuses a tree the grammar could not have produced, before using its deps', async () => {
    await refused(tree({ where: [filter('is', 'null; DROP TABLE t')] }));
    await refused(tree({ where: [filter('is', 'NOT NULL')] }));
    await refused(tree({ where: [filter('in', 'a,b')] }));
    await refused(tree({ where: [filter('eq', ['a'])] }));
    await refused(tree({ where: [filter('eq', 1)] }));
    await refused(tree({ where: [filter('between', 'a')] }));
    await refused(tree({ where: [filter('eq', 'x', '')] }));
    await refused(tree({ where: [filter('eq', 'x', 'a\u0000b')] }));
    await refused(tree({ where: [{ kind: 'logic', op: 'or', negated: false, children: [] }] }));
    await refused(tree({ where: [{ kind: 'logic', op: 'xor', negated: false, children: [filter('eq', 'x')] }] }));
    await refused(tree({ limit: -1 }));
    await refused(tree({ limit: 1.5 }));
    await refused(tree({ offset: 1_000_000_000 }));
    await refused(tree({ order: [{ column: 'x'.repeat(129), desc: false, nulls: undefined }] }));
    // Only first/last: a NULLS value is written as a keyword, so anything else must be refused before SQL is built.
    await refused(tree({ order: [{ column: 'id', desc: false, nulls: 'last, (select pg_sleep(5))' }] }));
    await refused(tree({ order: [{ column: 'id', desc: 'desc', nulls: undefined }] }));
    await refused(tree({}, { columns: [''] }));
    await refused(tree({}, { select: [{ kind: 'field', name: '', alias: undefined }] }));
  });

  it('lets a well-formed tree through to the data API (which then needs its deps)', async () => {
    const err = await callDataApiTyped(noDeps, call(tree({ where: [filter('is', 'null'), filter('in', ['a', 'b'])], limit: 10, offset: 0 }))).catch(
      (e: unknown) => e,
    );
    expect(err).not.toBeInstanceOf(PgrstError);
  });
});
