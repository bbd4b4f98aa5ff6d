/**
 * A customer's database as the API builder sees it: one small interface over PostgreSQL (`pg`) and MySQL/MariaDB
 * (`mysql2`). SQL text is built by postgrest/ (sql.ts, read.ts, write.ts) in the engine's dialect (dialect.ts: quoting,
 * placeholders and every other difference of spelling); every value is a bound parameter. Pools connect to the address the outbound guard checked (pinned), never to the name again.
 */
import type { TDialect, TDialectKind } from './dialect.ts';

export type TEngineKind = TDialectKind;

/** `enumValues`: the labels of a PostgreSQL enum type, in order (MySQL/MariaDB enums are in `type`). */
export type TColumn = { name: string; type: string; nullable: boolean; hasDefault: boolean; position: number; enumValues?: string[] };
export type TForeignKey = { name: string; columns: string[]; refTable: string; refColumns: string[] };
export type TTableInfo = {
  name: string;
  kind: 'table' | 'view';
  columns: TColumn[];
  primaryKey: string[];
  foreignKeys: TForeignKey[];
};
export type TSchemaInfo = { tables: TTableInfo[] };

export type TConnectTarget = {
  kind: TEngineKind;
  /** The name the user gave (TLS server name). */
  host: string;
  /** The address the guard checked: the only one we connect to. */
  address: string;
  port: number;
  database: string;
  user: string;
  password: string;
  tls: boolean;
  statementTimeoutMs: number;
  /** The product's own PostgreSQL (DATABASE_URL), refused after connecting if this connection reached it. */
  ownDatabaseUrl?: string | undefined;
};

export type TQueryResult = { rows: Record<string, unknown>[]; affected: number; insertId?: number };

export type TEngine = {
  kind: TEngineKind;
  /** How this engine spells SQL (quoting, placeholders, upserts, …). */
  dialect: TDialect;
  /** `dialect.quote`. */
  quote: (ident: string) => string;
  query: (text: string, params?: unknown[]) => Promise<TQueryResult>;
  /** Runs `fn` inside one transaction on one connection. */
  transaction: <T>(fn: (q: (text: string, params?: unknown[]) => Promise<TQueryResult>) => Promise<T>) => Promise<T>;
  introspect: () => Promise<TSchemaInfo>;
  /** Whether the connected user may write to any published-looking table (INSERT/UPDATE/DELETE privilege). */
  canWrite: () => Promise<boolean>;
  close: () => Promise<void>;
};

/** Why a connection check failed, mapped to a Korean message by the service. */
export type TConnectFailure = 'unreachable' | 'auth' | 'database' | 'timeout' | 'tls' | 'other';

export function classifyConnectError(err: unknown): TConnectFailure {
  const e = err as { code?: string; errno?: number; message?: string };
  const code = String(e.code ?? '');
  const msg = String(e.message ?? '');
  // PostgreSQL SQLSTATEs and MySQL error names.
  if (code === '28P01' || code === '28000' || code === 'ER_ACCESS_DENIED_ERROR') return 'auth';
  if (/access denied for user/i.test(msg) || /password authentication failed/i.test(msg)) return 'auth';
  if (code === '3D000' || code === 'ER_BAD_DB_ERROR' || /unknown database/i.test(msg)) return 'database';
  if (code === 'ER_DBACCESS_DENIED_ERROR') return 'auth';
  if (['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'ECONNRESET', 'EAI_AGAIN'].includes(code)) return 'unreachable';
  if (code === 'ETIMEDOUT' || /timeout/i.test(msg)) return 'timeout';
  if (/ssl|tls|certificate/i.test(msg)) return 'tls';
  return 'other';
}
