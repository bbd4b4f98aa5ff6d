import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerDb, type TCustomerDb } from '../testing/api-builder-kit.ts';
import { openPgEngine } from './pg-engine.ts';

// A PostgreSQL enum column carries its labels in order, so the admin builder offers them as a pick list.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('PostgreSQL introspection of enum types', () => {
  let db: TCustomerDb;
  beforeAll(async () => {
    db = await createCustomerDb('postgres');
    await db.query(`CREATE TYPE delivery_state AS ENUM ('접수', 'shipped', 'it''s done')`);
    await db.query(`CREATE TABLE deliveries (id serial PRIMARY KEY, state delivery_state NOT NULL, note text)`);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('lists the labels of an enum column and none for other columns', async () => {
    const c = db.connectionInput as { host: string; port: number; database: string; user: string; password: string };
    const engine = await openPgEngine({
      kind: 'postgres',
      host: c.host,
      address: '127.0.0.1',
      port: c.port,
      database: c.database,
      user: c.user,
      password: c.password,
      tls: false,
      statementTimeoutMs: 5_000,
    });
    try {
      const schema = await engine.introspect();
      const cols = schema.tables.find((t) => t.name === 'deliveries')!.columns;
      expect(cols.find((x) => x.name === 'state')!.enumValues).toEqual(['접수', 'shipped', "it's done"]);
      expect(cols.find((x) => x.name === 'note')!.enumValues).toBeUndefined();
    } finally {
      await engine.close();
    }
  });
});
