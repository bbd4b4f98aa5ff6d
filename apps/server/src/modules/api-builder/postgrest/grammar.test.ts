/** The examples in grammar.ts's doc comments, as tests (no database). */
import { describe, expect, it } from 'vitest';
import { PgrstError } from './errors.ts';
import { parseFilterValue, parseLogic, parseOrder, parseQuery, parseSelect, splitTop } from './grammar.ts';

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof PgrstError) return `${e.status} ${e.code}`;
    throw e;
  }
  return 'accepted';
};

const field = (name: string, alias?: string) => ({ kind: 'field', name, alias });
const filter = (column: string, op: string, value: unknown, negated = false) => ({ kind: 'filter', column, op, negated, value });

describe('grammar (PostgREST query parameters)', () => {
  it('splitTop', () => {
    expect(splitTop('id,name,author(name,age)')).toEqual(['id', 'name', 'author(name,age)']);
    expect(splitTop('a.eq.1,b.in.("x,y",z)')).toEqual(['a.eq.1', 'b.in.("x,y",z)']);
    expect(code(() => splitTop('a,(b'))).toBe('400 PGRST100');
  });

  it('parseSelect', () => {
    expect(parseSelect('id,name')).toEqual([field('id'), field('name')]);
    expect(parseSelect('key:id')).toEqual([field('id', 'key')]);
    expect(parseSelect('author(name)')).toEqual([
      { kind: 'embed', relation: 'author', alias: undefined, hint: undefined, inner: false, select: [field('name')] },
    ]);
    expect(parseSelect('w:author!books_author_fk!inner(*)')).toEqual([
      { kind: 'embed', relation: 'author', alias: 'w', hint: 'books_author_fk', inner: true, select: [{ kind: 'star' }] },
    ]);
    expect(parseSelect('author()')).toEqual([
      { kind: 'embed', relation: 'author', alias: undefined, hint: undefined, inner: false, select: [{ kind: 'star' }] },
    ]);
    expect(code(() => parseSelect('id::text'))).toBe('400 PGRST100');
    expect(code(() => parseSelect('data->a'))).toBe('400 PGRST100');
    expect(parseSelect('이름,"주문 번호"')).toEqual([field('이름'), field('주문 번호')]);
  });

  it('parseFilterValue', () => {
    expect(parseFilterValue('age', 'gte.18')).toEqual(filter('age', 'gte', '18'));
    expect(parseFilterValue('name', 'like.*abc*')).toEqual(filter('name', 'like', '*abc*'));
    expect(parseFilterValue('id', 'not.in.(1,"2,3")')).toEqual(filter('id', 'in', ['1', '2,3'], true));
    expect(parseFilterValue('b', 'is.NULL')).toEqual(filter('b', 'is', 'null'));
    expect(code(() => parseFilterValue('tags', 'cs.{a,b}'))).toBe('400 PGRST100');
    expect(code(() => parseFilterValue('a', 'eq'))).toBe('400 PGRST100');
    expect(code(() => parseFilterValue('a', 'is.maybe'))).toBe('400 PGRST100');
  });

  it('parseLogic', () => {
    expect(parseLogic('or', false, '(a.eq.1,b.is.null)')).toEqual({
      kind: 'logic',
      op: 'or',
      negated: false,
      children: [filter('a', 'eq', '1'), filter('b', 'is', 'null')],
    });
    expect(parseLogic('and', true, '(a.gt.2,or(b.eq.1,not.and(c.eq.1,d.eq.2)))')).toEqual({
      kind: 'logic',
      op: 'and',
      negated: true,
      children: [
        filter('a', 'gt', '2'),
        {
          kind: 'logic',
          op: 'or',
          negated: false,
          children: [filter('b', 'eq', '1'), { kind: 'logic', op: 'and', negated: true, children: [filter('c', 'eq', '1'), filter('d', 'eq', '2')] }],
        },
      ],
    });
    expect(code(() => parseLogic('or', false, 'a.eq.1'))).toBe('400 PGRST100');
  });

  it('parseOrder', () => {
    expect(parseOrder('name.desc.nullslast,id')).toEqual([
      { column: 'name', desc: true, nulls: 'last' },
      { column: 'id', desc: false, nulls: undefined },
    ]);
    expect(code(() => parseOrder('name.sideways'))).toBe('400 PGRST100');
  });

  it('parseQuery', () => {
    const q = parseQuery([
      ['select', 'id,books(title)'],
      ['age', 'gte.18'],
      ['books.limit', '2'],
    ]);
    expect(q.select).toEqual([field('id'), { kind: 'embed', relation: 'books', alias: undefined, hint: undefined, inner: false, select: [field('title')] }]);
    expect(Object.fromEntries(q.resources)).toEqual({
      '': { where: [filter('age', 'gte', '18')], order: [], limit: undefined, offset: undefined },
      books: { where: [], order: [], limit: 2, offset: undefined },
    });
    expect(
      parseQuery([
        ['on_conflict', 'email'],
        ['columns', 'email,name'],
      ]),
    ).toMatchObject({ onConflict: ['email'], columns: ['email', 'name'] });
    expect(code(() => parseQuery([['limit', '-1']]))).toBe('400 PGRST100');
    expect(code(() => parseQuery([['books.select', 'x']]))).toBe('400 PGRST100');
  });
});
