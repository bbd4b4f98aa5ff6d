import { createHash } from 'node:crypto';
import pg from 'pg';
import { postgresDialect } from './dialect.ts';
import type { TEngine, TConnectTarget, TQueryResult, TSchemaInfo, TTableInfo } from './engine.ts';

// Values as PostgREST renders them: integers and numerics as JSON numbers (when exact), dates and times as text.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (format === 'binary') return pg.types.getTypeParser(oid, 'binary');
    switch (oid) {
      case 20: // int8
        return (v: string) => (Number.isSafeInteger(Number(v)) ? Number(v) : v);
      case 1700: // numeric: a JSON number, as PostgREST sends it
        return (v: string) => (v === 'NaN' ? v : Number(v));
      case 1082: // date
      case 1083: // time
      case 1114: // timestamp
      case 1184: // timestamptz
      case 1266: // timetz
        return (v: string) => v;
      default:
        return pg.types.getTypeParser(oid, 'text');
    }
  },
};

export function pgClientConfig(t: TConnectTarget): pg.ClientConfig {
  return {
    host: t.address,
    port: t.port,
    database: t.database,
    user: t.user,
    password: t.password,
    ssl: t.tls ? { servername: t.host, rejectUnauthorized: true } : false,
    connectionTimeoutMillis: 5_000,
    statement_timeout: t.statementTimeoutMs,
    application_name: 'suite-api-builder',
    types,
  };
}

/** Distinct statement texts one engine prepares at most (each pooled connection prepares them as it first runs them). */
const NAMED_MAX = 256;
/** Texts seen once, remembered until a second sight names them (cleared when full). */
const SEEN_MAX = 4_096;

/**
 * Named (prepared) statements for the statements a connection keeps running (decision 076): PostgreSQL parses and
 * plans a named statement once per connection, and a repeated read then sends only Bind/Execute — measured, that
 * halves the database's CPU per single-row read. A text is named on its second sight (a one-off query never takes a
 * slot), up to NAMED_MAX per engine; the rest run unnamed, as before. A text whose prepared plan PostgreSQL refuses
 * (`cached plan must not change result type` after a column's type changed) is run unnamed from then on; a pooler
 * that does not keep prepared statements (PgBouncer in transaction mode: `prepared statement … does not exist`)
 * turns naming off for the engine. Either way the read is retried once, unnamed.
 */
export function statementNames(max = NAMED_MAX) {
  const seen = new Set<string>();
  const names = new Map<string, string>();
  const refused = new Set<string>();
  let off = false;
  return {
    nameOf(text: string): string | undefined {
      if (off) return undefined;
      const known = names.get(text);
      if (known !== undefined || names.size >= max || refused.has(text)) return known;
      if (!seen.has(text)) {
        if (seen.size >= SEEN_MAX) seen.clear();
        seen.add(text);
        return undefined;
      }
      seen.delete(text);
      const name = `suite_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
      names.set(text, name);
      return name;
    },
    /** The database refused the named form: this text (or, for a pooler, every text) runs unnamed from now on. */
    refuse(text: string, everyText: boolean) {
      names.delete(text);
      // Too many refused texts to remember: naming goes off for the engine rather than naming one of them again.
      if (everyText || refused.size >= max) off = true;
      else refused.add(text);
    },
  };
}

/** Refusals of a named statement that an unnamed retry cures (SQLSTATE, and the message for 0A000). */
function preparedTrouble(err: unknown): 'text' | 'engine' | undefined {
  const e = err as { code?: string; message?: string };
  if (e.code === '26000' || e.code === '42P05') return 'engine';
  if (e.code === '0A000' && /cached plan/i.test(e.message ?? '')) return 'text';
  return undefined;
}

export async function openPgEngine(t: TConnectTarget, poolSize = 5): Promise<TEngine> {
  const pool = new pg.Pool({ ...pgClientConfig(t), max: poolSize, idleTimeoutMillis: 30_000 });
  pool.on('error', () => undefined);
  // Fails here (with the driver's error) when the server, the credentials or the database are wrong.
  const probe = await pool.connect();
  probe.release();
  const run = async (client: pg.Pool | pg.PoolClient, text: string, params: unknown[] = []): Promise<TQueryResult> => {
    const r = await client.query(text, params);
    return { rows: r.rows as Record<string, unknown>[], affected: r.rowCount ?? 0 };
  };
  const names = statementNames();
  /** A statement outside a transaction: named once it repeats (a failed named one is retried unnamed). */
  const runNamed = async (text: string, params: unknown[] = []): Promise<TQueryResult> => {
    const name = names.nameOf(text);
    if (name === undefined) return run(pool, text, params);
    try {
      const r = await pool.query({ name, text, values: params });
      return { rows: r.rows as Record<string, unknown>[], affected: r.rowCount ?? 0 };
    } catch (err) {
      const trouble = preparedTrouble(err);
      if (!trouble) throw err;
      names.refuse(text, trouble === 'engine');
      return run(pool, text, params);
    }
  };
  return {
    kind: 'postgres',
    dialect: postgresDialect,
    quote: postgresDialect.quote,
    query: (text, params) => runNamed(text, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn((text, params) => run(client, text, params));
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    introspect: () => introspectPg(pool),
    async canWrite() {
      const r = await pool.query(
        `SELECT EXISTS (SELECT 1 FROM information_schema.table_privileges
          WHERE grantee IN (current_user, 'PUBLIC') AND table_schema = current_schema()
            AND privilege_type IN ('INSERT','UPDATE','DELETE'))
          OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
          OR EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tableowner = current_user) AS w`,
      );
      return Boolean(r.rows[0]?.w);
    },
    close: () => pool.end(),
  };
}

async function introspectPg(pool: pg.Pool): Promise<TSchemaInfo> {
  const [rels, cols, keys] = await Promise.all([
    pool.query<{ name: string; kind: string }>(
      `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r','v','m','p') ORDER BY c.relname`,
    ),
    pool.query<{ table: string; name: string; type: string; nullable: boolean; has_default: boolean; position: number; enum_values: string[] | null }>(
      `SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable,
              (a.atthasdef OR a.attidentity <> '' OR a.attgenerated <> '') AS has_default, a.attnum AS position,
              (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = a.atttypid) AS enum_values
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r','v','m','p') AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY c.relname, a.attnum`,
    ),
    pool.query<{ table: string; name: string; type: string; cols: string[]; ref_table: string | null; ref_cols: string[] | null }>(
      `SELECT c.relname AS table, k.conname AS name, k.contype AS type,
              ARRAY(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i)::text[] AS cols,
              rc.relname AS ref_table,
              CASE WHEN k.contype = 'f' THEN ARRAY(SELECT a.attname FROM unnest(k.confkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i)::text[] END AS ref_cols
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_class rc ON rc.oid = k.confrelid LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
        WHERE n.nspname = current_schema() AND k.contype IN ('p','f') AND (k.contype = 'p' OR rn.nspname = current_schema())
        ORDER BY c.relname, k.conname`,
    ),
  ]);
  const tables: TTableInfo[] = rels.rows.map((r) => ({
    name: r.name,
    kind: r.kind === 'r' || r.kind === 'p' ? 'table' : 'view',
    columns: cols.rows
      .filter((c) => c.table === r.name)
      .map((c) => ({
        name: c.name,
        type: c.type,
        nullable: c.nullable,
        hasDefault: c.has_default,
        position: c.position,
        ...(c.enum_values ? { enumValues: c.enum_values } : {}),
      })),
    primaryKey: keys.rows.find((k) => k.table === r.name && k.type === 'p')?.cols ?? [],
    foreignKeys: keys.rows
      .filter((k) => k.table === r.name && k.type === 'f' && k.ref_table)
      .map((k) => ({ name: k.name, columns: k.cols, refTable: k.ref_table!, refColumns: k.ref_cols ?? [] })),
  }));
  return { tables };
}
