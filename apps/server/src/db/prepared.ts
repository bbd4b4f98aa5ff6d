/**
 * Raw statements for hot paths, built once (decision 023). Drizzle's `db.execute(sql…)` turns the template into text
 * on every call and sends it unnamed, so PostgreSQL parses and plans it every time; for a statement a request runs
 * on every sign-in that cost more than the work it does. `preparedStatement` renders the text once, with
 * `sql.placeholder(name)` where the values go, and runs it through the handle's own session: on PostgreSQL as a named
 * prepared statement (each pooled connection parses and plans it once), on PGlite as an ordinary statement. It runs
 * on the database or inside a transaction alike.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TTx } from './client.ts';

const dialect = new PgDialect();

export type TPreparedStatement<TRow> = (db: TTx, values: Record<string, unknown>) => Promise<TRow[]>;

/** `name` must be unique per statement text in the process (PostgreSQL keeps one plan per name and connection). */
export function preparedStatement<TRow>(name: string, statement: SQL): TPreparedStatement<TRow> {
  const query = dialect.sqlToQuery(statement);
  return async (db, values) => {
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as unknown as { rows: TRow[] }).rows;
  };
}
