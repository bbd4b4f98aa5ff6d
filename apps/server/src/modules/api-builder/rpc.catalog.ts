/**
 * Functions of a customer's database for `/rpc/{function}` (issue 36): what the catalog says about them (arguments,
 * volatility, what they return), read live from the database when a function is published or called.
 *
 * PostgreSQL: ordinary functions (`prokind = 'f'`) of the connection's schema; overloads are told apart by their
 * argument names, as PostgREST does. MariaDB/MySQL: stored functions and stored procedures of the database; a
 * procedure is called with `CALL` and answers its first result set (or its OUT parameters).
 */
import type { TEngine } from './engines/engine.ts';

export type TFnArg = { name: string; type: string; hasDefault: boolean };
export type TFnColumn = { name: string; type: string };
export type TDbFunction = {
  name: string;
  /** 'function' (PostgreSQL, MariaDB stored function) or 'procedure' (MariaDB stored procedure). */
  kind: 'function' | 'procedure';
  /** Input arguments in call order. */
  args: TFnArg[];
  /** MariaDB procedures: OUT/INOUT parameter names, read back after the call. */
  outArgs: string[];
  /** MariaDB procedures: every parameter name in position order (the CALL's argument list). */
  callOrder: string[];
  /** Callable with GET: STABLE/IMMUTABLE (PostgreSQL); DETERMINISTIC or NO SQL/READS SQL DATA functions (MariaDB). */
  readOnly: boolean;
  /** 'rows': rows (a set of a composite/record); 'row': one object; 'values': a set of scalars; 'value': a scalar; 'void'. */
  returns: 'rows' | 'row' | 'values' | 'value' | 'void';
  /** The result's columns (rows/row), for select, filters and order on a set. */
  columns: TFnColumn[];
  returnType: string;
};

type TPgFnRow = {
  name: string;
  volatility: string;
  returns_set: boolean;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  n_in: number;
  n_defaults: number;
  return_type: string;
  ret_composite: boolean;
  ret_columns: TFnColumn[] | null;
};

const PG_FUNCTIONS = `SELECT p.proname AS name, p.provolatile::text AS volatility, p.proretset AS returns_set,
       p.proargnames AS arg_names, p.proargmodes::text[] AS arg_modes,
       ARRAY(SELECT format_type(x, NULL) FROM unnest(COALESCE(p.proallargtypes, p.proargtypes::oid[])) WITH ORDINALITY u(x, i) ORDER BY u.i)::text[] AS arg_types,
       p.pronargs::int AS n_in, p.pronargdefaults::int AS n_defaults,
       format_type(p.prorettype, NULL) AS return_type, t.typrelid <> 0 AS ret_composite,
       (SELECT json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) ORDER BY a.attnum)
          FROM pg_attribute a WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped) AS ret_columns
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_type t ON t.oid = p.prorettype
 WHERE n.nspname = current_schema() AND p.prokind = 'f'`;

function pgFunction(r: TPgFnRow): TDbFunction {
  const names = r.arg_names ?? [];
  const modes = r.arg_modes ?? r.arg_types.map(() => 'i');
  const args: TFnArg[] = [];
  const outCols: TFnColumn[] = [];
  modes.forEach((mode, i) => {
    const name = names[i] ?? '';
    const type = r.arg_types[i] ?? 'text';
    if (mode === 'i' || mode === 'b' || mode === 'v') args.push({ name, type, hasDefault: false });
    if (mode === 'o' || mode === 'b' || mode === 't') outCols.push({ name, type });
  });
  // The last `pronargdefaults` input arguments have defaults.
  args.forEach((a, i) => (a.hasDefault = i >= args.length - r.n_defaults));
  const record = r.return_type === 'record';
  const columns = r.ret_composite ? (r.ret_columns ?? []) : record ? outCols : [];
  const shaped = r.ret_composite || record;
  const returns = r.returns_set ? (shaped ? 'rows' : 'values') : shaped ? 'row' : r.return_type === 'void' ? 'void' : 'value';
  return { name: r.name, kind: 'function', args, outArgs: [], callOrder: [], readOnly: r.volatility !== 'v', returns, columns, returnType: r.return_type };
}

type TMyRoutine = { name: string; type: string; det: string; access: string; ret: string | null };
type TMyParam = { fn: string; rtype: string; pos: number; mode: string | null; name: string | null; type: string };

async function mysqlFunctions(engine: TEngine, name?: string): Promise<TDbFunction[]> {
  const only = name === undefined ? '' : ' AND ROUTINE_NAME = ?';
  const onlyP = name === undefined ? '' : ' AND SPECIFIC_NAME = ?';
  const args = name === undefined ? [] : [name];
  const [routines, params] = await Promise.all([
    engine.query(
      `SELECT ROUTINE_NAME AS name, ROUTINE_TYPE AS type, IS_DETERMINISTIC AS det, SQL_DATA_ACCESS AS access, DTD_IDENTIFIER AS ret
         FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE()${only} ORDER BY ROUTINE_NAME`,
      args,
    ),
    engine.query(
      `SELECT SPECIFIC_NAME AS fn, ROUTINE_TYPE AS rtype, ORDINAL_POSITION AS pos, PARAMETER_MODE AS mode, PARAMETER_NAME AS name, DTD_IDENTIFIER AS type
         FROM information_schema.PARAMETERS WHERE SPECIFIC_SCHEMA = DATABASE()${onlyP} ORDER BY SPECIFIC_NAME, ORDINAL_POSITION`,
      args,
    ),
  ]);
  return (routines.rows as TMyRoutine[]).map((r) => {
    const mine = (params.rows as TMyParam[]).filter((p) => p.fn === r.name && p.rtype === r.type && Number(p.pos) > 0 && p.name);
    const procedure = r.type === 'PROCEDURE';
    return {
      name: r.name,
      kind: procedure ? 'procedure' : 'function',
      args: mine.filter((p) => !procedure || p.mode === 'IN').map((p) => ({ name: p.name!, type: p.type, hasDefault: false })),
      callOrder: mine.map((p) => p.name!),
      outArgs: procedure ? mine.filter((p) => p.mode === 'OUT' || p.mode === 'INOUT').map((p) => p.name!) : [],
      readOnly: !procedure && (r.det === 'YES' || r.access === 'NO SQL' || r.access === 'READS SQL DATA'),
      returns: procedure ? 'rows' : 'value',
      columns: [],
      returnType: procedure ? '' : (r.ret ?? ''),
    } satisfies TDbFunction;
  });
}

/** Every function of the database (for the console's publish screen); PostgreSQL overloads appear once each. */
export async function listFunctions(engine: TEngine): Promise<TDbFunction[]> {
  if (engine.kind === 'mysql') return mysqlFunctions(engine);
  const r = await engine.query(`${PG_FUNCTIONS} ORDER BY p.proname, p.oid`);
  return (r.rows as TPgFnRow[]).map(pgFunction);
}

/**
 * A call's catalog read, kept per connection's engine for CATALOG_TTL_MS (decision 091's bench: reading pg_proc on
 * every call cost two thirds of an RPC's throughput). Like PostgREST's schema cache, a function redefined in the
 * database is seen within that time; concurrent calls share one read. A failed read is not kept.
 */
export const CATALOG_TTL_MS = 5_000;
const catalogMemo = new WeakMap<TEngine, Map<string, { at: number; fns: Promise<TDbFunction[]> }>>();

/** The overloads of `name` (MariaDB: the one routine of that name, a function before a procedure). */
export async function functionsNamed(engine: TEngine, name: string): Promise<TDbFunction[]> {
  let memo = catalogMemo.get(engine);
  if (!memo) catalogMemo.set(engine, (memo = new Map()));
  const hit = memo.get(name);
  if (hit && performance.now() - hit.at < CATALOG_TTL_MS) return hit.fns;
  const fns = readFunctionsNamed(engine, name);
  if (memo.size >= 1_000) memo.clear();
  memo.set(name, { at: performance.now(), fns });
  fns.catch(() => memo.get(name)?.fns === fns && memo.delete(name));
  return fns;
}

async function readFunctionsNamed(engine: TEngine, name: string): Promise<TDbFunction[]> {
  if (engine.kind === 'mysql') return mysqlFunctions(engine, name);
  const r = await engine.query(`${PG_FUNCTIONS} AND p.proname = $1 ORDER BY p.oid`, [name]);
  return (r.rows as TPgFnRow[]).map(pgFunction);
}
