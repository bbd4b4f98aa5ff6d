/**
 * Rows go through the API builder's data API, in process, over the app's internal API (same scope, rate limit,
 * cache, planner and SQL as an API key's request), with the query as a typed tree; a database refusal comes back as
 * a Korean message on the field it concerns.
 */
import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { callDataApiTyped, dbCauseOf, PgrstError, type TTypedDataCall } from '../api-builder/data-api.service.ts';
import type { TAppCtx } from './admin-builder.columns.ts';
import type { TDeps } from './admin-builder.deps.ts';
import { treeOf, type TQuery } from './admin-builder.query.ts';

const m = ko.adminBuilder.server;
const RATE_PER_MINUTE = 6000;

export type TDataRequest = Omit<TTypedDataCall, 'apiId' | 'principal' | 'query'> & { query: TQuery };

export async function data(deps: TDeps, ctx: TAppCtx, call: TDataRequest) {
  try {
    const res = await callDataApiTyped(deps.api, {
      ...call,
      query: treeOf(call.query),
      apiId: ctx.app.apiId,
      principal: { kind: 'internal', id: ctx.app.id, rateLimitPerMinute: RATE_PER_MINUTE },
    });
    const body = res.raw !== undefined ? (res.raw ? JSON.parse(res.raw) : undefined) : res.body;
    return { status: res.status, headers: res.headers, body };
  } catch (e) {
    throw refusal(ctx, call.table, e);
  }
}

/** The rows of a read (or of a write's representation). */
export const rowsOf = (res: { body: unknown }) => res.body as Record<string, unknown>[];

/** The total of a counted read (`Content-Range: 0-24/137`). */
export const totalOf = (res: { headers: Record<string, string> }) => /\/(\d+)$/.exec(res.headers['content-range'] ?? '')?.[1];

/** A status for a refusal that is not the customer's input: 5xx (but 503/504) is the customer's database failing, 502. */
const upstream = (status: number) => (status >= 500 && status !== 503 && status !== 504 ? 502 : status);

/** The database's refusal as a Korean message on the field it concerns. */
function refusal(ctx: TAppCtx, table: string, err: unknown): unknown {
  if (!(err instanceof PgrstError)) return err;
  const cause = dbCauseOf(err);
  const t = ctx.tables.get(table);
  const label = (c: string) => ctx.settings.get(table)?.columnLabels[c] || c;
  if (!cause || !t) return new AppError('ADMIN_DB_REFUSED', err.message, { status: upstream(err.status) });
  const cols = t.columns.map((c) => c.name);
  const text = `${cause.detail ?? ''} ${cause.message}`;
  const guess = (): string | undefined => {
    if (cause.column && cols.includes(cause.column)) return cause.column;
    const key = /Key \(([^)]+)\)=/.exec(text)?.[1]?.split(',')[0]?.trim().replace(/"/g, '');
    if (key && cols.includes(key)) return key;
    const myFk = /FOREIGN KEY \(`([^`]+)`\)/.exec(text)?.[1];
    if (myFk && cols.includes(myFk)) return myFk;
    const myCol = /Column '([^']+)'/.exec(text)?.[1] ?? /Field '([^']+)'/.exec(text)?.[1] ?? /for column (?:`[^`]*`\.)*[`']?([^`']+)[`']?/i.exec(text)?.[1];
    if (myCol && cols.includes(myCol)) return myCol;
    const dupKey = /for key '(?:[^.']*\.)?([^']+)'/.exec(text)?.[1];
    const name = cause.constraint ?? dupKey ?? /CONSTRAINT `(?:[^`.]*\.)?([^`]+)`/.exec(text)?.[1] ?? '';
    if (name === 'PRIMARY' || /_pkey$/.test(name)) return t.primaryKey[0];
    return [...cols].sort((a, b) => b.length - a.length).find((c) => name.includes(c));
  };
  const code = cause.code;
  const field = guess();
  const f = field ? label(field) : table;
  let message: string;
  let status = err.status;
  if (code === '23505' || code === 'ER_DUP_ENTRY') message = m.unique(f);
  else if ((code === '23503' && /still referenced/.test(text)) || code === 'ER_ROW_IS_REFERENCED_2' || code === 'ER_ROW_IS_REFERENCED')
    return new AppError('ADMIN_DB_REFUSED', m.referenced, { status: 409 });
  else if (code === '23503' || code === 'ER_NO_REFERENCED_ROW_2' || code === 'ER_NO_REFERENCED_ROW') message = m.foreignKey(f);
  else if (code === '23502' || code === 'ER_BAD_NULL_ERROR' || code === 'ER_NO_DEFAULT_FOR_FIELD') message = m.notNull(f);
  else if (code === '23514' || code === 'ER_CHECK_CONSTRAINT_VIOLATED' || cause.errno === 4025 || cause.errno === 3819) message = m.check(f);
  else if (/^ER_(WARN_DATA_OUT_OF_RANGE|DATA_TOO_LONG|WARN_DATA_TRUNCATED|DATA_OUT_OF_RANGE)$/.test(code) || code === '22001' || code === '22003')
    message = m.outOfRange(f);
  else if (
    /^ER_(TRUNCATED_WRONG_VALUE|TRUNCATED_WRONG_VALUE_FOR_FIELD|WRONG_VALUE|WRONG_VALUE_FOR_TYPE|INVALID_JSON_TEXT|INVALID_CHARACTER_STRING)/.test(code) ||
    /^22/.test(code)
  )
    message = m.badValue(f);
  else if (code === 'ER_FIELD_SPECIFIED_TWICE') message = m.csvDuplicateHeader(f);
  // A protocol error (08P01: too many bind parameters, a bad message) is not an outage: never "cannot connect".
  else if (code === '08P01') return new AppError('ADMIN_DB_REFUSED', m.dbFailed, { status: 502 });
  else if (err.status === 400) message = field ? m.badValue(f) : err.message;
  else return new AppError('ADMIN_DB_REFUSED', err.message, { status: upstream(err.status) });
  if (status >= 500) status = 400;
  return new AppError('ADMIN_DB_REFUSED', message, { status, ...(field ? { details: [{ path: field, message }] } : {}) });
}
