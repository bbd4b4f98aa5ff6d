/** The admin builder's queries as the data API's tree: values and names pass as they are, with no PostgREST spelling. */
import { describe, expect, it } from 'vitest';
import type { TTableInfo } from '../api-builder/data-api.service.ts';
import { defaultSettings, type TAppCtx } from './admin-builder.columns.ts';
import { filterConditions, keyFilter, keysFilter, orderOf, treeOf } from './admin-builder.query.ts';
import type { TAdminAppRow } from './admin-builder.repository.ts';

const col = (name: string, type: string, position: number) => ({ name, type, nullable: true, hasDefault: false, position });
const people: TTableInfo = {
  name: 'people',
  kind: 'table',
  primaryKey: ['id'],
  foreignKeys: [{ name: 'people_team_fk', columns: ['team.id'], refTable: 'teams', refColumns: ['id'] }],
  columns: [col('id', 'integer', 1), col('이름', 'varchar(50)', 2), col('team.id', 'integer', 3), col('note, etc', 'text', 4), col('secret', 'text', 5)],
};
const teams: TTableInfo = { name: 'teams', kind: 'table', primaryKey: ['id'], foreignKeys: [], columns: [col('id', 'integer', 1), col('name', 'text', 2)] };
const settings = { ...defaultSettings(people), listColumns: ['id', '이름', 'note, etc'] };
const ctx: TAppCtx = {
  app: { id: 'app' } as TAdminAppRow,
  role: 'admin',
  engine: 'postgres',
  connectionName: 'test',
  rowCap: 100,
  tables: new Map([
    ['people', people],
    ['teams', teams],
  ]),
  settings: new Map([
    ['people', settings],
    ['teams', defaultSettings(teams)],
  ]),
};
const f = (column: string, op: string, value: string | string[], negated = false) => ({ kind: 'filter', column, op, negated, value });

describe('admin builder queries as trees', () => {
  it('searches the visible text columns and a numeric key, with the term as typed (quotes, commas, parentheses kept)', () => {
    expect(filterConditions(ctx, people, { q: ' "a,b" (c) ' })).toEqual([
      { kind: 'logic', op: 'or', negated: false, children: [f('이름', 'ilike', '*"a,b" (c)*'), f('note, etc', 'ilike', '*"a,b" (c)*')] },
    ]);
    expect(filterConditions(ctx, people, { q: '42' })).toEqual([
      { kind: 'logic', op: 'or', negated: false, children: [f('이름', 'ilike', '*42*'), f('note, etc', 'ilike', '*42*'), f('id', 'eq', '42')] },
    ]);
    // A `*` typed in the search is not a wildcard.
    expect(filterConditions(ctx, people, { q: 'a*b' })).toEqual([
      { kind: 'logic', op: 'or', negated: false, children: [f('이름', 'ilike', '*ab*'), f('note, etc', 'ilike', '*ab*')] },
    ]);
  });

  it('turns column filters into conditions; a hidden foreign key (with a dot in its name) by equality only', () => {
    expect(filterConditions(ctx, people, { 'f.이름': ['eq:"김"', 'contains:민'], 'f.note, etc': 'in:a,"b"', 'f.id': 'gte:3', 'f.team.id': 'eq:7' })).toEqual([
      f('이름', 'eq', '"김"'),
      f('이름', 'ilike', '*민*'),
      f('note, etc', 'in', ['a', '"b"']),
      f('id', 'gte', '3'),
      f('team.id', 'eq', '7'),
    ]);
    expect(filterConditions(ctx, people, { 'f.이름': 'not:null' })).toEqual([f('이름', 'is', 'null', true)]);
    expect(() => filterConditions(ctx, people, { 'f.team.id': 'gte:1' })).toThrow();
    expect(() => filterConditions(ctx, people, { 'f.secret': 'eq:x' })).toThrow();
    expect(() => filterConditions(ctx, people, { 'f.id': 'eq:1 or 1=1' })).toThrow();
  });

  it('orders by a visible column or the default, then the key; addresses rows by their keys', () => {
    expect(orderOf(ctx, people, 'note, etc.desc')).toEqual([
      { column: 'note, etc', desc: true, nulls: undefined },
      { column: 'id', desc: false, nulls: undefined },
    ]);
    expect(orderOf(ctx, people, 'secret.asc')).toEqual([{ column: 'id', desc: false, nulls: undefined }]);
    expect(keyFilter(people, '["a\\"b"]')).toEqual([f('id', 'eq', 'a"b')]);
    expect(keysFilter(people, ['[1]', '[2]', '[1]'])).toEqual([f('id', 'in', ['1', '2'])]);
    const pair: TTableInfo = { ...people, primaryKey: ['id', '이름'] };
    expect(keysFilter(pair, ['[1,"가"]', '[2,"나"]'])).toEqual([
      {
        kind: 'logic',
        op: 'or',
        negated: false,
        children: [
          { kind: 'logic', op: 'and', negated: false, children: [f('id', 'eq', '1'), f('이름', 'eq', '가')] },
          { kind: 'logic', op: 'and', negated: false, children: [f('id', 'eq', '2'), f('이름', 'eq', '나')] },
        ],
      },
    ]);
    expect(() => keyFilter(people, 'not json')).toThrow();
  });

  it('is the tree the grammar would have parsed', () => {
    const tree = treeOf({
      select: ['id', '이름'],
      where: [f('id', 'eq', '1') as never],
      order: [{ column: 'id', desc: false, nulls: undefined }],
      limit: 25,
      offset: 50,
    });
    expect(tree.select).toEqual([
      { kind: 'field', alias: undefined, name: 'id' },
      { kind: 'field', alias: undefined, name: '이름' },
    ]);
    expect([...tree.resources.entries()]).toEqual([
      ['', { where: [f('id', 'eq', '1')], order: [{ column: 'id', desc: false, nulls: undefined }], limit: 25, offset: 50 }],
    ]);
    expect(treeOf({}).select).toEqual([{ kind: 'star' }]);
  });
});
