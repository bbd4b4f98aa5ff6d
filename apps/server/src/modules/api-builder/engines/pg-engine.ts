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
  return {
    kind: 'postgres',
    dialect: postgresDialect,
    quote: postgresDialect.quote,
    query: (text, params) => run(pool, text, params),
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
