/**
 * One classification of a database's refusal, for PostgreSQL (`pg`, PGlite, Drizzle's wrapper) and MySQL/MariaDB
 * (`mysql2`), and ONE table from its class to the HTTP status (PostgREST's shape: `mapSQLtoHTTP` in PostgREST's
 * Error.hs). The data API answers with it; the admin builder names the field from the same facts.
 *
 * ```ts
 * const e = classifyDbError(err);        // never throws; a non-database error is class 'other'
 * e.class;                               // 'unique' | 'foreign_key' | 'referenced' | 'not_null' | …
 * e.column ?? e.keyColumns?.[0];         // the column the database named, if any
 * dbErrorHttp(e);                        // { status: 409, code: '23505' }
 * ```
 *
 * Examples (PostgreSQL → MariaDB, same class):
 * - `23505` `Key (code)=(a) already exists.` → `ER_DUP_ENTRY` (1062) `Duplicate entry 'a' for key 'code'`: `unique`, 409
 * - `23503` `Key (pid)=(9) is not present in table "p".` → 1452 `… REFERENCES \`p\` (\`id\`)`: `foreign_key`, 409
 * - `23503` `Key (id)=(1) is still referenced from table "c".` → 1451 `Cannot delete or update a parent row …`: `referenced`, 409
 * - `23502` (column `pid`) → 1048 `Column 'pid' cannot be null` / 1364 `Field 'pid' doesn't have a default value`: `not_null`, 400
 * - `23514` (constraint `p_k_check`) → 4025 `CONSTRAINT \`p.k\` failed for …` / MySQL 3819: `check`, 400
 * - `22003`/`22001` → 1264 `Out of range value for column 'n'` / 1406 `Data too long for column 'code'`: `out_of_range`, 400
 * - `22P02` `invalid input syntax for type integer` → 1366 `Incorrect integer value … for column …`: `invalid_value`, 400
 * - `57014` → 1969 (MariaDB `max_statement_time`) / 3024 (MySQL `max_execution_time`): `statement_timeout`, 504
 * - `42501` → `ER_TABLEACCESS_DENIED_ERROR` …: `permission`, 403; `42P01` → 1146: `undefined_table`, 404
 * - `ECONNREFUSED`, `08006`, `53300`, `57P01` …: `unavailable`, 503; anything else: `other`, 500
 */

export type TDbErrorClass =
  /** A unique or primary key already holds the value. */
  | 'unique'
  /** A foreign key names a parent row that does not exist. */
  | 'foreign_key'
  /** A row cannot be deleted or its key changed: other rows still reference it. */
  | 'referenced'
  | 'not_null'
  | 'check'
  /** The value does not fit the column: too long, out of range, truncated. */
  | 'out_of_range'
  /** The value is not of the column's type (invalid text representation, any other data exception). */
  | 'invalid_value'
  /** The statement names a column twice (an INSERT's column list). */
  | 'duplicate_column'
  | 'undefined_table'
  | 'undefined_column'
  /** Any other refusal of the statement itself (syntax, access rule, other 42xxx). */
  | 'bad_statement'
  | 'permission'
  | 'statement_timeout'
  | 'lock_timeout'
  /** The protocol refused the message (08P01: too many bind parameters…): not an outage. */
  | 'protocol'
  /** The server cannot be reached or is out of resources: connection errors, 08xxx, 53xxx, 57Pxx. */
  | 'unavailable'
  | 'other';

export type TDbError = {
  class: TDbErrorClass;
  /** Which driver's error it was (undefined: a network error or not a database error). */
  engine: 'postgres' | 'mysql' | undefined;
  /**
   * The code PostgREST reports: PostgreSQL's SQLSTATE; a MySQL/MariaDB error number mapped to PostgreSQL's SQLSTATE for
   * the same refusal where the table below lists one, otherwise the driver's error name (`ER_…`); '' when none.
   */
  code: string;
  /** The driver's own code as given (SQLSTATE, `ER_…` name, `ECONNREFUSED`). */
  driverCode: string;
  /** MySQL/MariaDB error number. */
  errno?: number;
  /** The database's own text (never sent as is: it may name the database user and host). */
  message: string;
  /** PostgreSQL's DETAIL (`Key (email)=(…) already exists.`). */
  detail?: string;
  /** The table the constraint belongs to (a foreign key: the referencing table). */
  table?: string;
  /** The one column the database named (not null, a value that does not fit, a foreign key's column). */
  column?: string;
  /** A unique or foreign key's columns, as PostgreSQL's DETAIL lists them. */
  keyColumns?: string[];
  /** The constraint or key name (MySQL's primary key is `PRIMARY`). */
  constraint?: string;
  /** A foreign key's parent table. */
  referencedTable?: string;
  /** `referenced`: the table whose rows still point at the row. */
  referencingTable?: string;
};

/** ONE table: class → HTTP status of the data API's PostgREST-shaped answer (its `code` is `TDbError.code`). */
export const DB_ERROR_STATUS: Readonly<Record<TDbErrorClass, number>> = {
  unique: 409,
  foreign_key: 409,
  referenced: 409,
  not_null: 400,
  check: 400,
  out_of_range: 400,
  invalid_value: 400,
  duplicate_column: 400,
  undefined_column: 400,
  bad_statement: 400,
  permission: 403,
  undefined_table: 404,
  // PostgREST answers 500 for 55P03 (lock not available), as this API always did.
  lock_timeout: 500,
  statement_timeout: 504,
  protocol: 503,
  unavailable: 503,
  other: 500,
};

/** The HTTP status and PostgREST `code` for a classified error (`PGRST000` when the database gave no code). */
export function dbErrorHttp(e: TDbError): { status: number; code: string } {
  return { status: DB_ERROR_STATUS[e.class], code: e.code || 'PGRST000' };
}

/** MySQL/MariaDB error numbers: the class and the SQLSTATE PostgreSQL reports for the same refusal (if any). */
const MYSQL_ERRNO: Record<number, { class: TDbErrorClass; sqlState?: string }> = {
  1062: { class: 'unique', sqlState: '23505' }, // ER_DUP_ENTRY
  1586: { class: 'unique', sqlState: '23505' }, // ER_DUP_ENTRY_WITH_KEY_NAME
  1216: { class: 'foreign_key', sqlState: '23503' }, // ER_NO_REFERENCED_ROW
  1452: { class: 'foreign_key', sqlState: '23503' }, // ER_NO_REFERENCED_ROW_2
  1217: { class: 'referenced', sqlState: '23503' }, // ER_ROW_IS_REFERENCED
  1451: { class: 'referenced', sqlState: '23503' }, // ER_ROW_IS_REFERENCED_2
  1048: { class: 'not_null', sqlState: '23502' }, // ER_BAD_NULL_ERROR
  1364: { class: 'not_null', sqlState: '23502' }, // ER_NO_DEFAULT_FOR_FIELD
  4025: { class: 'check', sqlState: '23514' }, // MariaDB ER_CONSTRAINT_FAILED (mysql2 names it after MySQL's 4025)
  3819: { class: 'check', sqlState: '23514' }, // MySQL ER_CHECK_CONSTRAINT_VIOLATED
  1264: { class: 'out_of_range' }, // ER_WARN_DATA_OUT_OF_RANGE
  1406: { class: 'out_of_range' }, // ER_DATA_TOO_LONG
  1265: { class: 'out_of_range' }, // ER_WARN_DATA_TRUNCATED (an enum value not in the list, too)
  1690: { class: 'out_of_range' }, // ER_DATA_OUT_OF_RANGE
  1110: { class: 'duplicate_column' }, // ER_FIELD_SPECIFIED_TWICE
  1969: { class: 'statement_timeout', sqlState: '57014' }, // MariaDB ER_STATEMENT_TIMEOUT (no name in mysql2)
  3024: { class: 'statement_timeout', sqlState: '57014' }, // MySQL ER_QUERY_TIMEOUT
  1205: { class: 'lock_timeout' }, // ER_LOCK_WAIT_TIMEOUT
  1142: { class: 'permission', sqlState: '42501' }, // ER_TABLEACCESS_DENIED_ERROR
  1143: { class: 'permission', sqlState: '42501' }, // ER_COLUMNACCESS_DENIED_ERROR
  1227: { class: 'permission', sqlState: '42501' }, // ER_SPECIFIC_ACCESS_DENIED_ERROR
  1044: { class: 'permission', sqlState: '42501' }, // ER_DBACCESS_DENIED_ERROR
  1146: { class: 'undefined_table', sqlState: '42P01' }, // ER_NO_SUCH_TABLE
  1054: { class: 'undefined_column', sqlState: '42703' }, // ER_BAD_FIELD_ERROR
};

const NETWORK = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'PROTOCOL_CONNECTION_LOST']);

/** PostgreSQL SQLSTATE → class (exact codes first, then the class prefixes). */
function pgClass(code: string): TDbErrorClass {
  switch (code) {
    case '23505':
      return 'unique';
    case '23503':
      return 'foreign_key';
    case '23502':
      return 'not_null';
    case '23514':
      return 'check';
    case '22001':
    case '22003':
      return 'out_of_range';
    case '42701':
      return 'duplicate_column';
    case '57014':
      return 'statement_timeout';
    case '55P03':
      return 'lock_timeout';
    case '42501':
      return 'permission';
    case '42P01':
      return 'undefined_table';
    case '42703':
      return 'undefined_column';
    case '08P01':
      return 'protocol';
  }
  if (code.startsWith('22')) return 'invalid_value';
  if (code.startsWith('42')) return 'bad_statement';
  if (NETWORK.has(code) || /^(08|53|57P)/.test(code)) return 'unavailable';
  return 'other';
}

/** A MySQL/MariaDB error without a listed number, by its name. */
function mysqlNameClass(name: string): TDbErrorClass {
  if (/^ER_(TRUNCATED|WRONG|DATA|INVALID)/.test(name)) return 'invalid_value';
  if (/^ER_(BAD_FIELD|PARSE)/.test(name)) return 'bad_statement';
  if (NETWORK.has(name)) return 'unavailable';
  return 'other';
}

type TRaw = {
  code?: unknown;
  errno?: unknown;
  sqlState?: unknown;
  message?: unknown;
  detail?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  cause?: unknown;
};

const str = (x: unknown) => (typeof x === 'string' && x !== '' ? x : undefined);
const isMysql = (e: TRaw) => /^ER_/.test(String(e.code ?? '')) || (typeof e.errno === 'number' && e.errno > 0 && typeof e.sqlState === 'string');
const hasCode = (e: unknown): boolean => typeof e === 'object' && e !== null && (str((e as TRaw).code) !== undefined || isMysql(e as TRaw));
const unquoted = (name: string) => name.trim().replace(/^"|"$/g, '');

/**
 * The database's refusal classified, with the table, column, key columns and constraint it names. Drizzle's wrapper
 * (`DrizzleQueryError`, the driver's error on `cause`) is unwrapped. Never throws.
 */
export function classifyDbError(err: unknown): TDbError {
  const raw = typeof err === 'object' && err !== null ? (err as TRaw) : {};
  const e: TRaw = hasCode(raw) || !hasCode(raw.cause) ? raw : (raw.cause as TRaw);
  const driverCode = String(e.code ?? '');
  const message = String(e.message ?? '');
  const mysql = isMysql(e);
  const errno = typeof e.errno === 'number' && mysql ? e.errno : undefined;
  const out: TDbError = { class: 'other', engine: undefined, code: driverCode, driverCode, message };
  if (errno !== undefined) out.errno = errno;
  if (mysql) {
    out.engine = 'mysql';
    const known = errno === undefined ? undefined : MYSQL_ERRNO[errno];
    out.class = known?.class ?? mysqlNameClass(driverCode);
    if (known?.sqlState) out.code = known.sqlState;
    mysqlFacts(out, message);
    return out;
  }
  if (/^[0-9A-Z]{5}$/.test(driverCode)) out.engine = 'postgres';
  out.class = pgClass(driverCode);
  const detail = str(e.detail);
  if (detail) out.detail = detail;
  for (const k of ['table', 'column', 'constraint'] as const) {
    const v = str(e[k]);
    if (v !== undefined) out[k] = v;
  }
  const cols = /Key \((.+?)\)=/.exec(detail ?? '')?.[1];
  if (cols) out.keyColumns = cols.split(',').map(unquoted);
  if (out.class === 'foreign_key') {
    const referencing = /still referenced from table "([^"]+)"/.exec(detail ?? '')?.[1];
    if (referencing || /still referenced/.test(message)) out.class = 'referenced';
    if (referencing) out.referencingTable = referencing;
    const parent = /is not present in table "([^"]+)"/.exec(detail ?? '')?.[1];
    if (parent) out.referencedTable = parent;
  }
  if (!out.column) {
    const named =
      /column "([^"]+)" specified more than once/.exec(message)?.[1] ?? (out.class === 'undefined_column' ? /column "([^"]+)"/.exec(message)?.[1] : undefined);
    if (named) out.column = named;
  }
  if (!out.table && out.class === 'undefined_table') {
    const rel = /relation "([^"]+)" does not exist/.exec(message)?.[1];
    if (rel) out.table = rel;
  }
  return out;
}

/** What MySQL/MariaDB's text names (it carries no separate fields). */
function mysqlFacts(out: TDbError, text: string) {
  const set = (k: 'table' | 'column' | 'constraint' | 'referencedTable' | 'referencingTable', v: string | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  if (out.class === 'foreign_key' || out.class === 'referenced') {
    // `… a foreign key constraint fails (`db`.`child`, CONSTRAINT `fk` FOREIGN KEY (`pid`) REFERENCES `parent` (`id`))`
    const child = /fails \((?:`[^`]*`\.)?`([^`]+)`/.exec(text)?.[1];
    set('table', child);
    if (out.class === 'referenced') set('referencingTable', child);
    set('constraint', /CONSTRAINT `([^`]+)`/.exec(text)?.[1]);
    set('column', /FOREIGN KEY \(`([^`]+)`/.exec(text)?.[1]);
    set('referencedTable', /REFERENCES `([^`]+)`/.exec(text)?.[1]);
    return;
  }
  if (out.class === 'unique') {
    // `Duplicate entry 'a' for key 'code'` (MySQL 8: `'table.code'`).
    set('constraint', /for key '(?:[^.']*\.)?([^']+)'/.exec(text)?.[1]);
    return;
  }
  if (out.class === 'check') {
    // MariaDB: CONSTRAINT `p.k` failed for `db`.`p` (a column's check is named after the column); MySQL: Check constraint 'x' is violated.
    set('constraint', /CONSTRAINT `(?:[^`.]*\.)?([^`]+)`/.exec(text)?.[1] ?? /Check constraint '([^']+)'/.exec(text)?.[1]);
    set('table', /failed for (?:`[^`]*`\.)?`([^`]+)`/.exec(text)?.[1]);
    return;
  }
  if (out.class === 'undefined_table') {
    set('table', /Table '(?:[^.']*\.)?([^']+)' doesn't exist/.exec(text)?.[1]);
    return;
  }
  // `Column 'x' cannot be null`, `Field 'x' doesn't have a default value`, `Column 'id' specified twice`,
  // `Unknown column 'x' in …`, `… for column 'x' at row 1`, `… for column `db`.`t`.`x` at row 1`.
  set(
    'column',
    /(?:Column|Field) '([^']+)'/.exec(text)?.[1] ??
      /Unknown column '([^']+)'/.exec(text)?.[1] ??
      /for column (?:`[^`]*`\.)*[`']?([^`']+)[`']?/i.exec(text)?.[1],
  );
}
