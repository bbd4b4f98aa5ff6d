/**
 * Saved views per person (issue 36, decision 093): a view keeps the list's filters, sort, columns and search. Only its
 * owner sees or changes it (another person's id is 404); it needs `view` on the table; its config is checked on save
 * with the list's own rules (unknown columns, masked columns only by empty/not-empty, never sorted by), so a saved view
 * never holds what the list would refuse.
 */
import { ko } from '@suite/shared';
import { ADMIN_VIEWS_MAX, type TAdminView, type TAdminViewConfig } from '@suite/shared/schemas/admin-builder-views';
import { AppError } from '../../lib/app-error.ts';
import { isMasked, tableIn, visibleColumns, type TAppCtx } from './admin-builder.columns.ts';
import { appContext } from './admin-builder.context.ts';
import type { TActor, TDeps } from './admin-builder.deps.ts';
import { filterConditions } from './admin-builder.query.ts';
import * as repo from './admin-builder-views.repository.ts';

const m = ko.adminBuilder.views.server;
const bad = (message: string) => new AppError('ADMIN_BAD_INPUT', message, { status: 400 });
const cut = (c: string) => c.slice(0, 64);

/** The config against the table as this person sees it: the list's columns, filters and sort rules. */
function checkConfig(ctx: TAppCtx, table: string, config: TAdminViewConfig): TAdminViewConfig {
  const t = ctx.tables.get(table)!;
  const list = ctx.settings.get(table)!.listColumns;
  for (const c of config.columns) if (!list.includes(c)) throw bad(m.unknownListColumn(cut(c)));
  // The list route's own filter check (unknown column, masked only by empty/not-empty, numbers and dates) in Korean.
  const query: Record<string, unknown> = { q: config.q };
  // A column without values filters nothing and is not kept (security review: thousands of empty keys were stored).
  const filters = Object.fromEntries(Object.entries(config.filters).filter(([, values]) => values.length));
  for (const [c, values] of Object.entries(filters)) query[`f.${c}`] = values;
  filterConditions(ctx, t, query);
  if (config.sort) {
    const column = config.sort.replace(/\.(asc|desc)$/, '');
    if (!visibleColumns(ctx, t, 'list').includes(column)) throw bad(ko.adminBuilder.server.unknownColumn(cut(column)));
    if (isMasked(ctx, table, column)) throw bad(m.maskedSort(cut(column)));
  }
  return { ...config, filters, columns: [...new Set(config.columns)] };
}

const present = (r: repo.TSavedViewRow): TAdminView => ({
  id: r.id,
  name: r.name,
  config: r.config as TAdminViewConfig,
  updatedAt: r.updatedAt.toISOString(),
});

async function owner(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string) {
  const ctx = await appContext(deps, actor, seedId, appId);
  tableIn(ctx, table, 'view');
  return { ctx, o: { appId, userId: actor.id, tableName: table } };
}

export async function listViews(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string): Promise<TAdminView[]> {
  const { o } = await owner(deps, actor, seedId, appId, table);
  return (await repo.listViews(deps.db, o)).map(present);
}

export async function createView(
  deps: TDeps,
  actor: TActor,
  seedId: string,
  appId: string,
  table: string,
  input: { name: string; config: TAdminViewConfig },
): Promise<TAdminView> {
  const { ctx, o } = await owner(deps, actor, seedId, appId, table);
  const config = checkConfig(ctx, table, input.config);
  if ((await repo.countViews(deps.db, o)) >= ADMIN_VIEWS_MAX) throw new AppError('CONFLICT', m.tooMany(ADMIN_VIEWS_MAX), { status: 409 });
  if (await repo.findViewByName(deps.db, o, input.name)) throw new AppError('CONFLICT', m.nameTaken, { status: 409 });
  try {
    return present(await repo.insertView(deps.db, o, input.name, config));
  } catch (err) {
    // Two saves with one name at once: the unique index answers for the second.
    if (await repo.findViewByName(deps.db, o, input.name)) throw new AppError('CONFLICT', m.nameTaken, { status: 409 });
    throw err;
  }
}

export async function updateView(
  deps: TDeps,
  actor: TActor,
  seedId: string,
  appId: string,
  table: string,
  id: string,
  input: { name?: string | undefined; config?: TAdminViewConfig | undefined },
): Promise<TAdminView> {
  const { ctx, o } = await owner(deps, actor, seedId, appId, table);
  const found = await repo.findView(deps.db, o, id);
  if (!found) throw new AppError('NOT_FOUND', m.notFound);
  const values: { name?: string; config?: unknown } = {};
  if (input.config) values.config = checkConfig(ctx, table, input.config);
  if (input.name !== undefined && input.name !== found.name) {
    if (await repo.findViewByName(deps.db, o, input.name)) throw new AppError('CONFLICT', m.nameTaken, { status: 409 });
    values.name = input.name;
  }
  const row = await repo.updateView(deps.db, o, id, values, deps.now());
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return present(row);
}

export async function deleteView(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, id: string) {
  const { o } = await owner(deps, actor, seedId, appId, table);
  if (!(await repo.deleteView(deps.db, o, id))) throw new AppError('NOT_FOUND', m.notFound);
}
