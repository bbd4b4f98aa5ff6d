/**
 * Row actions (issue 36, decision 094): buttons on a row or a selection that POST the rows, as the caller sees them,
 * to an outside webhook — signed, through the outbound guard, after a confirm step the server enforces — and leave a
 * run record (admin_action_runs) whether it worked or not. Managers (owners, admins) define them per table; who may
 * run one: owners always, others when their role is listed and they may view the table; every row is read through
 * data(), so a row outside the caller's row rules stops the run before anything is sent.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { ko } from '@suite/shared';
import type { TAdminAction, TAdminActionRun } from '@suite/shared/schemas/admin-builder-actions';
import { AppError } from '../../lib/app-error.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import { present, tableIn, visibleColumns, type TAppCtx } from './admin-builder.columns.ts';
import { appContext, managedApp } from './admin-builder.context.ts';
import { data, rowsOf } from './admin-builder.data.ts';
import type { TActor, TDeps } from './admin-builder.deps.ts';
import { keysFilter } from './admin-builder.query.ts';
import * as rolesRepo from './admin-builder.repository.ts';
import { maskRow } from './admin-builder.rules.ts';
import * as repo from './admin-builder-actions.repository.ts';
import { isLoopbackHost, isPrivateIpHost, sendActionWebhook } from './admin-builder-actions.webhook.ts';
import { callActionFunction } from './admin-builder-actions.function.ts';
import type { TTableInfo } from '../api-builder/data-api.service.ts';

const a = ko.adminBuilder.actions.server;
const RUNS_PER_MINUTE = 30;
const RECENT_RUNS = 50;

type TInput = { table: string; label: string; kind: 'function' | 'webhook'; target: string; scope: 'row' | 'selection'; confirmText: string; roles: string[] };
type TScope = 'row' | 'selection';

const bad = (message: string, path?: string) => new AppError('ADMIN_BAD_INPUT', message, { status: 400, ...(path ? { details: [{ path, message }] } : {}) });
const newSecret = () => randomBytes(32).toString('base64url');

/** Owners always; others when their custom role (or, without one, their seed role) is listed and they may view the table. */
function mayRun(ctx: TAppCtx, row: repo.TActionRow): boolean {
  if (ctx.role === 'owner') return true;
  const roles = row.roles as string[];
  if (!roles.includes(ctx.custom?.id ?? ctx.role)) return false;
  try {
    tableIn(ctx, row.tableName, 'view');
    return true;
  } catch {
    return false;
  }
}

const view = (row: repo.TActionRow, canRun: boolean, manager: boolean): TAdminAction => ({
  id: row.id,
  table: row.tableName,
  label: row.label,
  kind: row.kind as 'function' | 'webhook',
  target: manager ? row.target : '',
  scope: row.scope as TScope,
  confirmText: row.confirmText,
  roles: manager ? (row.roles as string[]) : [],
  canRun,
});

/** Managers see every action of the app; others only those they may run (without the address). */
export async function listActions(deps: TDeps, actor: TActor, seedId: string, appId: string, table?: string): Promise<TAdminAction[]> {
  const ctx = await appContext(deps, actor, seedId, appId);
  const manager = ctx.role === 'owner' || ctx.role === 'admin';
  const rows = (await repo.listActions(deps.db, ctx.app.id)).filter((r) => !table || r.tableName === table);
  return rows.flatMap((r) => {
    const can = mayRun(ctx, r);
    return manager || can ? [view(r, can, manager)] : [];
  });
}

async function checkInput(deps: TDeps, app: rolesRepo.TAdminAppRow, input: TInput): Promise<TInput> {
  if (!app.tables.includes(input.table)) throw bad(a.tableUnknown(input.table.slice(0, 64)), 'table');
  if (input.kind === 'webhook') {
    const url = new URL(input.target);
    const allowPrivate = deps.api.config.allowPrivateUrls;
    const allowHttp = allowPrivate && isLoopbackHost(url.hostname);
    if (url.protocol !== 'https:' && !allowHttp) throw bad(a.targetLoopback, 'target');
    if (url.username || url.password) throw bad(ko.adminBuilder.actions.validation.target, 'target');
    // A private, loopback or link-local IP literal is refused now, with the outbound guard's own classification (a run
    // would be refused anyway); a host name is judged when a run resolves it (its DNS answer can change).
    if (!allowPrivate && isPrivateIpHost(url.hostname)) throw bad(a.targetPrivate, 'target');
  } else {
    // Published on the app's internal API now (the run calls only published functions); absent from the database: 400.
    await deps.connections.publishFunction(app.seedId, app.apiId, input.target).catch((e: unknown) => {
      throw e instanceof AppError && e.code === 'API_TABLE_INVALID' ? bad(a.functionMissing(input.target), 'target') : e;
    });
  }
  const roles = [...new Set(input.roles)];
  const custom = new Set((await rolesRepo.listRoles(deps.db, app.id)).map((r) => r.id));
  if (roles.some((r) => r !== 'admin' && r !== 'member' && !custom.has(r))) throw bad(a.roleUnknown, 'roles');
  return { ...input, roles };
}

const values = (input: TInput) => ({
  tableName: input.table,
  label: input.label,
  kind: input.kind,
  target: input.target,
  scope: input.scope,
  confirmText: input.confirmText,
  roles: input.roles,
});

/**
 * An admin the owner restricted on a table may not define, re-point, re-key or delete that table's actions (security
 * review): an action sends the rows its runner sees, so its target is the table's to decide. Owners always may.
 */
async function mayManageTable(deps: TDeps, actor: TActor, seedId: string, appId: string, ...tables: string[]) {
  const ctx = await appContext(deps, actor, seedId, appId);
  if (ctx.role === 'owner') return;
  for (const table of tables) if (ctx.app.tables.includes(table)) tableIn(ctx, table, 'view');
}

export async function createAction(deps: TDeps, actor: TActor, seedId: string, appId: string, input: TInput) {
  const app = await managedApp(deps, actor, seedId, appId);
  await mayManageTable(deps, actor, seedId, appId, input.table);
  const clean = await checkInput(deps, app, input);
  const secret = clean.kind === 'webhook' ? newSecret() : undefined;
  const row = await repo.insertAction(deps.db, {
    appId: app.id,
    ...values(clean),
    secretSealed: secret ? encryptSecret(deps.api.config.encryptionKey, secret) : null,
    createdBy: actor.id,
  });
  return { action: view(row, true, true), secret };
}

async function ownAction(deps: TDeps, appId: string, actionId: string) {
  const row = await repo.findAction(deps.db, appId, actionId);
  if (!row) throw new AppError('ADMIN_ROW_NOT_FOUND', a.notFound);
  return row;
}

export async function updateAction(deps: TDeps, actor: TActor, seedId: string, appId: string, actionId: string, input: TInput) {
  const app = await managedApp(deps, actor, seedId, appId);
  const row = await ownAction(deps, app.id, actionId);
  await mayManageTable(deps, actor, seedId, appId, row.tableName, input.table);
  const clean = await checkInput(deps, app, input);
  // A function action turned into a webhook gets its first secret (shown in this answer, once).
  const secret = clean.kind === 'webhook' && !row.secretSealed ? newSecret() : undefined;
  const sealed = secret ? { secretSealed: encryptSecret(deps.api.config.encryptionKey, secret) } : {};
  return { action: view(await repo.updateAction(deps.db, row.id, { ...values(clean), ...sealed }, deps.now()), true, true), secret };
}

export async function rotateSecret(deps: TDeps, actor: TActor, seedId: string, appId: string, actionId: string) {
  const app = await managedApp(deps, actor, seedId, appId);
  const row = await ownAction(deps, app.id, actionId);
  await mayManageTable(deps, actor, seedId, appId, row.tableName);
  if (row.kind !== 'webhook') throw bad(a.noSecret);
  const secret = newSecret();
  const saved = await repo.updateAction(deps.db, row.id, { secretSealed: encryptSecret(deps.api.config.encryptionKey, secret) }, deps.now());
  return { action: view(saved, true, true), secret };
}

export async function deleteAction(deps: TDeps, actor: TActor, seedId: string, appId: string, actionId: string) {
  const app = await managedApp(deps, actor, seedId, appId);
  const row = await ownAction(deps, app.id, actionId);
  await mayManageTable(deps, actor, seedId, appId, row.tableName);
  await repo.deleteAction(deps.db, row.id);
}

/**
 * One run: permission, scope, rate limit, then every row read through data() (row rules apply; a key the caller
 * cannot read stops the run, nothing sent), then the webhook, then the run record (ok or failed).
 */
export async function runAction(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, actionId: string, keys: string[]) {
  const ctx = await appContext(deps, actor, seedId, appId);
  const action = await ownAction(deps, ctx.app.id, actionId);
  if (action.tableName !== table) throw new AppError('ADMIN_ROW_NOT_FOUND', a.notFound);
  if (!mayRun(ctx, action)) throw new AppError('ADMIN_APP_FORBIDDEN', a.forbidden);
  const t = tableIn(ctx, table, 'view');
  const unique = [...new Set(keys)];
  if (action.scope === 'row' && unique.length !== 1) throw bad(a.oneRow, 'keys');
  const hit = await deps.api.state.hit(`ab:action-run:${actor.id}`, 60_000);
  if (hit.count > RUNS_PER_MINUTE) throw new AppError('RATE_LIMITED', a.rateLimited, { headers: { 'retry-after': String(Math.ceil(hit.resetMs / 1000)) } });
  const cols = visibleColumns(ctx, t, 'row');
  const res = await data(deps, ctx, { table, method: 'GET', query: { select: cols, where: keysFilter(t, unique), limit: unique.length } });
  const rows = rowsOf(res);
  if (rows.length !== unique.length) throw new AppError('ADMIN_ROW_NOT_FOUND', a.rowMissing);
  // The run's id is chosen before the webhook is sent: the delivery carries it (`runId`, `X-Suite-Run`) so a receiver can
  // de-duplicate, and the run record is stored under it.
  const runId = randomUUID();
  const out =
    action.kind === 'function'
      ? await callActionFunction(deps, ctx, actor, action.target, table, unique)
      : await deliver(deps, ctx, actor, action, t, cols, rows, runId);
  await repo.insertRun(deps.db, {
    id: runId,
    appId: ctx.app.id,
    actionId: action.id,
    actionLabel: action.label,
    actorId: actor.id,
    actorName: actor.name,
    tableName: table,
    rowKeys: unique,
    status: out.ok ? 'ok' : 'failed',
    httpStatus: out.httpStatus ?? null,
    error: out.ok ? null : (out.error ?? '').slice(0, 200),
  });
  if (!out.ok) {
    const reason =
      action.kind === 'function'
        ? a.functionFailed(out.error ?? '')
        : 'blocked' in out && out.blocked
          ? a.webhookBlocked
          : a.webhookFailed(out.httpStatus ? `HTTP ${out.httpStatus}` : '응답 없음');
    throw new AppError('ADMIN_DB_REFUSED', reason, { status: 502 });
  }
  // A function's answer is whatever it returns, read as the connection's user, past row rules and the pages' masking
  // (security review): only managers, who define the function, get it back; other runners get the outcome.
  const manager = ctx.role === 'owner' || ctx.role === 'admin';
  return { status: 'ok' as const, httpStatus: out.httpStatus, rows: unique.length, result: manager && 'result' in out ? out.result : undefined };
}

/** The webhook: the rows as the caller sees them (masked columns stay ●●●), signed with the action's secret. */
async function deliver(
  deps: TDeps,
  ctx: TAppCtx,
  actor: TActor,
  action: repo.TActionRow,
  t: TTableInfo,
  cols: string[],
  rows: Record<string, unknown>[],
  runId: string,
) {
  const shown = rows.map((r) => maskRow(ctx, t.name, present(t, cols, r)));
  const now = deps.now();
  const payload = {
    runId,
    action: { id: action.id, label: action.label },
    table: t.name,
    rows: shown,
    actor: { email: actor.email ?? '', name: actor.name },
    sentAt: now.toISOString(),
  };
  const secret = decryptSecret(deps.api.config.encryptionKey, action.secretSealed ?? '');
  return sendActionWebhook(action.target, secret, payload, { allowPrivate: deps.api.config.allowPrivateUrls, now, runId });
}

/** The app's recent runs, newest first (managers). */
export async function recentRuns(deps: TDeps, actor: TActor, seedId: string, appId: string): Promise<TAdminActionRun[]> {
  const app = await managedApp(deps, actor, seedId, appId);
  return (await repo.recentRuns(deps.db, app.id, RECENT_RUNS)).map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    actionLabel: r.actionLabel,
    actorName: r.actorName,
    table: r.tableName,
    rows: (r.rowKeys as string[]).length,
    status: r.status,
    httpStatus: r.httpStatus,
    error: r.error,
  }));
}
