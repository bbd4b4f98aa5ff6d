/**
 * A function action (decision 094): the database function published on the app's internal API, called in process
 * through the API builder's RPC path (`callRpc` with the app as internal principal: published-function check, rate
 * limit, statement timeout, personal columns of its answer masked) with named arguments `keys` (jsonb: the rows'
 * primary keys, e.g. [[1],[3]]), `table_name` (text) and `actor` (jsonb: { id, email }).
 */
import { randomUUID } from 'node:crypto';
import { PgrstError } from '../api-builder/data-api.service.ts';
import { callRpc } from '../api-builder/rpc.service.ts';
import type { TAppCtx } from './admin-builder.columns.ts';
import type { TActor, TDeps } from './admin-builder.deps.ts';

const RATE_PER_MINUTE = 6000;
const RESULT_CAP = 4000;

export type TFunctionOutcome = { ok: boolean; httpStatus?: number | undefined; error?: string | undefined; result?: unknown };

/** The answer as JSON, or its text cut to RESULT_CAP characters when longer. */
function capped(body: unknown): unknown {
  if (body === undefined) return undefined;
  const text = JSON.stringify(body);
  return text.length > RESULT_CAP ? `${text.slice(0, RESULT_CAP)}…` : body;
}

export async function callActionFunction(deps: TDeps, ctx: TAppCtx, actor: TActor, fn: string, table: string, keys: string[]): Promise<TFunctionOutcome> {
  try {
    const res = await callRpc(deps.api, {
      apiId: ctx.app.apiId,
      fn,
      method: 'POST',
      query: '',
      body: { keys: keys.map((k) => JSON.parse(k) as unknown), table_name: table, actor: { id: actor.id, email: actor.email ?? '' } },
      principal: { kind: 'internal', id: ctx.app.id, rateLimitPerMinute: RATE_PER_MINUTE },
    });
    deps.api.ctx.meter.record({ id: `api:${randomUUID()}`, seedId: ctx.app.seedId, meter: 'api.calls' });
    const body = res.raw !== undefined ? (res.raw ? (JSON.parse(res.raw) as unknown) : undefined) : res.body;
    // An in-process call: the internal route's status means nothing to the reader of the run record (no HTTP status).
    return { ok: true, result: capped(body) };
  } catch (e) {
    if (!(e instanceof PgrstError)) throw e;
    return { ok: false, error: e.message.slice(0, 200) };
  }
}
