import mysql from 'mysql2/promise';
import { mysqlDialect } from './dialect.ts';
import type { TEngine, TConnectTarget, TQueryResult, TSchemaInfo, TTableInfo } from './engine.ts';

export async function openMysqlEngine(t: TConnectTarget, poolSize = 5): Promise<TEngine> {
  const pool = mysql.createPool({
    host: t.address,
    port: t.port,
    database: t.database,
    user: t.user,
    password: t.password,
    // Pinned to the checked address; the certificate is checked against the name the user gave.
    ssl: t.tls ? ({ servername: t.host, rejectUnauthorized: true } as mysql.SslOptions) : undefined,
    connectTimeout: 5_000,
    connectionLimit: poolSize,
    decimalNumbers: true,
    supportBigNumbers: true,
    dateStrings: true,
    // Booleans are TINYINT(1): sent as JSON booleans, as PostgREST would for a boolean column.
    typeCast(field: { type: string; length: number; string: () => string | null }, next: () => unknown) {
      if (field.type === 'TINY' && field.length === 1) {
        const v = field.string();
        return v === null ? null : v === '1';
      }
      return next();
    },
  });
  // Every pooled connection gets the statement timeout before any query of ours (queued first on the connection):
  // MariaDB knows max_statement_time (seconds), MySQL max_execution_time (ms, SELECT only); the other one fails harmlessly.
  type TCore = { query: (s: string, cb: (err: unknown) => void) => void };
  (pool.pool as unknown as { on: (e: 'connection', f: (c: TCore) => void) => void }).on('connection', (c) => {
    c.query(`SET SESSION max_statement_time = ${t.statementTimeoutMs / 1000}`, () => undefined);
    c.query(`SET SESSION max_execution_time = ${Math.round(t.statementTimeoutMs)}`, () => undefined);
    // MySQL 8 caches information_schema statistics (UPDATE_TIME) for a day by default; the probe needs them live.
    c.query('SET SESSION information_schema_stats_expiry = 0', () => undefined);
  });
  // Fails here (with the driver's error) when the server, the credentials or the database are wrong.
  (await pool.getConnection()).release();
  const run = async (c: mysql.Pool | mysql.PoolConnection, text: string, params: unknown[] = []): Promise<TQueryResult> => {
    const [res] = await c.execute({ sql: text, values: params });
    if (Array.isArray(res)) return { rows: res as Record<string, unknown>[], affected: res.length };
    const h = res as { affectedRows: number; insertId: number };
    return { rows: [], affected: h.affectedRows, insertId: h.insertId };
  };
  return {
    kind: 'mysql',
    dialect: mysqlDialect,
    quote: mysqlDialect.quote,
    query: (text, params) => run(pool, text, params),
    async transaction(fn) {
      const c = await pool.getConnection();
      try {
        await c.beginTransaction();
        const out = await fn((text, params) => run(c, text, params));
        await c.commit();
        return out;
      } catch (e) {
        await c.rollback().catch(() => undefined);
        throw e;
      } finally {
        c.release();
      }
    },
    introspect: () => introspectMysql(pool),
    async canWrite() {
      const [rows] = await pool.query(
        `SELECT (EXISTS (SELECT 1 FROM information_schema.user_privileges WHERE privilege_type IN ('INSERT','UPDATE','DELETE'))
              OR EXISTS (SELECT 1 FROM information_schema.schema_privileges WHERE table_schema = DATABASE() AND privilege_type IN ('INSERT','UPDATE','DELETE'))
              OR EXISTS (SELECT 1 FROM information_schema.table_privileges WHERE table_schema = DATABASE() AND privilege_type IN ('INSERT','UPDATE','DELETE'))) AS w`,
      );
      return Boolean(Number((rows as { w: number }[])[0]?.w));
    },
    close: () => pool.end(),
  };
}

async function introspectMysql(pool: mysql.Pool): Promise<TSchemaInfo> {
  const [rels] = await pool.query(
    `SELECT TABLE_NAME AS name, TABLE_TYPE AS kind FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME`,
  );
  const [cols] = await pool.query(
    `SELECT TABLE_NAME AS tbl, COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE = 'YES' AS nullable,
            (COLUMN_DEFAULT IS NOT NULL OR EXTRA LIKE '%auto_increment%' OR EXTRA LIKE '%GENERATED%') AS has_default, ORDINAL_POSITION AS position
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION`,
  );
  const [keys] = await pool.query(
    `SELECT k.TABLE_NAME AS tbl, k.CONSTRAINT_NAME AS name, k.COLUMN_NAME AS col, k.REFERENCED_TABLE_NAME AS ref_table, k.REFERENCED_COLUMN_NAME AS ref_col
       FROM information_schema.KEY_COLUMN_USAGE k
      WHERE k.TABLE_SCHEMA = DATABASE() AND (k.CONSTRAINT_NAME = 'PRIMARY' OR (k.REFERENCED_TABLE_NAME IS NOT NULL AND k.REFERENCED_TABLE_SCHEMA = DATABASE()))
      ORDER BY k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
  );
  type TK = { tbl: string; name: string; col: string; ref_table: string | null; ref_col: string | null };
  const ks = keys as TK[];
  const tables: TTableInfo[] = (rels as { name: string; kind: string }[]).map((r) => {
    const fkNames = [...new Set(ks.filter((k) => k.tbl === r.name && k.name !== 'PRIMARY').map((k) => k.name))];
    return {
      name: r.name,
      kind: r.kind === 'VIEW' ? 'view' : 'table',
      columns: (cols as { tbl: string; name: string; type: string; nullable: number; has_default: number; position: number }[])
        .filter((c) => c.tbl === r.name)
        .map((c) => ({
          name: c.name,
          type: c.type,
          nullable: Boolean(Number(c.nullable)),
          hasDefault: Boolean(Number(c.has_default)),
          position: Number(c.position),
        })),
      primaryKey: ks.filter((k) => k.tbl === r.name && k.name === 'PRIMARY').map((k) => k.col),
      foreignKeys: fkNames.map((name) => {
        const parts = ks.filter((k) => k.tbl === r.name && k.name === name);
        return { name, columns: parts.map((p) => p.col), refTable: parts[0]!.ref_table!, refColumns: parts.map((p) => p.ref_col!) };
      }),
    };
  });
  return { tables };
}
