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
import { csvLine, parseCsv } from './csv.ts';
import * as repo from './admin-builder.repository.ts';

const m = ko.adminBuilder.server;
const RIGHTS: TAdminRight[] = ['view', 'create', 'edit', 'delete'];
const RATE_PER_MINUTE = 6000;
const EXPORT_MAX = 50_000;
const IMPORT_MAX = 2000;

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

type TAppCtx = {
  app: repo.TAdminAppRow;
  role: string;
  engine: 'postgres' | 'mysql';
  connectionName: string;
  rowCap: number;
  tables: Map<string, TTableInfo>;
  settings: Map<string, TAdminTableSettings>;
};

async function appCtx(deps: TDeps, actor: TActor, seedId: string, appId: string): Promise<TAppCtx> {
  // Membership, app and settings in parallel (the list's first page waits for them); a non-member learns nothing.
  const [seed, app, stored] = await Promise.all([seedFor(deps.db, seedId, actor.id), repo.findApp(deps.db, seedId, appId), repo.settingsOf(deps.db, appId)]);
  if (!app) throw new AppError('ADMIN_APP_NOT_FOUND');
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
  return { app, role: seed.role, engine: conn.engine, connectionName: conn.name, rowCap: conn.rowCap, tables, settings };
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

function tableIn(ctx: TAppCtx, table: string, right: TAdminRight): TTableInfo {
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
      ref:
        fk && refTable ? { table: fk.refTable, column: fk.refColumns[0]!, display: ctx.settings.get(fk.refTable)?.displayColumn ?? fk.refColumns[0]! } : null,
    };
  });
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
    createdAt: ctx.app.createdAt.toISOString(),
  };
}

const consoleAudit = (deps: TDeps, actor: TActor, action: string, seedId: string, metadata: Record<string, unknown>) =>
  writeAudit(deps.db, { action, actorId: actor.id, targetType: 'seed', targetId: seedId, ip: actor.ip, metadata });

/* ---------------- apps ---------------- */

export async function listApps(deps: TDeps, actor: TActor, seedId: string): Promise<TAdminApp[]> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const rows = await repo.listApps(deps.db, seedId);
  const out: TAdminApp[] = [];
  for (const app of rows) {
    const conn = await connectionForAdmin(deps.api, seedId, app.connectionId).catch(() => undefined);
    out.push(toApp({ app, engine: conn?.engine ?? 'postgres', connectionName: conn?.name ?? '', role: seed.role }));
  }
  return out;
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
  await repo.saveSettings(deps.db, appId, table, next);
  ctx.settings.set(table, next);
  await consoleAudit(deps, actor, 'admin_builder.settings_saved', seedId, { label: ctx.app.name, table });
  return describeTable(ctx, t);
}

/* ---------------- rows through the data API ---------------- */

async function data(deps: TDeps, ctx: TAppCtx, call: Omit<TDataCall, 'apiId' | 'principal'>) {
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
    const myCol = /Column '([^']+)'/.exec(text)?.[1] ?? /Field '([^']+)'/.exec(text)?.[1];
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
  else if (err.status === 400) message = field ? m.badValue(f) : err.message;
  else return new AppError('ADMIN_DB_REFUSED', err.message, { status: err.status >= 500 && err.status !== 503 && err.status !== 504 ? 502 : err.status });
  if (status >= 500) status = 400;
  return new AppError('ADMIN_DB_REFUSED', message, { status, ...(field ? { details: [{ path: field, message }] } : {}) });
}

/** PostgREST needs a value inside or=(…) quoted when it has grammar characters. */
const quote = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const likeValue = (v: string) => v.replace(/\*/g, '');

export type TRowsQuery = { page: number; pageSize: number; sort?: string | undefined; q?: string | undefined } & Record<string, unknown>;

function filterQuery(ctx: TAppCtx, t: TTableInfo, query: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  const cols = columnsOf(ctx, t);
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
    const col = cols.find((c) => c.name === k.slice(2));
    if (!col) throw new AppError('ADMIN_BAD_INPUT', m.unknownColumn(k.slice(2, 66)), { status: 400 });
    for (const one of Array.isArray(raw) ? raw : [raw]) {
      const s = String(one);
      const i = s.indexOf(':');
      const op = i < 0 ? '' : s.slice(0, i);
      const value = i < 0 ? '' : s.slice(i + 1);
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
  if (m1 && t.columns.some((c) => c.name === m1[1])) parts.push(`${m1[1]}.${m1[2]}`);
  else if (s.defaultSort) parts.push(`${s.defaultSort.column}.${s.defaultSort.dir}`);
  // A stable order for paging: the primary key last.
  for (const k of t.primaryKey) if (!parts.some((p) => p.startsWith(`${k}.`))) parts.push(`${k}.asc`);
  return parts.length ? parts.join(',') : undefined;
}

function keyFilter(t: TTableInfo, key: string): [string, string][] {
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

export const rowKeyOf = (t: TTableInfo, row: Record<string, unknown>) => JSON.stringify(t.primaryKey.map((k) => row[k]));

/** Readable values of foreign keys on a page: { column: { value: display } } (one IN query per referenced table). */
async function refsFor(deps: TDeps, ctx: TAppCtx, t: TTableInfo, rows: Record<string, unknown>[]) {
  const out: Record<string, Record<string, string>> = {};
  for (const col of columnsOf(ctx, t)) {
    if (!col.ref || !rightsOf(ctx, col.ref.table).includes('view')) continue;
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
  const res = await data(deps, ctx, {
    table,
    method: 'GET',
    query: [
      ...filterQuery(ctx, t, query),
      ...(order ? ([['order', order]] as [string, string][]) : []),
      ['limit', String(query.pageSize)],
      ['offset', String((query.page - 1) * query.pageSize)],
    ],
    prefer: 'count=exact',
  });
  const rows = res.body as Record<string, unknown>[];
  const total = /\/(\d+)$/.exec(res.headers['content-range'] ?? '')?.[1];
  return { data: rows, total: total === undefined ? null : Number(total), page: query.page, pageSize: query.pageSize, refs: await refsFor(deps, ctx, t, rows) };
}

export async function getRow(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, key: string) {
  const ctx = await appCtx(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'view');
  const row = await readOne(deps, ctx, t, key);
  return { data: row, refs: await refsFor(deps, ctx, t, [row]) };
}

async function readOne(deps: TDeps, ctx: TAppCtx, t: TTableInfo, key: string) {
  const res = await data(deps, ctx, { table: t.name, method: 'GET', query: keyFilter(t, key) });
  const row = (res.body as Record<string, unknown>[])[0];
  if (!row) throw new AppError('ADMIN_ROW_NOT_FOUND');
  return row;
}

/** Options for a foreign-key pick list: rows of `table` whose display column contains `q`. */
export async function options(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, q: string | undefined) {
  const ctx = await appCtx(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'view');
  const display = ctx.settings.get(table)!.displayColumn ?? t.primaryKey[0]!;
  const key = t.primaryKey[0] ?? display;
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
function cleanValues(
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
  for (const [name, raw] of Object.entries(input)) {
    const col = cols.find((c) => c.name === name);
    if (!col) {
      errors.push({ path: name, message: m.unknownColumn(name.slice(0, 64)) });
      continue;
    }
    if (s.readOnlyColumns.includes(name)) {
      errors.push({ path: name, message: m.readOnlyColumn(label(name)) });
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
        if (Number.isNaN(Date.parse(String(v)))) errors.push({ path: name, message: m.notDate(f) });
        else values[name] = String(v);
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
        values[name] = typeof v === 'object' ? JSON.stringify(v) : v;
    }
  }
  if (mode === 'create') {
    for (const col of cols) {
      if (!(col.name in input) && !col.nullable && !col.hasDefault && !s.readOnlyColumns.includes(col.name))
        errors.push({ path: col.name, message: m.required(label(col.name)) });
    }
  }
  return { values, errors };
}

function failIf(errors: TFieldError[]) {
  if (errors.length) throw new AppError('ADMIN_BAD_INPUT', errors[0]!.message, { status: 400, details: errors });
}

const changed = (before: Record<string, unknown>, after: Record<string, unknown>) => {
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

const auditRow = (ctx: TAppCtx, actor: TActor, t: TTableInfo, action: 'create' | 'update' | 'delete', key: string, before: unknown, after: unknown) => ({
  appId: ctx.app.id,
  actorId: actor.id,
  actorName: actor.name,
  tableName: t.name,
  rowKey: key,
  action,
  before,
  after,
});

export async function createRow(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, input: Record<string, unknown>) {
  const ctx = await appCtx(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'create');
  const { values, errors } = cleanValues(ctx, t, input, 'create');
  failIf(errors);
  const res = await data(deps, ctx, {
    table,
    method: 'POST',
    query: [],
    body: values,
    prefer: 'return=representation',
    accept: 'application/vnd.pgrst.object+json',
  });
  const row = res.body as Record<string, unknown>;
  await repo.insertAudit(deps.db, [auditRow(ctx, actor, t, 'create', t.primaryKey.length ? rowKeyOf(t, row) : '', null, row)]);
  return row;
}

export async function updateRow(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, key: string, input: Record<string, unknown>) {
  const ctx = await appCtx(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'edit');
  const { values, errors } = cleanValues(ctx, t, input, 'update');
  failIf(errors);
  const before = await readOne(deps, ctx, t, key);
  if (!Object.keys(values).length) return before;
  const res = await data(deps, ctx, { table, method: 'PATCH', query: keyFilter(t, key), body: values, prefer: 'return=representation' });
  const row = (res.body as Record<string, unknown>[])[0];
  if (!row) throw new AppError('ADMIN_ROW_NOT_FOUND');
  const { b, a } = changed(before, row);
  if (Object.keys(a).length) await repo.insertAudit(deps.db, [auditRow(ctx, actor, t, 'update', rowKeyOf(t, row), b, a)]);
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
  const res = await data(deps, ctx, { table, method: 'DELETE', query, prefer: 'return=representation' });
  const rows = res.body as Record<string, unknown>[];
  if (!rows.length) throw new AppError('ADMIN_ROW_NOT_FOUND');
  await repo.insertAudit(
    deps.db,
    rows.map((r) => auditRow(ctx, actor, t, 'delete', rowKeyOf(t, r), r, null)),
  );
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
  const cols = ctx.settings.get(table)!.listColumns.length ? ctx.settings.get(table)!.listColumns : t.columns.map((c) => c.name);
  const filters = filterQuery(ctx, t, query);
  const order = orderQuery(ctx, t, typeof query.sort === 'string' ? query.sort : undefined);
  const step = Math.max(1, Math.min(ctx.rowCap, 1000));
  yield `\uFEFF${csvLine(cols)}`;
  for (let offset = 0; offset < EXPORT_MAX; offset += step) {
    const res = await data(deps, ctx, {
      table,
      method: 'GET',
      query: [
        ['select', cols.join(',')],
        ...filters,
        ...(order ? ([['order', order]] as [string, string][]) : []),
        ['limit', String(step)],
        ['offset', String(offset)],
      ],
    });
    const rows = res.body as Record<string, unknown>[];
    yield rows.map((r) => csvLine(cols.map((c) => r[c]))).join('');
    if (rows.length < step) break;
  }
}

export async function importCsv(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, csv: string, commit: boolean) {
  const ctx = await appCtx(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'create');
  const [header, ...lines] = parseCsv(csv);
  if (!header || !lines.length) throw new AppError('ADMIN_BAD_INPUT', m.csvEmpty, { status: 400 });
  if (lines.length > IMPORT_MAX) throw new AppError('ADMIN_BAD_INPUT', m.csvTooMany(IMPORT_MAX), { status: 400 });
  const columns = header.map((h) => h.trim());
  const unknown = columns.find((c) => !t.columns.some((x) => x.name === c));
  if (unknown) throw new AppError('ADMIN_BAD_INPUT', m.csvHeader(unknown.slice(0, 64)), { status: 400 });
  const rows = lines.map((line, i) => {
    const input = Object.fromEntries(columns.map((c, j) => [c, line[j] ?? '']));
    const { values, errors } = cleanValues(ctx, t, input, 'create');
    return { line: i + 2, values, errors };
  });
  const hasErrors = rows.some((r) => r.errors.length);
  if (!commit || hasErrors) {
    return { success: !hasErrors, message: hasErrors ? m.csvHasErrors : '', columns, rows: rows.slice(0, 200), imported: 0 };
  }
  // One INSERT for all rows (atomic on the customer database): a refusal leaves nothing half-imported.
  const res = await data(deps, ctx, {
    table,
    method: 'POST',
    query: [['columns', columns.join(',')]],
    body: rows.map((r) => r.values),
    prefer: 'return=representation,missing=default',
  });
  const inserted = res.body as Record<string, unknown>[];
  await repo.insertAudit(
    deps.db,
    inserted.map((r) => auditRow(ctx, actor, t, 'create', t.primaryKey.length ? rowKeyOf(t, r) : '', null, r)),
  );
  return { success: true, message: m.imported(inserted.length), columns, rows: [], imported: inserted.length };
}

/* ---------------- audit ---------------- */

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
  const { rows, total } = await repo.listAudit(deps.db, ctx.app.id, {
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
    before: (r.before as Record<string, unknown> | null) ?? null,
    after: (r.after as Record<string, unknown> | null) ?? null,
  }));
  return { data, total };
}

export type { TSchemaInfo };
