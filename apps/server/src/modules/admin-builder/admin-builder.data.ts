/**
 * Rows go through the API builder's data API, in process, over the app's internal API (same scope, rate limit,
 * cache, planner and SQL as an API key's request), with the query as a typed tree; a database refusal comes back as
 * a Korean message on the field it concerns.
 */
import { randomUUID } from 'node:crypto';
import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { callDataApiTyped, dbErrorOf, PgrstError, type TTypedDataCall } from '../api-builder/data-api.service.ts';
import type { TAppCtx } from './admin-builder.columns.ts';
import type { TDeps } from './admin-builder.deps.ts';
import { treeOf, type TQuery } from './admin-builder.query.ts';
import { guarded } from './admin-builder.rules.ts';

const m = ko.adminBuilder.server;
const RATE_PER_MINUTE = 6000;

export type TDataRequest = Omit<TTypedDataCall, 'apiId' | 'principal' | 'query'> & { query: TQuery };

/**
 * Every read and write of an app's rows passes here: a custom role's row rules are applied first (decision 092,
 * admin-builder.rules.ts), so no route reads or writes a row outside them.
 */
export async function data(deps: TDeps, ctx: TAppCtx, given: TDataRequest) {
  const call = guarded(ctx, given);
  try {
    const res = await callDataApiTyped(deps.api, {
      ...call,
      query: treeOf(call.query),
      apiId: ctx.app.apiId,
      principal: { kind: 'internal', id: ctx.app.id, rateLimitPerMinute: RATE_PER_MINUTE },
    });
    if (ctx.billing && !ctx.billing.recorded && res.status >= 200 && res.status < 300) {
      ctx.billing.recorded = true;
      deps.api.ctx.meter.record({ id: `api:${randomUUID()}`, seedId: ctx.app.seedId, meter: 'api.calls' });
    }
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

/**
 * The database's refusal as a Korean message on the field it concerns, from the data API's one classification
 * (lib/db-errors.ts, carried on the error): the column it names, else a unique or foreign key's first column, else
 * the column a constraint's name contains (a primary key's: the key's first column).
 */
function refusal(ctx: TAppCtx, table: string, err: unknown): unknown {
  if (!(err instanceof PgrstError)) return err;
  const db = dbErrorOf(err);
  const t = ctx.tables.get(table);
  const label = (c: string) => ctx.settings.get(table)?.columnLabels[c] || c;
  if (!db || !t) return new AppError('ADMIN_DB_REFUSED', err.message, { status: upstream(err.status) });
  const cols = t.columns.map((c) => c.name);
  const guess = (): string | undefined => {
    if (db.column && cols.includes(db.column)) return db.column;
    const key = db.keyColumns?.[0];
    if (key && cols.includes(key)) return key;
    const name = db.constraint ?? '';
    if (name === 'PRIMARY' || /_pkey$/.test(name)) return t.primaryKey[0];
    return [...cols].sort((a, b) => b.length - a.length).find((c) => name.includes(c));
  };
  const field = guess();
  const f = field ? label(field) : table;
  let message: string;
  switch (db.class) {
    case 'unique':
      message = m.unique(f);
      break;
    case 'referenced':
      return new AppError('ADMIN_DB_REFUSED', m.referenced, { status: 409 });
    case 'foreign_key':
      message = m.foreignKey(f);
      break;
    case 'not_null':
      message = m.notNull(f);
      break;
    case 'check':
      message = m.check(f);
      break;
    case 'out_of_range':
      message = m.outOfRange(f);
      break;
    case 'invalid_value':
      message = m.badValue(f);
      break;
    case 'duplicate_column':
      message = m.csvDuplicateHeader(f);
      break;
    // A protocol error (08P01: too many bind parameters, a bad message) is not an outage: never "cannot connect".
    case 'protocol':
      return new AppError('ADMIN_DB_REFUSED', m.dbFailed, { status: 502 });
    default:
      if (err.status !== 400) return new AppError('ADMIN_DB_REFUSED', err.message, { status: upstream(err.status) });
      message = field ? m.badValue(f) : err.message;
  }
  const status = err.status >= 500 ? 400 : err.status;
  return new AppError('ADMIN_DB_REFUSED', message, { status, ...(field ? { details: [{ path: field, message }] } : {}) });
}
