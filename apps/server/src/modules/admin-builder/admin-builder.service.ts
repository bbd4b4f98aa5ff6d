/**
 * Admin-page builder: apps over an API-builder connection, per-table settings and role rights, rows read and written
 * only through the API builder's data API (`callDataApi` with the app's internal API), Korean field errors from the
 * database's own refusals, and an audit row per change.
 */
import { ko } from '@suite/shared';
import type {
  TAdminApp,
  TAdminAppDetail,
  TAdminAuditEntry,
  TAdminColumn,
  TAdminRight,
  TAdminTable,
  TAdminTableSettings,
} from '@suite/shared/schemas/admin-builder';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { TDb } from '../../db/client.ts';
import { seedFor } from '../seeds/seeds.service.ts';
import type { TApiBuilderDeps as TApiDeps } from '../api-builder/data-api.service.ts';
import { connectionForAdmin, createInternalApi, deleteInternalApi } from '../api-builder/api-builder.service.ts';
import { callDataApi, dbCauseOf, PgrstError, type TDataCall, type TSchemaInfo, type TTableInfo } from '../api-builder/data-api.service.ts';
import { csvLine } from '../../lib/csv.ts';
import * as repo from './admin-builder.repository.ts';

const m = ko.adminBuilder.server;
const RIGHTS: TAdminRight[] = ['view', 'create', 'edit', 'delete'];
const RATE_PER_MINUTE = 6000;
const EXPORT_MAX = 50_000;

export type TDeps = { api: TApiDeps; db: TDb };
export type TActor = { id: string; ip: string; name: string };

/* ---------------- schema and settings ---------------- */

function kindOf(type: string): TAdminColumn['kind'] {
  const t = type.toLowerCase();
  if (t === 'boolean' || t === 'tinyint(1)' || t === 'bool') return 'boolean';
  if (/^(small|big)?int|^integer|^(tiny|medium)int|^numeric|^decimal|^real|^double|^float|^serial|^bigserial|^money/.test(t)) return 'number';
  if (t === 'date') return 'date';
  if (/^timestamp|^datetime/.test(t)) return 'datetime';
  if (/^jsonb?$/.test(t)) return 'json';
  if (/char|text|^enum|^uuid|^citext|^time\b|^time\(|^time without|^time with/.test(t)) return 'text';
  return 'other';
}

/** `enum('a','b''c')` → ['a', "b'c"] (MySQL/MariaDB COLUMN_TYPE). */
export function enumValuesOf(type: string): string[] | null {
  const body = /^enum\((.*)\)$/i.exec(type.trim())?.[1];
  if (!body) return null;
  return [...body.matchAll(/'((?:[^']|'')*)'/g)].map((x) => x[1]!.replace(/''/g, "'"));
}

const maxLengthOf = (type: string) => {
  const x = /(?:varchar|character varying|char|character)\((\d+)\)/i.exec(type);
  return x ? Number(x[1]) : null;
};

function defaultSettings(t: TTableInfo, displayCandidates: string[]): TAdminTableSettings {
  const cols = t.columns.map((c) => c.name);
  const display = displayCandidates.find((c) => cols.includes(c)) ?? t.columns.find((c) => kindOf(c.type) === 'text')?.name ?? t.primaryKey[0] ?? null;
  return {
    label: '',
    columnLabels: {},
    listColumns: cols,
    formColumns: cols,
    readOnlyColumns: [],
    defaultSort: t.primaryKey[0] ? { column: t.primaryKey[0], dir: 'asc' } : null,
    displayColumn: display,
    permissions: { admin: [...RIGHTS], member: ['view'] },
  };
}

function settingsFor(t: TTableInfo, stored: unknown): TAdminTableSettings {
  const base = defaultSettings(t, ['name', 'title', 'label', 'email', 'code']);
  const s = (stored ?? {}) as Partial<TAdminTableSettings>;
  const cols = new Set(t.columns.map((c) => c.name));
  const keep = (xs: string[] | undefined, fallback: string[]) => (xs ? xs.filter((c) => cols.has(c)) : fallback);
  return {
    label: s.label ?? base.label,
    columnLabels: s.columnLabels ?? base.columnLabels,
    listColumns: keep(s.listColumns, base.listColumns),
    formColumns: keep(s.formColumns, base.formColumns),
    readOnlyColumns: keep(s.readOnlyColumns, base.readOnlyColumns),
    defaultSort: s.defaultSort && cols.has(s.defaultSort.column) ? s.defaultSort : base.defaultSort,
    displayColumn: s.displayColumn && cols.has(s.displayColumn) ? s.displayColumn : base.displayColumn,
    permissions: s.permissions ?? base.permissions,
  };
}

export type TAppCtx = {
  app: repo.TAdminAppRow;
  role: string;
  engine: 'postgres' | 'mysql';
  connectionName: string;
  rowCap: number;
  tables: Map<string, TTableInfo>;
  settings: Map<string, TAdminTableSettings>;
};

export const appContext = (deps: TDeps, actor: TActor, seedId: string, appId: string) => appCtx(deps, actor, seedId, appId);
export const writableColumnsOf = (ctx: TAppCtx, t: TTableInfo) => writableColumns(ctx, t);

async function appCtx(deps: TDeps, actor: TActor, seedId: string, appId: string): Promise<TAppCtx> {
  // Membership, app and settings in parallel (the list's first page waits for them); a non-member learns nothing.
  const [seed, app, stored] = await Promise.all([seedFor(deps.db, seedId, actor.id), repo.findApp(deps.db, seedId, appId), repo.settingsOf(deps.db, appId)]);
  if (!app) throw new AppError('ADMIN_APP_NOT_FOUND');
  return ctxOf(deps, app, seed.role, stored);
}

/** The app as a role sees it (the reconciler uses the owner's view: it only re-reads rows the import wrote). */
export async function ctxOf(deps: TDeps, app: repo.TAdminAppRow, role: string, stored?: Awaited<ReturnType<typeof repo.settingsOf>>): Promise<TAppCtx> {
  stored ??= await repo.settingsOf(deps.db, app.id);
  const seedId = app.seedId;
  const conn = await connectionForAdmin(deps.api, seedId, app.connectionId);
  const tables = new Map<string, TTableInfo>();
  const settings = new Map<string, TAdminTableSettings>();
  for (const name of app.tables) {
    const t = conn.schema.tables.find((x) => x.name === name);
    if (!t) continue;
    // Relationships only between the app's tables (its internal API publishes only those).
    tables.set(name, { ...t, foreignKeys: t.foreignKeys.filter((fk) => app.tables.includes(fk.refTable)) });
    settings.set(name, settingsFor(t, stored.find((s) => s.tableName === name)?.settings));
  }
  return { app, role, engine: conn.engine, connectionName: conn.name, rowCap: conn.rowCap, tables, settings };
}

const isManager = (role: string) => role === 'owner' || role === 'admin';

function rightsOf(ctx: TAppCtx, table: string): TAdminRight[] {
  if (ctx.role === 'owner') return [...RIGHTS];
  const s = ctx.settings.get(table)!;
  const mine = ctx.role === 'admin' ? s.permissions.admin : s.permissions.member;
  const t = ctx.tables.get(table)!;
  // A view cannot be written; without a primary key no row can be addressed for edit or delete.
  return mine.filter((r) => r === 'view' || (t.kind === 'table' && (r === 'create' || t.primaryKey.length > 0)));
}

export function tableIn(ctx: TAppCtx, table: string, right: TAdminRight): TTableInfo {
  const t = ctx.tables.get(table);
  if (!t) throw new AppError('ADMIN_TABLE_NOT_FOUND');
  const rights = rightsOf(ctx, table);
  if (!rights.includes('view') || !rights.includes(right)) {
    const msg = { view: m.noView, create: m.noCreate, edit: m.noEdit, delete: m.noDelete }[right];
    throw new AppError('ADMIN_NO_RIGHT', msg);
  }
  return t;
}

function columnsOf(ctx: TAppCtx, t: TTableInfo): TAdminColumn[] {
  return t.columns.map((c) => {
    const fk = t.foreignKeys.find((f) => f.columns.length === 1 && f.columns[0] === c.name);
    const refTable = fk ? ctx.tables.get(fk.refTable) : undefined;
    return {
      name: c.name,
      type: c.type,
      kind: kindOf(c.type),
      nullable: c.nullable,
      hasDefault: c.hasDefault,
      maxLength: maxLengthOf(c.type),
      enumValues: c.enumValues ?? enumValuesOf(c.type),
      ref: fk && refTable ? { table: fk.refTable, column: fk.refColumns[0]!, display: refDisplay(ctx, refTable, fk.refColumns[0]!) } : null,
      generated: isGenerated(t, c),
    };
  });
}

/** A single-column numeric primary key with a default is numbered by the database (identity, serial, auto_increment). */
const isGenerated = (t: TTableInfo, c: TTableInfo['columns'][number]) =>
  t.primaryKey.length === 1 && t.primaryKey[0] === c.name && c.hasDefault && kindOf(c.type) === 'number';

/**
 * The columns a page delivers (enforced on every read: list, row, export, filters, search, sort, references):
 * the list's columns and the primary key; for one row also the form's columns.
 */
export function visibleColumns(ctx: Pick<TAppCtx, 'settings'>, t: TTableInfo, scope: 'list' | 'row'): string[] {
  const s = ctx.settings.get(t.name)!;
  const want = new Set([...t.primaryKey, ...s.listColumns, ...(scope === 'row' ? s.formColumns : [])]);
  return t.columns.map((c) => c.name).filter((c) => want.has(c));
}

/** The columns a form or import may write: the form's, minus read-only and database-numbered ones. */
function writableColumns(ctx: TAppCtx, t: TTableInfo): Set<string> {
  const s = ctx.settings.get(t.name)!;
  return new Set(t.columns.filter((c) => s.formColumns.includes(c.name) && !s.readOnlyColumns.includes(c.name) && !isGenerated(t, c)).map((c) => c.name));
}

/** The referenced table's display column when this role may see it there, else its key. */
function refDisplay(ctx: TAppCtx, ref: TTableInfo, key: string): string {
  const d = ctx.settings.get(ref.name)?.displayColumn;
  return d && visibleColumns(ctx, ref, 'list').includes(d) ? d : key;
}

/** `select=` for the data API (names with grammar characters in double quotes, as PostgREST reads them). */
const selectOf = (cols: string[]) => cols.map((c) => (/[,.:()"!\s]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

/** Times as PostgREST sends them: ISO 8601 with the offset (`2026-11-27T19:56:00+00:00`); zoneless stay zoneless. */
export function isoTime(v: unknown): unknown {
  if (v instanceof Date)
    return v
      .toISOString()
      .replace(/\.000Z$/, 'Z')
      .replace(/Z$/, '+00:00');
  if (typeof v !== 'string') return v;
  const x = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(v.trim());
  if (!x) return v;
  const time = x[2]!.length === 5 ? `${x[2]}:00` : x[2]!;
  const tz = x[3];
  const zone = !tz ? '' : /^z$/i.test(tz) ? '+00:00' : tz.length === 3 ? `${tz}:00` : tz.includes(':') ? tz : `${tz.slice(0, 3)}:${tz.slice(3)}`;
  return `${x[1]}T${time}${zone}`;
}

/** One row as its page receives it. */
export const presentRow = (ctx: TAppCtx, t: TTableInfo, row: Record<string, unknown>) => present(t, visibleColumns(ctx, t, 'row'), row);

/** A row as the pages receive it: only the visible columns, times in ISO 8601. */
function present(t: TTableInfo, cols: string[], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of cols) {
    if (!(c in row)) continue;
    const type = t.columns.find((x) => x.name === c)?.type ?? '';
    out[c] = kindOf(type) === 'datetime' ? isoTime(row[c]) : row[c];
  }
  return out;
}

function describeTable(ctx: TAppCtx, t: TTableInfo): TAdminTable {
  const related: TAdminTable['related'] = [];
  for (const other of ctx.tables.values()) {
    for (const fk of other.foreignKeys)
      if (fk.refTable === t.name && fk.columns.length === 1) related.push({ table: other.name, column: fk.columns[0]!, refColumn: fk.refColumns[0]! });
  }
  return {
    name: t.name,
    kind: t.kind,
    primaryKey: t.primaryKey,
    columns: columnsOf(ctx, t),
    related,
    settings: ctx.settings.get(t.name)!,
    rights: rightsOf(ctx, t.name),
  };
}

function toApp(ctx: Pick<TAppCtx, 'app' | 'engine' | 'connectionName' | 'role'>): TAdminApp {
  return {
    id: ctx.app.id,
    name: ctx.app.name,
    connectionId: ctx.app.connectionId,
    connectionName: ctx.connectionName,
    engine: ctx.engine,
    tables: ctx.app.tables,
    canManage: isManager(ctx.role),
    canSetRights: ctx.role === 'owner',
    createdAt: ctx.app.createdAt.toISOString(),
  };
}

const consoleAudit = (deps: TDeps, actor: TActor, action: string, seedId: string, metadata: Record<string, unknown>) =>
  writeAudit(deps.db, { action, actorId: actor.id, targetType: 'seed', targetId: seedId, ip: actor.ip, metadata });

/* ---------------- apps ---------------- */

export async function listApps(deps: TDeps, actor: TActor, seedId: string, connectionId?: string): Promise<TAdminApp[]> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const rows = (await repo.listApps(deps.db, seedId)).filter((a) => !connectionId || a.connectionId === connectionId);
  const out: TAdminApp[] = [];
  for (const app of rows) {
    const conn = await connectionForAdmin(deps.api, seedId, app.connectionId).catch(() => undefined);
    out.push(toApp({ app, engine: conn?.engine ?? 'postgres', connectionName: conn?.name ?? '', role: seed.role }));
  }
  return out;
}

/**
 * The admin apps built on a connection (id and name): what deleting the connection would take along. For the API
 * builder's delete confirmation; also `GET …/admin-builder/apps?connectionId=`.
 */
export async function appsOfConnection(deps: Pick<TDeps, 'db'>, seedId: string, connectionId: string): Promise<{ id: string; name: string }[]> {
  return (await repo.listApps(deps.db, seedId)).filter((a) => a.connectionId === connectionId).map((a) => ({ id: a.id, name: a.name }));
}

export async function createApp(
  deps: TDeps,
  actor: TActor,
  seedId: string,
  input: { name: string; connectionId: string; tables: string[] },
): Promise<{ id: string }> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  if (!isManager(seed.role)) throw new AppError('ADMIN_APP_FORBIDDEN');
  const conn = await connectionForAdmin(deps.api, seedId, input.connectionId);
  const names = [...new Set(input.tables)];
  const infos = names.map((n) => {
    const t = conn.schema.tables.find((x) => x.name === n);
    if (!t)
      throw new AppError('ADMIN_BAD_INPUT', m.tableUnknown(n.slice(0, 64)), {
        status: 400,
        details: [{ path: 'tables', message: m.tableUnknown(n.slice(0, 64)) }],
      });
    return t;
  });
  const apiId = await createInternalApi(deps.api, seedId, conn.id, names);
  try {
    // Every chosen table gets its page at once: default settings are stored with the app.
    const row = await repo.insertApp(
      deps.db,
      { seedId, name: input.name, connectionId: conn.id, apiId, tables: names, createdBy: actor.id },
      infos.map((t) => ({ table: t.name, settings: defaultSettings(t, ['name', 'title', 'label', 'email', 'code']) })),
    );
    await consoleAudit(deps, actor, 'admin_builder.app_created', seedId, { label: input.name, tables: names });
    return { id: row.id };
  } catch (e) {
    await deleteInternalApi(deps.api, apiId);
    throw e;
  }
}

async function managedApp(deps: TDeps, actor: TActor, seedId: string, appId: string) {
  const seed = await seedFor(deps.db, seedId, actor.id);
  if (!isManager(seed.role)) throw new AppError('ADMIN_APP_FORBIDDEN');
  const app = await repo.findApp(deps.db, seedId, appId);
  if (!app) throw new AppError('ADMIN_APP_NOT_FOUND');
  return app;
}

export async function renameApp(deps: TDeps, actor: TActor, seedId: string, appId: string, name: string) {
  const app = await managedApp(deps, actor, seedId, appId);
  await repo.renameApp(deps.db, app.id, name);
  await consoleAudit(deps, actor, 'admin_builder.app_renamed', seedId, { label: name, from: app.name });
}

export async function deleteApp(deps: TDeps, actor: TActor, seedId: string, appId: string) {
  const app = await managedApp(deps, actor, seedId, appId);
  await repo.deleteApp(deps.db, app.id);
  await deleteInternalApi(deps.api, app.apiId);
  await consoleAudit(deps, actor, 'admin_builder.app_deleted', seedId, { label: app.name });
}

export async function appDetail(deps: TDeps, actor: TActor, seedId: string, appId: string): Promise<TAdminAppDetail> {
  const ctx = await appCtx(deps, actor, seedId, appId);
  const schema = [...ctx.tables.values()].map((t) => describeTable(ctx, t)).filter((t) => t.rights.includes('view') || isManager(ctx.role));
  return { ...toApp(ctx), schema };
}

export async function updateSettings(
  deps: TDeps,
  actor: TActor,
  seedId: string,
  appId: string,
  table: string,
  patch: Partial<TAdminTableSettings>,
): Promise<TAdminTable> {
  await managedApp(deps, actor, seedId, appId);
  const ctx = await appCtx(deps, actor, seedId, appId);
  const t = ctx.tables.get(table);
  if (!t) throw new AppError('ADMIN_TABLE_NOT_FOUND');
  const cols = new Set(t.columns.map((c) => c.name));
  const bad = [
    ...(patch.listColumns ?? []),
    ...(patch.formColumns ?? []),
    ...(patch.readOnlyColumns ?? []),
    ...Object.keys(patch.columnLabels ?? {}),
    ...(patch.defaultSort ? [patch.defaultSort.column] : []),
    ...(patch.displayColumn ? [patch.displayColumn] : []),
  ].find((c) => !cols.has(c));
  if (bad) throw new AppError('ADMIN_BAD_INPUT', m.unknownColumn(bad.slice(0, 64)), { status: 400 });
  const next = settingsFor(t, { ...ctx.settings.get(table), ...patch });
  // What binds admins (their rights, the columns they see and write) is the owner's to set, not an admin's own.
  if (ctx.role !== 'owner') {
    const before = ctx.settings.get(table)!;
    const same = (k: 'listColumns' | 'formColumns' | 'readOnlyColumns') => JSON.stringify([...before[k]].sort()) === JSON.stringify([...next[k]].sort());
    const adminRights = JSON.stringify([...before.permissions.admin].sort()) === JSON.stringify([...next.permissions.admin].sort());
    // Nor may an admin give members (an account of its own among them) a right the owner did not give admins.
    const beyondAdmins = next.permissions.member.some((r) => !next.permissions.admin.includes(r) && !before.permissions.member.includes(r));
    if (!adminRights || beyondAdmins || !same('listColumns') || !same('formColumns') || !same('readOnlyColumns'))
      throw new AppError('ADMIN_APP_FORBIDDEN', m.ownerOnlyRights);
  }
  await repo.saveSettings(deps.db, appId, table, next);
  ctx.settings.set(table, next);
  await consoleAudit(deps, actor, 'admin_builder.settings_saved', seedId, { label: ctx.app.name, table });
  return describeTable(ctx, t);
}

/* ---------------- rows through the data API ---------------- */

export async function data(deps: TDeps, ctx: TAppCtx, call: Omit<TDataCall, 'apiId' | 'principal'>) {
  try {
    const res = await callDataApi(deps.api, {
      ...call,
      apiId: ctx.app.apiId,
      principal: { kind: 'internal', id: ctx.app.id, rateLimitPerMinute: RATE_PER_MINUTE },
    });
    const body = res.raw !== undefined ? (res.raw ? JSON.parse(res.raw) : undefined) : res.body;
    return { status: res.status, headers: res.headers, body };
  } catch (e) {
    throw refusal(ctx, call.table, e);
  }
}

/** The database's refusal as a Korean message on the field it concerns. */
function refusal(ctx: TAppCtx, table: string, err: unknown): unknown {
  if (!(err instanceof PgrstError)) return err;
  const cause = dbCauseOf(err);
  const t = ctx.tables.get(table);
  const label = (c: string) => ctx.settings.get(table)?.columnLabels[c] || c;
  if (!cause || !t)
    return new AppError('ADMIN_DB_REFUSED', err.message, { status: err.status >= 500 && err.status !== 503 && err.status !== 504 ? 502 : err.status });
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
  else return new AppError('ADMIN_DB_REFUSED', err.message, { status: err.status >= 500 && err.status !== 503 && err.status !== 504 ? 502 : err.status });
  if (status >= 500) status = 400;
  return new AppError('ADMIN_DB_REFUSED', message, { status, ...(field ? { details: [{ path: field, message }] } : {}) });
}

/** PostgREST needs a value inside or=(…) quoted when it has grammar characters. */
export const quote = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const likeValue = (v: string) => v.replace(/\*/g, '');

export type TRowsQuery = { page: number; pageSize: number; sort?: string | undefined; q?: string | undefined } & Record<string, unknown>;

function filterQuery(ctx: TAppCtx, t: TTableInfo, query: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  const visible = visibleColumns(ctx, t, 'list');
  const all = columnsOf(ctx, t);
  const cols = all.filter((c) => visible.includes(c.name));
  // A foreign key filters even when hidden, by equality only: a parent's page lists its children by it (the related
  // tab). Ranges, patterns and lists on it would read its values row by row.
  const filterable = all.filter((c) => visible.includes(c.name) || c.ref);
  const eqOnly = (c: TAdminColumn) => !visible.includes(c.name);
  const q = typeof query.q === 'string' ? query.q.trim() : '';
  if (q) {
    const text = cols.filter((c) => c.kind === 'text' && !c.ref);
    const ors = text.map((c) => `${c.name}.ilike.${quote(`*${likeValue(q)}*`)}`);
    // A number typed in the search box also finds the row by its numeric primary key.
    const pk = cols.find((c) => c.name === t.primaryKey[0] && c.kind === 'number');
    if (pk && /^\d{1,15}$/.test(q)) ors.push(`${pk.name}.eq.${q}`);
    out.push([
      'or',
      ors.length ? `(${ors.join(',')})` : `(${t.primaryKey[0] ?? t.columns[0]!.name}.is.null,${t.primaryKey[0] ?? t.columns[0]!.name}.not.is.null)`,
    ]);
    if (!ors.length) out.pop();
  }
  for (const [k, raw] of Object.entries(query)) {
    if (!k.startsWith('f.')) continue;
    const col = filterable.find((c) => c.name === k.slice(2));
    if (!col) throw new AppError('ADMIN_BAD_INPUT', m.unknownColumn(k.slice(2, 66)), { status: 400 });
    for (const one of Array.isArray(raw) ? raw : [raw]) {
      const s = String(one);
      const i = s.indexOf(':');
      const op = i < 0 ? '' : s.slice(0, i);
      const value = i < 0 ? '' : s.slice(i + 1);
      if (eqOnly(col) && op !== 'eq') throw new AppError('ADMIN_BAD_INPUT', m.unknownColumn(col.name.slice(0, 64)), { status: 400 });
      if (op === 'contains') out.push([col.name, `ilike.*${likeValue(value)}*`]);
      else if (op === 'eq' || op === 'gte' || op === 'lte') {
        if (col.kind === 'number' && !/^-?\d+(\.\d+)?$/.test(value)) throw new AppError('ADMIN_BAD_INPUT', m.notNumber(col.name), { status: 400 });
        if ((col.kind === 'date' || col.kind === 'datetime') && Number.isNaN(Date.parse(value)))
          throw new AppError('ADMIN_BAD_INPUT', m.notDate(col.name), { status: 400 });
        out.push([col.name, `${op}.${value}`]);
      } else if (op === 'in')
        out.push([
          col.name,
          `in.(${value
            .split(',')
            .map((x) => quote(x))
            .join(',')})`,
        ]);
      else if (op === 'is' && ['true', 'false', 'null'].includes(value)) out.push([col.name, `is.${value}`]);
      else if (op === 'not' && value === 'null') out.push([col.name, 'not.is.null']);
      else throw new AppError('ADMIN_BAD_INPUT', ko.adminBuilder.validation.filter, { status: 400 });
    }
  }
  return out;
}

function orderQuery(ctx: TAppCtx, t: TTableInfo, sort: string | undefined): string | undefined {
  const s = ctx.settings.get(t.name)!;
  const parts: string[] = [];
  const m1 = sort ? /^([^.]+)\.(asc|desc)$/.exec(sort) : null;
  const visible = visibleColumns(ctx, t, 'list');
  // Only by a column the page shows: an order by a hidden one would tell its values' ranks.
  if (m1 && visible.includes(m1[1]!)) parts.push(`${m1[1]}.${m1[2]}`);
  else if (s.defaultSort && visible.includes(s.defaultSort.column)) parts.push(`${s.defaultSort.column}.${s.defaultSort.dir}`);
  // A stable order for paging: the primary key last.
  for (const k of t.primaryKey) if (!parts.some((p) => p.startsWith(`${k}.`))) parts.push(`${k}.asc`);
  return parts.length ? parts.join(',') : undefined;
}

export function keyFilter(t: TTableInfo, key: string): [string, string][] {
  if (!t.primaryKey.length) throw new AppError('ADMIN_BAD_INPUT', m.noPrimaryKey, { status: 400 });
  let values: unknown;
  try {
    values = JSON.parse(key);
  } catch {
    throw new AppError('ADMIN_ROW_NOT_FOUND');
  }
  if (!Array.isArray(values) || values.length !== t.primaryKey.length || values.some((v) => v === null || typeof v === 'object'))
    throw new AppError('ADMIN_ROW_NOT_FOUND');
  return t.primaryKey.map((k, i) => [k, `eq.${String(values[i])}`]);
}

export { selectOf };
export const rowKeyOf = (t: TTableInfo, row: Record<string, unknown>) => JSON.stringify(t.primaryKey.map((k) => row[k]));

/** Readable values of foreign keys on a page: { column: { value: display } } (one IN query per referenced table). */
async function refsFor(deps: TDeps, ctx: TAppCtx, t: TTableInfo, rows: Record<string, unknown>[]) {
  const out: Record<string, Record<string, string>> = {};
  for (const col of columnsOf(ctx, t)) {
    if (!col.ref || !rightsOf(ctx, col.ref.table).includes('view') || col.ref.display === col.ref.column) continue;
    const values = [
      ...new Set(
        rows
          .map((r) => r[col.name])
          .filter((v) => v !== null && v !== undefined)
          .map(String),
      ),
    ];
    if (!values.length) continue;
    const res = await data(deps, ctx, {
      table: col.ref.table,
      method: 'GET',
      query: [
        ['select', [...new Set([col.ref.column, col.ref.display])].join(',')],
        [col.ref.column, `in.(${values.map(quote).join(',')})`],
      ],
    });
    const map: Record<string, string> = {};
    for (const r of res.body as Record<string, unknown>[]) map[String(r[col.ref.column])] = String(r[col.ref.display] ?? '');
    out[col.name] = map;
  }
  return out;
}

export async function listRows(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, query: TRowsQuery) {
  const ctx = await appCtx(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'view');
  const order = orderQuery(ctx, t, query.sort);
  const cols = visibleColumns(ctx, t, 'list');
  const res = await data(deps, ctx, {
    table,
    method: 'GET',
    query: [
      ['select', selectOf(cols)],
      ...filterQuery(ctx, t, query),
      ...(order ? ([['order', order]] as [string, string][]) : []),
      ['limit', String(query.pageSize)],
      ['offset', String((query.page - 1) * query.pageSize)],
    ],
    prefer: 'count=exact',
  });
  const rows = (res.body as Record<string, unknown>[]).map((r) => present(t, cols, r));
  const total = /\/(\d+)$/.exec(res.headers['content-range'] ?? '')?.[1];
  return { data: rows, total: total === undefined ? null : Number(total), page: query.page, pageSize: query.pageSize, refs: await refsFor(deps, ctx, t, rows) };
}

export async function getRow(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, key: string) {
  const ctx = await appCtx(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'view');
  const row = await readOne(deps, ctx, t, key);
  return { data: row, refs: await refsFor(deps, ctx, t, [row]) };
}

export async function readOne(deps: TDeps, ctx: TAppCtx, t: TTableInfo, key: string) {
  const cols = visibleColumns(ctx, t, 'row');
  const res = await data(deps, ctx, { table: t.name, method: 'GET', query: [['select', selectOf(cols)], ...keyFilter(t, key)] });
  const row = (res.body as Record<string, unknown>[])[0];
  if (!row) throw new AppError('ADMIN_ROW_NOT_FOUND');
  return present(t, cols, row);
}

/** Options for a foreign-key pick list: rows of `table` whose display column contains `q`. */
export async function options(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, q: string | undefined) {
  const ctx = await appCtx(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'view');
  const key = t.primaryKey[0] ?? visibleColumns(ctx, t, 'list')[0]!;
  const display = refDisplay(ctx, t, key);
  const query: [string, string][] = [
    ['select', [...new Set([key, display])].join(',')],
    ['order', `${display}.asc`],
    ['limit', '20'],
  ];
  const term = q?.trim();
  if (term) {
    const ors = [`${display}.ilike.${quote(`*${likeValue(term)}*`)}`];
    const keyKind = kindOf(t.columns.find((c) => c.name === key)?.type ?? '');
    if (/^\d{1,15}$/.test(term) && keyKind === 'number') ors.push(`${key}.eq.${term}`);
    else if (key !== display && keyKind === 'text') ors.push(`${key}.eq.${quote(term)}`);
    query.push(['or', `(${ors.join(',')})`]);
  }
  const res = await data(deps, ctx, { table, method: 'GET', query });
  return { data: (res.body as Record<string, unknown>[]).map((r) => ({ value: r[key] as string | number, label: String(r[display] ?? r[key] ?? '') })) };
}

/* ---------------- validation of written values ---------------- */

type TFieldError = { path: string; message: string };

/** Values for the data API from a form or CSV row, checked against the column types; errors name the field. */
export function cleanValues(
  ctx: TAppCtx,
  t: TTableInfo,
  input: Record<string, unknown>,
  mode: 'create' | 'update',
): { values: Record<string, unknown>; errors: TFieldError[] } {
  const s = ctx.settings.get(t.name)!;
  const cols = columnsOf(ctx, t);
  const values: Record<string, unknown> = {};
  const errors: TFieldError[] = [];
  const label = (c: string) => s.columnLabels[c] || c;
  const writable = writableColumns(ctx, t);
  const visible = visibleColumns(ctx, t, 'row');
  for (const [name, raw] of Object.entries(input)) {
    const col = cols.find((c) => c.name === name);
    // A column this role cannot see is answered as missing: its name is not confirmed either.
    if (!col || !visible.includes(name)) {
      errors.push({ path: name, message: m.unknownColumn(name.slice(0, 64)) });
      continue;
    }
    if (s.readOnlyColumns.includes(name)) {
      errors.push({ path: name, message: m.readOnlyColumn(label(name)) });
      continue;
    }
    if (col.generated) {
      errors.push({ path: name, message: m.generatedColumn(label(name)) });
      continue;
    }
    if (!writable.has(name)) {
      errors.push({ path: name, message: m.notWritable(label(name)) });
      continue;
    }
    const f = label(name);
    let v: unknown = raw;
    if (typeof v === 'string' && col.kind !== 'text') v = v.trim();
    if (v === '' && col.kind !== 'text') v = null;
    // An empty text is "no value": NULL where allowed, otherwise the field is required.
    if (v === '' && col.kind === 'text') v = null;
    if (v === undefined || v === null) {
      if (!col.nullable && (mode === 'update' || !col.hasDefault)) errors.push({ path: name, message: m.required(f) });
      else if (col.nullable) values[name] = null;
      continue;
    }
    // A pick list (enum) takes only its values, whatever the column's kind.
    if (col.enumValues && (typeof v === 'object' || !col.enumValues.includes(String(v)))) {
      errors.push({ path: name, message: m.notInList(f) });
      continue;
    }
    switch (col.kind) {
      case 'text':
        if (typeof v !== 'string' && typeof v !== 'number') errors.push({ path: name, message: m.badValue(f) });
        else if (col.enumValues && !col.enumValues.includes(String(v))) errors.push({ path: name, message: m.badValue(f) });
        else if (col.maxLength !== null && String(v).length > col.maxLength) errors.push({ path: name, message: m.tooLong(f, col.maxLength) });
        else values[name] = String(v);
        break;
      case 'number':
        if (typeof v === 'number' ? !Number.isFinite(v) : !/^-?\d+(\.\d+)?$/.test(String(v))) errors.push({ path: name, message: m.notNumber(f) });
        else if (/int/i.test(col.type) && !/^-?\d+$/.test(String(v))) errors.push({ path: name, message: m.notNumber(f) });
        else if (outOfIntRange(col.type, Number(v))) errors.push({ path: name, message: m.outOfRange(f) });
        else values[name] = typeof v === 'number' ? v : Number(v);
        break;
      case 'boolean': {
        const b =
          typeof v === 'boolean'
            ? v
            : ({ true: true, false: false, '1': true, '0': false, 예: true, 아니요: false } as Record<string, boolean>)[String(v).toLowerCase()];
        if (b === undefined) errors.push({ path: name, message: m.notBoolean(f) });
        else values[name] = b;
        break;
      }
      case 'date':
        if (!/^\d{4}-\d{2}-\d{2}$/.test(String(v)) || Number.isNaN(Date.parse(String(v)))) errors.push({ path: name, message: m.notDate(f) });
        else values[name] = String(v);
        break;
      case 'datetime':
        if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) errors.push({ path: name, message: m.notDate(f) });
        else values[name] = ctx.engine === 'mysql' ? mysqlDateTime(v) : v;
        break;
      case 'json':
        if (typeof v === 'string') {
          try {
            values[name] = JSON.parse(v);
          } catch {
            errors.push({ path: name, message: m.notJson(f) });
          }
        } else values[name] = v;
        break;
      default:
        if (typeof v === 'object') errors.push({ path: name, message: m.badValue(f) });
        else values[name] = v;
    }
  }
  if (mode === 'create') {
    for (const col of cols) {
      if (!(col.name in input) && !col.nullable && !col.hasDefault && writable.has(col.name))
        errors.push({ path: col.name, message: m.required(label(col.name)) });
    }
  }
  return { values, errors };
}

/**
 * MariaDB/MySQL DATETIME and TIMESTAMP take no offset: a time with one is written as Asia/Seoul wall-clock time
 * (how the admin builder shows zoneless times); a zoneless one as it is.
 */
function mysqlDateTime(v: string): string {
  const iso = String(isoTime(v));
  if (!/(Z|[+-]\d{2}:\d{2})$/i.test(iso)) return iso.replace('T', ' ');
  const seoul = new Date(Date.parse(iso) + 9 * 3600_000).toISOString();
  return `${seoul.slice(0, 10)} ${seoul.slice(11, 19)}`;
}

/** Whether an integer is outside its column type's range (the database would refuse it without naming the column). */
function outOfIntRange(type: string, n: number): boolean {
  const t = type.toLowerCase();
  const unsigned = /unsigned/.test(t);
  const bits = /^tinyint/.test(t)
    ? 8
    : /^smallint/.test(t)
      ? 16
      : /^mediumint/.test(t)
        ? 24
        : /^(int|integer|serial)\b/.test(t)
          ? 32
          : /^(bigint|bigserial)/.test(t)
            ? 64
            : 0;
  if (!bits) return false;
  if (bits === 64) return !Number.isSafeInteger(n) || (unsigned && n < 0);
  return unsigned ? n < 0 || n >= 2 ** bits : n < -(2 ** (bits - 1)) || n >= 2 ** (bits - 1);
}

export function failIf(errors: TFieldError[]) {
  if (errors.length) throw new AppError('ADMIN_BAD_INPUT', errors[0]!.message, { status: 400, details: errors });
}

export const changed = (before: Record<string, unknown>, after: Record<string, unknown>) => {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k] ?? null;
      a[k] = after[k] ?? null;
    }
  }
  return { b, a };
};

export const auditRow = (ctx: TAppCtx, actor: TActor, t: TTableInfo, action: 'create' | 'update' | 'delete', key: string, before: unknown, after: unknown) => ({
  appId: ctx.app.id,
  actorId: actor.id,
  actorName: actor.name,
  tableName: t.name,
  rowKey: key,
  action,
  before,
  after,
});

export async function updateRow(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, key: string, input: Record<string, unknown>) {
  const ctx = await appCtx(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'edit');
  const { values, errors } = cleanValues(ctx, t, input, 'update');
  failIf(errors);
  const before = await readOne(deps, ctx, t, key);
  if (!Object.keys(values).length) return before;
  // The record first (pending: the intended values), confirmed after the customer's commit, else reconciled by key.
  const [auditId] = await repo.insertAudit(deps.db, [{ ...auditRow(ctx, actor, t, 'update', rowKeyOf(t, before), before, values), pending: true }]);
  let raw: Record<string, unknown> | undefined;
  try {
    const res = await data(deps, ctx, { table, method: 'PATCH', query: keyFilter(t, key), body: values, prefer: 'return=representation' });
    raw = (res.body as Record<string, unknown>[])[0];
  } catch (e) {
    await repo.dropAudit(deps.db, [auditId!]);
    throw e;
  }
  if (!raw) {
    await repo.dropAudit(deps.db, [auditId!]);
    throw new AppError('ADMIN_ROW_NOT_FOUND');
  }
  const row = present(t, visibleColumns(ctx, t, 'row'), raw);
  const { b, a } = changed(before, row);
  if (Object.keys(a).length) await repo.confirmAudit(deps.db, auditId!, { rowKey: rowKeyOf(t, row), before: b, after: a });
  else await repo.dropAudit(deps.db, [auditId!]);
  return row;
}

export async function deleteRows(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, keys: string[]): Promise<number> {
  const ctx = await appCtx(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'delete');
  const filters = [...new Set(keys)].map((k) => keyFilter(t, k));
  const query: [string, string][] =
    filters.length === 1
      ? filters[0]!
      : t.primaryKey.length === 1
        ? [[t.primaryKey[0]!, `in.(${filters.map((f) => quote(f[0]![1].slice(3))).join(',')})`]]
        : [['or', `(${filters.map((f) => `and(${f.map(([c, v]) => `${c}.eq.${quote(v.slice(3))}`).join(',')})`).join(',')})`]];
  // The rows as they are, recorded (pending) before they go; confirmed after the commit, else reconciled by key.
  const found = (await data(deps, ctx, { table, method: 'GET', query })).body as Record<string, unknown>[];
  if (!found.length) throw new AppError('ADMIN_ROW_NOT_FOUND');
  const ids = await repo.insertAudit(
    deps.db,
    found.map((r) => ({ ...auditRow(ctx, actor, t, 'delete', rowKeyOf(t, r), r, null), pending: true })),
  );
  let rows: Record<string, unknown>[];
  try {
    rows = (await data(deps, ctx, { table, method: 'DELETE', query, prefer: 'return=representation' })).body as Record<string, unknown>[];
  } catch (e) {
    await repo.dropAudit(deps.db, ids);
    throw e;
  }
  const gone = new Set(rows.map((r) => rowKeyOf(t, r)));
  for (const [i, r] of found.entries()) {
    if (gone.has(rowKeyOf(t, r))) await repo.confirmAudit(deps.db, ids[i]!);
    else await repo.dropAudit(deps.db, [ids[i]!]);
  }
  // Rows that appeared between the read and the delete are recorded as deleted too.
  const extra = rows.filter((r) => !found.some((f) => rowKeyOf(t, f) === rowKeyOf(t, r)));
  await repo.insertAudit(
    deps.db,
    extra.map((r) => auditRow(ctx, actor, t, 'delete', rowKeyOf(t, r), r, null)),
  );
  if (!rows.length) throw new AppError('ADMIN_ROW_NOT_FOUND');
  return rows.length;
}

/* ---------------- CSV ---------------- */

export async function* exportCsv(
  deps: TDeps,
  actor: TActor,
  seedId: string,
  appId: string,
  table: string,
  query: Record<string, unknown>,
): AsyncGenerator<string> {
  const ctx = await appCtx(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'view');
  const cols = visibleColumns(ctx, t, 'list');
  const filters = filterQuery(ctx, t, query);
  const order = orderQuery(ctx, t, typeof query.sort === 'string' ? query.sort : undefined);
  const step = Math.max(1, Math.min(ctx.rowCap, 1000));
  yield `\uFEFF${csvLine(cols)}`;
  for (let offset = 0; offset < EXPORT_MAX; offset += step) {
    const res = await data(deps, ctx, {
      table,
      method: 'GET',
      query: [
        ['select', selectOf(cols)],
        ...filters,
        ...(order ? ([['order', order]] as [string, string][]) : []),
        ['limit', String(step)],
        ['offset', String(offset)],
      ],
    });
    const rows = res.body as Record<string, unknown>[];
    yield rows
      .map((r) => present(t, cols, r))
      .map((r) => csvLine(cols.map((c) => r[c])))
      .join('');
    if (rows.length < step) break;
  }
}

/* ---------------- audit ---------------- */

/** A change record's values without the columns this role may not see (an admin's hidden columns stay hidden). */
function visibleOf(ctx: TAppCtx, table: string, values: unknown): Record<string, unknown> | null {
  if (!values || typeof values !== 'object') return null;
  const t = ctx.tables.get(table);
  if (ctx.role === 'owner') return values as Record<string, unknown>;
  if (!t) return {};
  const cols = visibleColumns(ctx, t, 'row');
  return Object.fromEntries(Object.entries(values).filter(([k]) => cols.includes(k)));
}

export async function audit(
  deps: TDeps,
  actor: TActor,
  seedId: string,
  appId: string,
  query: { q?: string | undefined; table?: string | undefined; page: number },
) {
  const ctx = await appCtx(deps, actor, seedId, appId);
  if (!isManager(ctx.role)) throw new AppError('ADMIN_APP_FORBIDDEN');
  const size = 50;
  // The search looks only at values this role may see (else a hidden value could be found by searching for it).
  const hidden =
    ctx.role === 'owner'
      ? undefined
      : new Map([...ctx.tables.values()].map((t) => [t.name, t.columns.map((c) => c.name).filter((c) => !visibleColumns(ctx, t, 'row').includes(c))]));
  const { rows, total } = await repo.listAudit(deps.db, ctx.app.id, {
    hidden,
    q: query.q?.trim() || undefined,
    table: query.table,
    limit: size,
    offset: (query.page - 1) * size,
  });
  const data: TAdminAuditEntry[] = rows.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    actorId: r.actorId,
    actorName: r.actorName,
    table: r.tableName,
    rowKey: r.rowKey,
    action: r.action as TAdminAuditEntry['action'],
    before: visibleOf(ctx, r.tableName, r.before),
    after: visibleOf(ctx, r.tableName, r.after),
  }));
  return { data, total };
}

export type { TSchemaInfo };
