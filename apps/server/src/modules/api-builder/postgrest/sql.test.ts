/**
 * Grammar → plan → SQL on both dialects, without any database: PostgREST-style requests parsed (grammar.ts), planned
 * against an introspected schema held in memory (read.ts), and written as SQL text with its parameters
 * (sql.ts, read.ts, write.ts through engines/dialect.ts). What the SQL returns is checked against real PostgreSQL and
 * MariaDB by postgrest-conformance.test.ts; this file pins what is sent.
 */
import { describe, expect, it } from 'vitest';
import type { TTableInfo } from '../engines/engine.ts';
import { dialectOf, mysqlDialect, postgresDialect, type TDialect, type TDialectKind } from '../engines/dialect.ts';
import { PgrstError } from './errors.ts';
import { parsePrefer, prepareQuery } from './handler.ts';
import { childWindow, countSql, embedSql, RESPONSE_MAX_ROWS, rootSql, type TPlan } from './read.ts';
import { keysInSql, type TPublishedSchema } from './sql.ts';
import { int, join, param, raw, render, sql, type Sql } from './sql-fragment.ts';
import { deleteSql, insertSql, lockedKeysSql, updateSql } from './write.ts';

/** authors 1—n books (books.author_id → authors.id); booleans are TINYINT(1) on MySQL. */
function library(kind: TDialectKind): TPublishedSchema {
  const bool = kind === 'mysql' ? 'tinyint(1)' : 'boolean';
  const c = (name: string, type: string, position: number, nullable = true) => ({ name, type, nullable, hasDefault: name === 'id', position });
  const authors: TTableInfo = {
    name: 'authors',
    kind: 'table',
    columns: [c('id', 'integer', 1, false), c('name', 'text', 2, false), c('age', 'integer', 3), c('city', 'text', 4), c('active', bool, 5)],
    primaryKey: ['id'],
    foreignKeys: [],
  };
  const books: TTableInfo = {
    name: 'books',
    kind: 'table',
    columns: [c('id', 'integer', 1, false), c('title', 'text', 2, false), c('author_id', 'integer', 3), c('tags', 'text', 4), c('주문 번호', 'integer', 5)],
    primaryKey: ['id'],
    foreignKeys: [{ name: 'books_author_fk', columns: ['author_id'], refTable: 'authors', refColumns: ['id'] }],
  };
  const editions: TTableInfo = {
    name: 'editions',
    kind: 'table',
    columns: [c('book_id', 'integer', 1, false), c('year', 'integer', 2, false), c('isbn', 'text', 3)],
    primaryKey: ['book_id', 'year'],
    foreignKeys: [{ name: 'editions_book_fk', columns: ['book_id'], refTable: 'books', refColumns: ['id'] }],
  };
  return { tables: new Map([authors, books, editions].map((t) => [t.name, t])) };
}

const entries = (qs: string): [string, string][] => [...new URLSearchParams(qs).entries()];
const prepare = (kind: TDialectKind, table: string, qs: string) => prepareQuery({ schema: library(kind) }, table, entries(qs));
const text = (d: TDialect, s: Sql) => render(s, d.placeholder);
const ROW_CAP = 1000;

/** The root SELECT a GET sends (limit/offset as the handler passes them without a Range header). */
function getSql(kind: TDialectKind, table: string, qs: string) {
  const d = dialectOf(kind);
  const { plan } = prepare(kind, table, qs);
  return text(d, rootSql(d, plan, plan.options.limit, plan.options.offset ?? 0, ROW_CAP));
}

type TExample = { qs: string; table?: string; pg: [string, unknown[]]; my: [string, unknown[]] };

/** GET examples in PostgREST's own words, with the statement each dialect sends. */
const reads: Record<string, TExample> = {
  'every column, capped at the row cap': {
    qs: '',
    pg: ['SELECT t0."id", t0."name", t0."age", t0."city", t0."active" FROM "authors" t0 LIMIT 1000', []],
    my: ['SELECT t0.`id`, t0.`name`, t0.`age`, t0.`city`, t0.`active` FROM `authors` t0 LIMIT 1000', []],
  },
  'select, filter, logic tree, order with nulls, limit': {
    qs: 'select=id,name,books(title)&age=gte.18&or=(name.eq.kim,city.is.null)&order=name.desc.nullslast&limit=10',
    pg: [
      'SELECT t0."id", t0."name" FROM "authors" t0 WHERE t0."age" >= $1 AND (t0."name" = $2 OR t0."city" IS NULL) ORDER BY t0."name" DESC NULLS LAST LIMIT 10',
      ['18', 'kim'],
    ],
    my: [
      'SELECT t0.`id`, t0.`name` FROM `authors` t0 WHERE t0.`age` >= ? AND (t0.`name` = ? OR t0.`city` IS NULL) ORDER BY (t0.`name` IS NULL) ASC, t0.`name` DESC LIMIT 10',
      ['18', 'kim'],
    ],
  },
  'like with * as %': {
    qs: 'select=id&name=like.*abc*',
    pg: ['SELECT t0."id" FROM "authors" t0 WHERE t0."name"::text LIKE $1 LIMIT 1000', ['%abc%']],
    my: ['SELECT t0.`id` FROM `authors` t0 WHERE t0.`name` LIKE BINARY ? LIMIT 1000', ['%abc%']],
  },
  'ilike, negated': {
    qs: 'select=id&name=not.ilike.K*',
    pg: ['SELECT t0."id" FROM "authors" t0 WHERE NOT (t0."name"::text ILIKE $1) LIMIT 1000', ['K%']],
    my: ['SELECT t0.`id` FROM `authors` t0 WHERE NOT (LOWER(t0.`name`) LIKE LOWER(?)) LIMIT 1000', ['K%']],
  },
  'in with a quoted value holding a comma; empty in': {
    qs: 'select=id&city=in.(Seoul,"Busan, KR")&id=in.()',
    pg: ['SELECT t0."id" FROM "authors" t0 WHERE t0."city" IN ($1, $2) AND 1=0 LIMIT 1000', ['Seoul', 'Busan, KR']],
    my: ['SELECT t0.`id` FROM `authors` t0 WHERE t0.`city` IN (?, ?) AND 1=0 LIMIT 1000', ['Seoul', 'Busan, KR']],
  },
  'boolean filter (MySQL binds 0/1), is not null': {
    qs: 'select=id&active=eq.true&city=not.is.null',
    pg: ['SELECT t0."id" FROM "authors" t0 WHERE t0."active" = $1 AND t0."city" IS NOT NULL LIMIT 1000', ['true']],
    my: ['SELECT t0.`id` FROM `authors` t0 WHERE t0.`active` = ? AND t0.`city` IS NOT NULL LIMIT 1000', [1]],
  },
  'nested and negated logic': {
    qs: 'select=id&not.and=(age.lt.20,or(city.eq.Seoul,city.eq.Busan))',
    pg: ['SELECT t0."id" FROM "authors" t0 WHERE NOT (t0."age" < $1 AND (t0."city" = $2 OR t0."city" = $3)) LIMIT 1000', ['20', 'Seoul', 'Busan']],
    my: ['SELECT t0.`id` FROM `authors` t0 WHERE NOT (t0.`age` < ? AND (t0.`city` = ? OR t0.`city` = ?)) LIMIT 1000', ['20', 'Seoul', 'Busan']],
  },
  'order: default nulls, nullsfirst, two columns': {
    qs: 'select=id&order=age.desc,name.nullsfirst',
    pg: ['SELECT t0."id" FROM "authors" t0 ORDER BY t0."age" DESC NULLS FIRST, t0."name" ASC NULLS FIRST LIMIT 1000', []],
    my: ['SELECT t0.`id` FROM `authors` t0 ORDER BY (t0.`age` IS NULL) DESC, t0.`age` DESC, (t0.`name` IS NULL) DESC, t0.`name` ASC LIMIT 1000', []],
  },
  'offset; a limit above the row cap is the row cap': {
    qs: 'select=id&limit=5000&offset=20',
    pg: ['SELECT t0."id" FROM "authors" t0 LIMIT 1000 OFFSET 20', []],
    my: ['SELECT t0.`id` FROM `authors` t0 LIMIT 1000 OFFSET 20', []],
  },
  'to-one embed reads its join column; aliases stay out of SQL': {
    table: 'books',
    qs: 'select=title,writer:authors(name)',
    pg: ['SELECT t0."title", t0."author_id" FROM "books" t0 LIMIT 1000', []],
    my: ['SELECT t0.`title`, t0.`author_id` FROM `books` t0 LIMIT 1000', []],
  },
  '!inner embed filters the parent with EXISTS': {
    table: 'books',
    qs: 'select=id,authors!inner(name)&authors.city=eq.Seoul',
    pg: [
      'SELECT t0."id", t0."author_id" FROM "books" t0 WHERE EXISTS (SELECT 1 FROM "authors" t1 WHERE t1."id" = t0."author_id" AND t1."city" = $1) LIMIT 1000',
      ['Seoul'],
    ],
    my: [
      'SELECT t0.`id`, t0.`author_id` FROM `books` t0 WHERE EXISTS (SELECT 1 FROM `authors` t1 WHERE t1.`id` = t0.`author_id` AND t1.`city` = ?) LIMIT 1000',
      ['Seoul'],
    ],
  },
  'a Korean column name with a space, quoted in the URL': {
    table: 'books',
    qs: 'select="주문 번호"&"주문 번호"=gt.3',
    pg: ['SELECT t0."주문 번호" FROM "books" t0 WHERE t0."주문 번호" > $1 LIMIT 1000', ['3']],
    my: ['SELECT t0.`주문 번호` FROM `books` t0 WHERE t0.`주문 번호` > ? LIMIT 1000', ['3']],
  },
  'an injection attempt stays a value': {
    qs: "select=id&name=eq.x' OR '1'='1",
    pg: ['SELECT t0."id" FROM "authors" t0 WHERE t0."name" = $1 LIMIT 1000', ["x' OR '1'='1"]],
    my: ['SELECT t0.`id` FROM `authors` t0 WHERE t0.`name` = ? LIMIT 1000', ["x' OR '1'='1"]],
  },
};

describe('GET: grammar → plan → SQL', () => {
  for (const [name, ex] of Object.entries(reads)) {
    it(`${name} (PostgreSQL)`, () => expect(getSql('postgres', ex.table ?? 'authors', ex.qs)).toEqual({ text: ex.pg[0], values: ex.pg[1] }));
    it(`${name} (MySQL/MariaDB)`, () => expect(getSql('mysql', ex.table ?? 'authors', ex.qs)).toEqual({ text: ex.my[0], values: ex.my[1] }));
  }

  it('plans the select, the embeds and the per-resource options', () => {
    const { parsed, plan } = prepare(
      'postgres',
      'authors',
      'select=id,name,books(title)&age=gte.18&or=(name.eq.kim,city.is.null)&order=name.desc.nullslast&limit=10&books.limit=2',
    );
    expect(parsed.select).toEqual([
      { kind: 'field', name: 'id', alias: undefined },
      { kind: 'field', name: 'name', alias: undefined },
      { kind: 'embed', relation: 'books', alias: undefined, hint: undefined, inner: false, select: [{ kind: 'field', name: 'title', alias: undefined }] },
    ]);
    expect(plan.fields).toEqual([
      { key: 'id', column: 'id' },
      { key: 'name', column: 'name' },
    ]);
    expect(plan.options).toEqual({
      where: [
        { kind: 'filter', column: 'age', op: 'gte', negated: false, value: '18' },
        {
          kind: 'logic',
          op: 'or',
          negated: false,
          children: [
            { kind: 'filter', column: 'name', op: 'eq', negated: false, value: 'kim' },
            { kind: 'filter', column: 'city', op: 'is', negated: false, value: 'null' },
          ],
        },
      ],
      order: [{ column: 'name', desc: true, nulls: 'last' }],
      limit: 10,
      offset: undefined,
    });
    const [books] = plan.embeds;
    expect(books).toMatchObject({ key: 'books', path: 'books', inner: false, relation: { cardinality: 'many', localCols: ['id'], remoteCols: ['author_id'] } });
    expect(books!.plan.fields).toEqual([{ key: 'title', column: 'title' }]);
    expect(books!.plan.options.limit).toBe(2);
  });

  it('MySQL: an offset without a limit gets the largest LIMIT (OFFSET needs one)', () => {
    const { plan } = prepare('mysql', 'authors', 'select=id&offset=5');
    expect(text(mysqlDialect, rootSql(mysqlDialect, plan, undefined, 5, Number.MAX_SAFE_INTEGER))).toEqual({
      text: `SELECT t0.\`id\` FROM \`authors\` t0 LIMIT ${Number.MAX_SAFE_INTEGER} OFFSET 5`,
      values: [],
    });
    expect(mysqlDialect.limitOffset(undefined, 5)).toEqual(raw(' LIMIT 18446744073709551615 OFFSET 5'));
    expect(postgresDialect.limitOffset(undefined, 5)).toEqual(raw(' OFFSET 5'));
  });

  it('counts with the root filters only (Prefer: count=exact), and asks the planner for count=planned', () => {
    for (const [d, pg] of [
      [postgresDialect, true],
      [mysqlDialect, false],
    ] as const) {
      const { plan } = prepare(d.kind, 'authors', 'select=id&age=gt.30&order=id&limit=5');
      const q = pg ? '"' : '`';
      expect(text(d, countSql(d, plan))).toEqual({
        text: `SELECT COUNT(*) AS n FROM ${q}authors${q} t0 WHERE t0.${q}age${q} > ${pg ? '$1' : '?'}`,
        values: ['30'],
      });
      expect(text(d, d.explain(sql`SELECT 1`)).text).toBe(pg ? 'EXPLAIN (FORMAT JSON) SELECT 1' : 'EXPLAIN SELECT 1');
    }
    expect(postgresDialect.plannedRows([{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': 41.6 } }] }])).toBe(42);
    expect(postgresDialect.plannedRows([{ 'QUERY PLAN': '[{"Plan":{"Plan Rows":7}}]' }])).toBe(7);
    expect(mysqlDialect.plannedRows([{ rows: '12' }])).toBe(12);
    expect(mysqlDialect.plannedRows([{ rows: null }])).toBeNull();
  });

  it('refuses what is outside the grammar or the schema, instead of writing SQL', () => {
    const refused = (qs: string) => {
      try {
        getSql('postgres', 'books', qs);
      } catch (e) {
        return e instanceof PgrstError ? [e.status, e.code] : e;
      }
      return 'accepted';
    };
    expect(refused('tags=cs.{a,b}')).toEqual([400, 'PGRST100']); // array operators are not in the grammar
    expect(refused('title=fts.cat')).toEqual([400, 'PGRST100']);
    expect(refused('select=id::text')).toEqual([400, 'PGRST100']);
    expect(refused('select=id&nope=eq.1')).toEqual([400, '42703']);
    expect(refused('select=id,publishers(name)')).toEqual([400, 'PGRST200']);
    expect(refused('limit=-1')).toEqual([400, 'PGRST100']);
    expect(refused('select=id;drop table books')).toEqual([400, 'PGRST100']);
  });
});

/** Rows of the parents whose children an embed reads. */
function embed(kind: TDialectKind, table: string, qs: string, tuples: unknown[][], rowCap = ROW_CAP, budget = RESPONSE_MAX_ROWS) {
  const d = dialectOf(kind);
  const { plan } = prepare(kind, table, qs);
  return text(d, embedSql(d, plan.embeds[0]!, tuples, rowCap, budget));
}

describe('embeds: one statement per level, children capped and numbered per parent', () => {
  it('to-many, in key order without an order of its own (PostgreSQL)', () => {
    expect(embed('postgres', 'authors', 'select=id,books(title)', [[1], [2]])).toEqual({
      text:
        'SELECT s."title", s."author_id" FROM (SELECT t0."title", t0."author_id", ROW_NUMBER() OVER (PARTITION BY t0."author_id" ORDER BY t0."id") AS suite_embed_rn_ ' +
        'FROM "books" t0 WHERE t0."author_id" IN ($1, $2)) s WHERE s.suite_embed_rn_ > 0 AND s.suite_embed_rn_ <= 1000 ORDER BY s.suite_embed_rn_ LIMIT 50001',
      values: [1, 2],
    });
  });

  it("to-many with its own filter, order, limit and offset (MySQL/MariaDB), within the response's remaining rows", () => {
    expect(
      embed('mysql', 'authors', 'select=id,books(title)&books.title=like.A*&books.order=title.desc&books.limit=3&books.offset=1', [[7]], ROW_CAP, 99),
    ).toEqual({
      text:
        'SELECT s.`title`, s.`author_id` FROM (SELECT t0.`title`, t0.`author_id`, ROW_NUMBER() OVER (PARTITION BY t0.`author_id` ORDER BY (t0.`title` IS NULL) DESC, t0.`title` DESC) AS suite_embed_rn_ ' +
        'FROM `books` t0 WHERE t0.`author_id` IN (?) AND t0.`title` LIKE BINARY ?) s WHERE s.suite_embed_rn_ > 1 AND s.suite_embed_rn_ <= 4 ORDER BY s.suite_embed_rn_ LIMIT 100',
      values: [7, 'A%'],
    });
  });

  it('to-one is a plain select of the parents', () => {
    expect(embed('postgres', 'books', 'select=id,authors(name)', [[3]])).toEqual({
      text: 'SELECT t0."name", t0."id" FROM "authors" t0 WHERE t0."id" IN ($1) LIMIT 50001',
      values: [3],
    });
  });

  it('a composite key is matched pair by pair', () => {
    const d = postgresDialect;
    expect(
      text(
        d,
        keysInSql(
          d,
          't0',
          ['book_id', 'year'],
          [
            [1, 2020],
            [1, 2021],
          ],
        ),
      ),
    ).toEqual({
      text: '((t0."book_id" = $1 AND t0."year" = $2) OR (t0."book_id" = $3 AND t0."year" = $4))',
      values: [1, 2020, 1, 2021],
    });
    expect(text(d, keysInSql(d, 't0', ['id'], []))).toEqual({ text: '1=0', values: [] });
  });

  it('the cap is one rule: the row cap per parent, lowered by the embed limit, shifted by its offset', () => {
    const opts = (limit?: number, offset?: number) => ({ where: [], order: [], limit, offset });
    expect(childWindow(opts(), 1000)).toEqual({ from: 0, to: 1000 });
    expect(childWindow(opts(5000), 1000)).toEqual({ from: 0, to: 1000 });
    expect(childWindow(opts(3, 10), 1000)).toEqual({ from: 10, to: 13 });
    expect(childWindow(opts(undefined, 10), 50)).toEqual({ from: 10, to: 60 });
    expect(childWindow(opts(undefined, 10), Number.MAX_SAFE_INTEGER)).toEqual({ from: 10, to: Number.MAX_SAFE_INTEGER });
    // The same window is what the statement keeps, on both dialects.
    for (const kind of ['postgres', 'mysql'] as const) {
      expect(embed(kind, 'authors', 'select=id,books(id)&books.offset=10', [[1]], 50).text).toContain('s.suite_embed_rn_ > 10 AND s.suite_embed_rn_ <= 60');
    }
  });
});

describe('writes: the statement each dialect sends', () => {
  const authors = (kind: TDialectKind) => library(kind).tables.get('authors')!;
  const planOf = (kind: TDialectKind, qs: string): TPlan => prepare(kind, 'authors', qs).plan;
  const resolution = (prefer: string): 'merge' | 'ignore' | undefined => {
    const r = parsePrefer(prefer).get('resolution');
    return r === 'merge-duplicates' ? 'merge' : r === 'ignore-duplicates' ? 'ignore' : undefined;
  };

  it('insert: columns from the rows, a missing key is NULL (or DEFAULT with Prefer: missing=default)', () => {
    const rows = [
      { id: 1, name: 'a' },
      { name: 'b', city: 'Seoul' },
    ];
    const opts = { columns: undefined, onConflict: undefined, resolution: undefined, missingDefault: false };
    expect(text(postgresDialect, insertSql(postgresDialect, authors('postgres'), rows, opts).statement)).toEqual({
      text: 'INSERT INTO "authors" ("id", "name", "city") VALUES ($1, $2, NULL), (NULL, $3, $4) RETURNING "id"',
      values: [1, 'a', 'b', 'Seoul'],
    });
    expect(text(mysqlDialect, insertSql(mysqlDialect, authors('mysql'), rows, { ...opts, missingDefault: true }).statement)).toEqual({
      text: 'INSERT INTO `authors` (`id`, `name`, `city`) VALUES (?, ?, DEFAULT), (DEFAULT, ?, ?)',
      values: [1, 'a', 'b', 'Seoul'],
    });
  });

  it('Prefer: resolution=merge-duplicates (upsert on the primary key or on_conflict)', () => {
    const rows = [{ id: 1, name: 'a', city: { nested: true } }];
    const opts = { columns: undefined, onConflict: ['id'], resolution: resolution('resolution=merge-duplicates'), missingDefault: false };
    expect(text(postgresDialect, insertSql(postgresDialect, authors('postgres'), rows, opts).statement)).toEqual({
      text: 'INSERT INTO "authors" ("id", "name", "city") VALUES ($1, $2, $3) ON CONFLICT ("id") DO UPDATE SET "name" = EXCLUDED."name", "city" = EXCLUDED."city" RETURNING "id"',
      values: [1, 'a', '{"nested":true}'],
    });
    expect(text(mysqlDialect, insertSql(mysqlDialect, authors('mysql'), rows, opts).statement)).toEqual({
      text: 'INSERT INTO `authors` (`id`, `name`, `city`) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE `name` = VALUES(`name`), `city` = VALUES(`city`)',
      values: [1, 'a', '{"nested":true}'],
    });
  });

  it('Prefer: resolution=ignore-duplicates', () => {
    const rows = [{ id: 1 }];
    const opts = { columns: undefined, onConflict: ['id'], resolution: resolution('resolution=ignore-duplicates'), missingDefault: false };
    expect(text(postgresDialect, insertSql(postgresDialect, authors('postgres'), rows, opts).statement).text).toBe(
      'INSERT INTO "authors" ("id") VALUES ($1) ON CONFLICT ("id") DO NOTHING RETURNING "id"',
    );
    expect(text(mysqlDialect, insertSql(mysqlDialect, authors('mysql'), rows, opts).statement).text).toBe('INSERT IGNORE INTO `authors` (`id`) VALUES (?)');
  });

  it('insert refuses an unknown column and a body without columns', () => {
    const opts = { columns: undefined, onConflict: undefined, resolution: undefined, missingDefault: false };
    expect(() => insertSql(postgresDialect, authors('postgres'), [{ nope: 1 }], opts)).toThrow(PgrstError);
    expect(() => insertSql(postgresDialect, authors('postgres'), [{}], opts)).toThrow(PgrstError);
  });

  it('update: PostgreSQL returns the keys, MySQL qualifies the SET target (keys locked first)', () => {
    const body = { name: 'b', age: 3 };
    expect(text(postgresDialect, updateSql(postgresDialect, planOf('postgres', 'id=eq.1'), body).statement)).toEqual({
      text: 'UPDATE "authors" t0 SET "name" = $1, "age" = $2 WHERE t0."id" = $3 RETURNING t0."id"',
      values: ['b', 3, '1'],
    });
    expect(text(mysqlDialect, updateSql(mysqlDialect, planOf('mysql', 'id=eq.1'), body).statement)).toEqual({
      text: 'UPDATE `authors` t0 SET t0.`name` = ?, t0.`age` = ? WHERE t0.`id` = ?',
      values: ['b', 3, '1'],
    });
    expect(text(mysqlDialect, lockedKeysSql(mysqlDialect, planOf('mysql', 'city=eq.Seoul')))).toEqual({
      text: 'SELECT t0.`id` FROM `authors` t0 WHERE t0.`city` = ? FOR UPDATE',
      values: ['Seoul'],
    });
  });

  it('delete', () => {
    expect(text(postgresDialect, deleteSql(postgresDialect, planOf('postgres', 'age=lt.18')))).toEqual({
      text: 'DELETE FROM "authors" t0 WHERE t0."age" < $1',
      values: ['18'],
    });
    expect(text(mysqlDialect, deleteSql(mysqlDialect, planOf('mysql', 'age=lt.18')))).toEqual({
      text: 'DELETE t0 FROM `authors` t0 WHERE t0.`age` < ?',
      values: ['18'],
    });
  });
});

describe('dialect and fragments', () => {
  it('quotes identifiers by doubling the quote character', () => {
    expect(postgresDialect.quote('a"b')).toBe('"a""b"');
    expect(mysqlDialect.quote('a`b')).toBe('`a``b`');
  });

  it('numbers placeholders in text order across composed fragments', () => {
    const a = sql`a = ${1}`;
    const b = join([sql`b = ${'x'}`, raw('c IS NULL'), param(null)], ' AND ');
    const s = sql`WHERE ${a} AND ${b} LIMIT 3`;
    expect(render(s, postgresDialect.placeholder)).toEqual({ text: 'WHERE a = $1 AND b = $2 AND c IS NULL AND $3 LIMIT 3', values: [1, 'x', null] });
    expect(render(s, mysqlDialect.placeholder)).toEqual({ text: 'WHERE a = ? AND b = ? AND c IS NULL AND ? LIMIT 3', values: [1, 'x', null] });
  });

  it('writes only non-negative integers into the text', () => {
    expect(render(sql`LIMIT ${int(10)}`, postgresDialect.placeholder)).toEqual({ text: 'LIMIT 10', values: [] });
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) expect(() => int(bad)).toThrow(TypeError);
    expect(() => postgresDialect.limitOffset(10, 0.5)).toThrow(TypeError);
    expect(() => mysqlDialect.limitOffset(-3, undefined)).toThrow(TypeError);
  });

  it('an object that looks like a fragment is still a value', () => {
    const s = sql`x = ${{ strings: ['DROP TABLE t'], values: [] }}`;
    expect(render(s, postgresDialect.placeholder)).toEqual({ text: 'x = $1', values: [{ strings: ['DROP TABLE t'], values: [] }] });
  });
});
