/**
 * Prepared statements for repeated reads (decision 076): a text is named on its second sight, up to a bound; a text
 * whose prepared plan PostgreSQL refuses runs unnamed from then on, and a pooler that drops prepared statements turns
 * naming off for the engine — the read retried once, unnamed, either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerDb, type TCustomerDb } from '../testing/api-builder-kit.ts';
import type { TEngine } from './engine.ts';
import { openPgEngine, statementNames } from './pg-engine.ts';

describe('statementNames', () => {
  it('names a text on its second sight, with a stable name', () => {
    const names = statementNames();
    expect(names.nameOf('SELECT 1')).toBeUndefined();
    const name = names.nameOf('SELECT 1');
    expect(name).toMatch(/^suite_[\w-]{32}$/);
    expect(names.nameOf('SELECT 1')).toBe(name);
    expect(names.nameOf('SELECT 1')).toBe(name);
    // The name comes from the text: another engine names it the same.
    const other = statementNames();
    other.nameOf('SELECT 1');
    expect(other.nameOf('SELECT 1')).toBe(name);
  });

  it('gives different texts different names', () => {
    const names = statementNames();
    const texts = ['SELECT 1', 'SELECT 2', 'SELECT 1 ', 'select 1', 'SELECT id FROM t WHERE id = $1', 'SELECT id FROM t WHERE id = $2'];
    for (const t of texts) names.nameOf(t);
    const got = texts.map((t) => names.nameOf(t));
    expect(got.every((n) => typeof n === 'string')).toBe(true);
    expect(new Set(got).size).toBe(texts.length);
  });

  it('names at most `max` texts; the ones named keep their names', () => {
    const names = statementNames(3);
    const named = ['a', 'b', 'c'].map((t) => (names.nameOf(t), names.nameOf(t)));
    expect(named.every((n) => n !== undefined)).toBe(true);
    for (let i = 0; i < 5; i++) expect(names.nameOf('d')).toBeUndefined();
    expect(['a', 'b', 'c'].map((t) => names.nameOf(t))).toEqual(named);
  });

  it('refuse(text, false): that text runs unnamed from then on, the others keep theirs', () => {
    const names = statementNames();
    for (const t of ['x', 'y']) names.nameOf(t);
    const y = names.nameOf('y');
    expect(names.nameOf('x')).toBeDefined();
    names.refuse('x', false);
    for (let i = 0; i < 10; i++) expect(names.nameOf('x')).toBeUndefined();
    expect(names.nameOf('y')).toBe(y);
    // A text refused before it was named is never named either.
    names.refuse('z', false);
    for (let i = 0; i < 10; i++) expect(names.nameOf('z')).toBeUndefined();
    // New texts are still named.
    names.nameOf('w');
    expect(names.nameOf('w')).toBeDefined();
  });

  it('refuse(text, true): every text runs unnamed, named ones included', () => {
    const names = statementNames();
    for (const t of ['p', 'q', 'p', 'q']) names.nameOf(t);
    expect(names.nameOf('q')).toBeDefined();
    names.refuse('p', true);
    for (const t of ['p', 'q', 'r', 'r', 'r']) expect(names.nameOf(t)).toBeUndefined();
  });
});

// Against a real PostgreSQL: a throw-away database (TEST_DATABASE_URL).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('pg engine prepared statements', () => {
  let db: TCustomerDb;
  const engines: TEngine[] = [];
  beforeAll(async () => {
    db = await createCustomerDb('postgres');
    await db.query(`CREATE TABLE t (id int PRIMARY KEY, v int NOT NULL)`);
    await db.query(`INSERT INTO t VALUES (1, 10), (2, 20), (3, 30)`);
  });
  afterAll(async () => {
    for (const e of engines) await e.close().catch(() => undefined);
    await db?.drop();
  });

  const open = async (poolSize: number) => {
    const c = db.connectionInput as { host: string; port: number; database: string; user: string; password: string };
    const engine = await openPgEngine(
      {
        kind: 'postgres',
        host: c.host,
        address: '127.0.0.1',
        port: c.port,
        database: c.database,
        user: c.user,
        password: c.password,
        tls: false,
        statementTimeoutMs: 5_000,
      },
      poolSize,
    );
    engines.push(engine);
    return engine;
  };
  /** The statements prepared on the engine's connection (a pool of one: the transaction runs on that connection). */
  const prepared = (engine: TEngine) =>
    engine.transaction(async (q) => (await q(`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'suite\\_%' ORDER BY name`)).rows);

  const Q = 'SELECT id, v FROM t WHERE id = $1';

  it('names a repeated read on its second run, and answers correctly after a column changes type (retried unnamed)', async () => {
    const engine = await open(1);
    expect((await engine.query(Q, [1])).rows).toEqual([{ id: 1, v: 10 }]);
    expect(await prepared(engine)).toEqual([]);
    expect((await engine.query(Q, [2])).rows).toEqual([{ id: 2, v: 20 }]);
    expect(await prepared(engine)).toEqual([{ name: expect.stringMatching(/^suite_/), statement: Q }]);
    expect((await engine.query(Q, [3])).rows).toEqual([{ id: 3, v: 30 }]);

    // The prepared plan now returns the wrong type: PostgreSQL refuses it ("cached plan must not change result type").
    await db.query(`ALTER TABLE t ALTER COLUMN v TYPE bigint`);
    expect((await engine.query(Q, [1])).rows).toEqual([{ id: 1, v: 10 }]);
    expect((await engine.query(Q, [2])).rows).toEqual([{ id: 2, v: 20 }]);
    await db.query(`ALTER TABLE t ALTER COLUMN v TYPE text`);
    expect((await engine.query(Q, [3])).rows).toEqual([{ id: 3, v: '30' }]);
    expect((await engine.query(Q, [1])).rows).toEqual([{ id: 1, v: '10' }]);

    // Other texts are still named.
    const other = 'SELECT v FROM t WHERE id = $1';
    await engine.query(other, [1]);
    expect((await engine.query(other, [2])).rows).toEqual([{ v: '20' }]);
    expect((await prepared(engine)).map((p) => p.statement)).toContain(other);
  });

  it('answers correctly with several connections after a type change', async () => {
    await db.query(`ALTER TABLE t ALTER COLUMN v TYPE int USING v::int`);
    const engine = await open(4);
    const Q2 = 'SELECT v, id FROM t WHERE id = $1';
    const expectRows = (rows: unknown[], v: (id: number) => unknown) => rows.forEach((r, i) => expect(r).toEqual({ id: (i % 3) + 1, v: v((i % 3) + 1) }));
    // Concurrent reads: several connections prepare the statement.
    for (let round = 0; round < 3; round++) {
      const rs = await Promise.all(Array.from({ length: 12 }, (_, i) => engine.query(Q2, [(i % 3) + 1])));
      expectRows(
        rs.map((r) => r.rows[0]),
        (id) => id * 10,
      );
    }
    await db.query(`ALTER TABLE t ALTER COLUMN v TYPE text`);
    for (let round = 0; round < 2; round++) {
      const rs = await Promise.all(Array.from({ length: 12 }, (_, i) => engine.query(Q2, [(i % 3) + 1])));
      expectRows(
        rs.map((r) => r.rows[0]),
        (id) => String(id * 10),
      );
    }
  });

  it('turns naming off for the engine when prepared statements vanish (a pooler in transaction mode), retrying unnamed', async () => {
    const engine = await open(1);
    const Q3 = 'SELECT id FROM t WHERE id = $1';
    await engine.query(Q3, [1]);
    await engine.query(Q3, [2]);
    expect((await prepared(engine)).map((p) => p.statement)).toEqual([Q3]);
    // What a pooler does: the next statement runs on a server connection that never prepared it.
    await engine.transaction((q) => q('DEALLOCATE ALL'));
    expect((await engine.query(Q3, [3])).rows).toEqual([{ id: 3 }]);
    expect((await engine.query(Q3, [1])).rows).toEqual([{ id: 1 }]);
    // Nothing is named any more, a new text included.
    const Q4 = 'SELECT id FROM t WHERE id > $1 ORDER BY id';
    for (let i = 0; i < 3; i++) expect((await engine.query(Q4, [1])).rows).toEqual([{ id: 2 }, { id: 3 }]);
    expect(await prepared(engine)).toEqual([]);
  });

  it('passes other errors through unchanged', async () => {
    const engine = await open(1);
    const bad = 'SELECT id FROM t WHERE id = $1::int';
    await engine.query(bad, [1]);
    await expect(engine.query(bad, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await engine.query(bad, [2])).rows).toEqual([{ id: 2 }]);
  });
});

describe('statement names after many refusals', () => {
  it('a refused text stays unnamed even after more than max refusals', () => {
    const names = statementNames(2);
    for (const t of ['a', 'b', 'c']) names.refuse(t, false);
    for (let i = 0; i < 3; i++) expect(names.nameOf('c')).toBeUndefined();
  });
});
