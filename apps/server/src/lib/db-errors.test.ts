import { describe, expect, it } from 'vitest';
import { classifyDbError, DB_ERROR_STATUS, dbErrorHttp, type TDbError } from './db-errors.ts';

/** The errors as the drivers gave them (pg 8 against PostgreSQL 15, mysql2 against MariaDB 10.11, strict mode). */
const pg = (code: string, message: string, extra: Record<string, string> = {}) => Object.assign(new Error(message), { code, ...extra });
const my = (code: string | undefined, errno: number, sqlState: string, message: string) =>
  Object.assign(new Error(message), { ...(code ? { code } : {}), errno, sqlState, sqlMessage: message });

type TCase = [name: string, err: unknown, expected: Partial<TDbError>, status: number];

const cases: TCase[] = [
  [
    'pg unique (primary key)',
    pg('23505', 'duplicate key value violates unique constraint "p_pkey"', { detail: 'Key (id)=(1) already exists.', table: 'p', constraint: 'p_pkey' }),
    { class: 'unique', engine: 'postgres', code: '23505', keyColumns: ['id'], constraint: 'p_pkey', table: 'p' },
    409,
  ],
  [
    'pg unique over two quoted columns',
    pg('23505', 'duplicate key value violates unique constraint "t_k"', { detail: 'Key ("주문 번호", b)=(1, 2) already exists.', constraint: 't_k' }),
    { class: 'unique', keyColumns: ['주문 번호', 'b'] },
    409,
  ],
  [
    'mysql unique (primary key)',
    my('ER_DUP_ENTRY', 1062, '23000', "Duplicate entry '1' for key 'PRIMARY'"),
    { class: 'unique', engine: 'mysql', code: '23505', driverCode: 'ER_DUP_ENTRY', errno: 1062, constraint: 'PRIMARY' },
    409,
  ],
  ['mysql 8 unique names its table', my('ER_DUP_ENTRY', 1062, '23000', "Duplicate entry 'a' for key 'p.code'"), { constraint: 'code' }, 409],
  [
    'pg foreign key: missing parent',
    pg('23503', 'insert or update on table "c" violates foreign key constraint "c_pid_fk"', {
      detail: 'Key (pid)=(9) is not present in table "p".',
      table: 'c',
      constraint: 'c_pid_fk',
    }),
    { class: 'foreign_key', code: '23503', keyColumns: ['pid'], referencedTable: 'p', table: 'c', constraint: 'c_pid_fk' },
    409,
  ],
  [
    'mysql foreign key: missing parent',
    my(
      'ER_NO_REFERENCED_ROW_2',
      1452,
      '23000',
      'Cannot add or update a child row: a foreign key constraint fails (`h4probe`.`c`, CONSTRAINT `c_pid_fk` FOREIGN KEY (`pid`) REFERENCES `p` (`id`))',
    ),
    { class: 'foreign_key', code: '23503', column: 'pid', referencedTable: 'p', table: 'c', constraint: 'c_pid_fk' },
    409,
  ],
  [
    'pg foreign key: still referenced',
    pg('23503', 'update or delete on table "p" violates foreign key constraint "c_pid_fk" on table "c"', {
      detail: 'Key (id)=(1) is still referenced from table "c".',
      table: 'c',
      constraint: 'c_pid_fk',
    }),
    { class: 'referenced', code: '23503', referencingTable: 'c', keyColumns: ['id'] },
    409,
  ],
  [
    'mysql foreign key: still referenced',
    my(
      'ER_ROW_IS_REFERENCED_2',
      1451,
      '23000',
      'Cannot delete or update a parent row: a foreign key constraint fails (`h4probe`.`c`, CONSTRAINT `c_pid_fk` FOREIGN KEY (`pid`) REFERENCES `p` (`id`))',
    ),
    { class: 'referenced', code: '23503', referencingTable: 'c', referencedTable: 'p', column: 'pid' },
    409,
  ],
  [
    'pg not null',
    pg('23502', 'null value in column "pid" of relation "c" violates not-null constraint', {
      detail: 'Failing row contains (2, null).',
      table: 'c',
      column: 'pid',
    }),
    { class: 'not_null', code: '23502', column: 'pid', table: 'c' },
    400,
  ],
  ['mysql not null', my('ER_BAD_NULL_ERROR', 1048, '23000', "Column 'pid' cannot be null"), { class: 'not_null', code: '23502', column: 'pid' }, 400],
  ['mysql no default', my('ER_NO_DEFAULT_FOR_FIELD', 1364, 'HY000', "Field 'pid' doesn't have a default value"), { class: 'not_null', column: 'pid' }, 400],
  [
    'pg check',
    pg('23514', 'new row for relation "p" violates check constraint "p_k_check"', { table: 'p', constraint: 'p_k_check' }),
    { class: 'check', code: '23514', constraint: 'p_k_check' },
    400,
  ],
  [
    'mariadb check (mysql2 names 4025 after MySQL)',
    my('ER_INNODB_AUTOEXTEND_SIZE_OUT_OF_RANGE', 4025, '23000', 'CONSTRAINT `p.k` failed for `h4probe`.`p`'),
    { class: 'check', code: '23514', constraint: 'k', table: 'p' },
    400,
  ],
  [
    'mysql 8 check',
    my('ER_CHECK_CONSTRAINT_VIOLATED', 3819, 'HY000', "Check constraint 'p_chk_1' is violated."),
    { class: 'check', constraint: 'p_chk_1' },
    400,
  ],
  ['pg too long', pg('22001', 'value too long for type character varying(3)'), { class: 'out_of_range', code: '22001' }, 400],
  ['pg out of range', pg('22003', 'smallint out of range'), { class: 'out_of_range' }, 400],
  [
    'mysql out of range',
    my('ER_WARN_DATA_OUT_OF_RANGE', 1264, '22003', "Out of range value for column 'n' at row 1"),
    { class: 'out_of_range', code: 'ER_WARN_DATA_OUT_OF_RANGE', column: 'n' },
    400,
  ],
  ['mysql too long', my('ER_DATA_TOO_LONG', 1406, '22001', "Data too long for column 'code' at row 1"), { class: 'out_of_range', column: 'code' }, 400],
  ['pg invalid text representation', pg('22P02', 'invalid input syntax for type integer: "zz"'), { class: 'invalid_value', code: '22P02' }, 400],
  [
    'mysql invalid value',
    my('ER_TRUNCATED_WRONG_VALUE_FOR_FIELD', 1366, '22007', "Incorrect integer value: 'zz' for column `h4probe`.`p`.`id` at row 1"),
    { class: 'invalid_value', code: 'ER_TRUNCATED_WRONG_VALUE_FOR_FIELD', column: 'id' },
    400,
  ],
  ['pg duplicate column', pg('42701', 'column "id" specified more than once'), { class: 'duplicate_column', column: 'id' }, 400],
  ['mysql duplicate column', my('ER_FIELD_SPECIFIED_TWICE', 1110, '42000', "Column 'id' specified twice"), { class: 'duplicate_column', column: 'id' }, 400],
  ['pg undefined column', pg('42703', 'column "nope" does not exist'), { class: 'undefined_column', column: 'nope' }, 400],
  [
    'mysql undefined column',
    my('ER_BAD_FIELD_ERROR', 1054, '42S22', "Unknown column 'nope' in 'SELECT'"),
    { class: 'undefined_column', code: '42703', column: 'nope' },
    400,
  ],
  ['pg undefined table', pg('42P01', 'relation "nope" does not exist'), { class: 'undefined_table', table: 'nope' }, 404],
  [
    'mysql undefined table',
    my('ER_NO_SUCH_TABLE', 1146, '42S02', "Table 'h4probe.nope' doesn't exist"),
    { class: 'undefined_table', code: '42P01', table: 'nope' },
    404,
  ],
  ['pg other 42xxx', pg('42601', 'syntax error at or near "x"'), { class: 'bad_statement' }, 400],
  ['mysql parse error', my('ER_PARSE_ERROR', 1064, '42000', 'You have an error in your SQL syntax'), { class: 'bad_statement', code: 'ER_PARSE_ERROR' }, 400],
  ['pg permission', pg('42501', 'permission denied for table p'), { class: 'permission', code: '42501' }, 403],
  [
    'mysql permission',
    my('ER_TABLEACCESS_DENIED_ERROR', 1142, '42000', "INSERT command denied to user 'u'@'h' for table 'p'"),
    { class: 'permission', code: '42501' },
    403,
  ],
  ['pg statement timeout', pg('57014', 'canceling statement due to statement timeout'), { class: 'statement_timeout', code: '57014' }, 504],
  [
    'mariadb statement timeout (no name in mysql2)',
    my(undefined, 1969, '70100', 'Query execution was interrupted (max_statement_time exceeded)'),
    { class: 'statement_timeout', code: '57014', driverCode: '' },
    504,
  ],
  ['pg lock timeout', pg('55P03', 'canceling statement due to lock timeout'), { class: 'lock_timeout' }, 500],
  ['mysql lock timeout', my('ER_LOCK_WAIT_TIMEOUT', 1205, 'HY000', 'Lock wait timeout exceeded'), { class: 'lock_timeout' }, 500],
  ['pg protocol violation', pg('08P01', 'bind message supplies 70000 parameters'), { class: 'protocol' }, 503],
  ['pg admin shutdown', pg('57P01', 'terminating connection due to administrator command'), { class: 'unavailable' }, 503],
  ['pg too many connections', pg('53300', 'sorry, too many clients already'), { class: 'unavailable' }, 503],
  [
    'connection refused',
    Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', errno: -111 }),
    { class: 'unavailable', engine: undefined, code: 'ECONNREFUSED' },
    503,
  ],
  ['mysql2 connection lost', Object.assign(new Error('lost'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true }), { class: 'unavailable' }, 503],
  ['pg read-only transaction (other)', pg('25006', 'cannot execute INSERT in a read-only transaction'), { class: 'other', code: '25006' }, 500],
  ['not a database error', new Error('boom'), { class: 'other', engine: undefined, code: '' }, 500],
  ['not even an object', 'boom', { class: 'other', code: '' }, 500],
  [
    'drizzle wrapper',
    Object.assign(new Error('Failed query: insert …'), { cause: pg('23505', 'duplicate key', { detail: 'Key (email)=(a@b.c) already exists.' }) }),
    { class: 'unique', code: '23505', keyColumns: ['email'] },
    409,
  ],
];

describe('classifyDbError', () => {
  it.each(cases)('%s', (_name, err, expected, status) => {
    const e = classifyDbError(err);
    expect(e).toMatchObject(expected);
    for (const [k, v] of Object.entries(expected)) if (v === undefined) expect(e[k as keyof TDbError]).toBeUndefined();
    expect(dbErrorHttp(e).status).toBe(status);
  });

  it('keeps PostgreSQL detail and gives the PostgREST code, PGRST000 without one', () => {
    expect(classifyDbError(pg('23502', 'x', { detail: 'Failing row contains (2, null).' })).detail).toBe('Failing row contains (2, null).');
    expect(dbErrorHttp(classifyDbError(new Error('boom')))).toEqual({ status: 500, code: 'PGRST000' });
    expect(dbErrorHttp(classifyDbError(my('ER_DUP_ENTRY', 1062, '23000', "Duplicate entry '1' for key 'PRIMARY'")))).toEqual({ status: 409, code: '23505' });
  });

  it('has one status for every class', () => {
    for (const status of Object.values(DB_ERROR_STATUS)) expect([400, 403, 404, 409, 500, 503, 504]).toContain(status);
  });
});
