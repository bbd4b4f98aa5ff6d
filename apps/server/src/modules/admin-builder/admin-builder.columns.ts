/**
 * An admin app as one role sees it: its tables' columns (kind, length, pick list, reference), the stored settings
 * with their defaults, the role's rights per table, and which columns a page shows and a form writes. Pure functions
 * over the app's context (admin-builder.context.ts builds it).
 */
import { ko } from '@suite/shared';
import type { TAdminColumn, TAdminRight, TAdminTable, TAdminTableSettings } from '@suite/shared/schemas/admin-builder';
import { ADMIN_ROLE_RIGHTS, type TAdminRoleRight } from '@suite/shared/schemas/admin-builder-roles';
import { AppError } from '../../lib/app-error.ts';
import type { TTableInfo } from '../api-builder/data-api.service.ts';
import { personalKindOf } from '../api-builder/personal-columns.service.ts';
import type { TAdminAppRow } from './admin-builder.repository.ts';
import type { TResolvedRule } from './admin-builder.rules.ts';

const m = ko.adminBuilder.server;
export const RIGHTS: TAdminRight[] = ['view', 'create', 'edit', 'delete'];
const DISPLAY_CANDIDATES = ['name', 'title', 'label', 'email', 'code'];

/** The app, the caller's role in its seed, and its tables with their settings as read now. */
export type TAppCtx = {
  app: TAdminAppRow;
  role: string;
  engine: 'postgres' | 'mysql';
  connectionName: string;
  rowCap: number;
  tables: Map<string, TTableInfo>;
  settings: Map<string, TAdminTableSettings>;
  /**
   * A seed member's custom role in this app (decision 092): its rights per table, and its row rules with `me`
   * already resolved to the member's e-mail. Absent for owners, admins and members without one.
   */
  custom?: { id: string; name: string; rights: Record<string, TAdminRoleRight[]>; rules: Map<string, TResolvedRule[]> } | undefined;
  /**
   * Billing (issue 31): a request's use of the data API is one `api.calls` event of the seed, however many calls it
   * makes in process; set for a request (appContext), absent for background work (reconciling), which is not billed.
   */
  billing?: { recorded: boolean };
};

export function kindOf(type: string): TAdminColumn['kind'] {
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

export function defaultSettings(t: TTableInfo): TAdminTableSettings {
  const cols = t.columns.map((c) => c.name);
  const display = DISPLAY_CANDIDATES.find((c) => cols.includes(c)) ?? t.columns.find((c) => kindOf(c.type) === 'text')?.name ?? t.primaryKey[0] ?? null;
  return {
    label: '',
    columnLabels: {},
    listColumns: cols,
    formColumns: cols,
    readOnlyColumns: [],
    defaultSort: t.primaryKey[0] ? { column: t.primaryKey[0], dir: 'asc' } : null,
    displayColumn: display,
    permissions: { admin: [...RIGHTS], member: ['view'] },
    maskedColumns: personalColumns(t),
  };
}

/** The columns named as personal numbers (주민등록번호, phone, card, account: the API builder's rule), masked by default. */
export const personalColumns = (t: TTableInfo) => t.columns.filter((c) => personalKindOf(t, c)).map((c) => c.name);

export function settingsFor(t: TTableInfo, stored: unknown): TAdminTableSettings {
  const base = defaultSettings(t);
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
    maskedColumns: keep(s.maskedColumns, base.maskedColumns ?? []),
  };
}

export const isManager = (role: string) => role === 'owner' || role === 'admin';

/**
 * The caller's rights on a table. Owner: all. A member with a custom role (decision 092): the role's. Admins and
 * other members: the table's settings for their seed role, where export comes with view, import with create, and
 * (admins only) unmask with view — as before custom roles, which alone set these three apart.
 */
export function rightsOf(ctx: TAppCtx, table: string): TAdminRoleRight[] {
  const t = ctx.tables.get(table)!;
  let mine: TAdminRoleRight[];
  if (ctx.role === 'owner') mine = [...ADMIN_ROLE_RIGHTS];
  else if (ctx.role !== 'admin' && ctx.custom) mine = ctx.custom.rights[table] ?? [];
  else {
    const s = ctx.settings.get(table)!;
    const base: TAdminRoleRight[] = ctx.role === 'admin' ? s.permissions.admin : s.permissions.member;
    const has = (r: TAdminRight) => base.includes(r);
    mine = [...base, ...(has('view') ? (['export'] as const) : []), ...(has('create') ? (['import'] as const) : [])];
    if (ctx.role === 'admin' && has('view')) mine.push('unmask');
  }
  // A view cannot be written; without a primary key no row can be addressed for edit or delete.
  const writes = (r: TAdminRoleRight) => r === 'create' || r === 'edit' || r === 'delete' || r === 'import';
  const ok = (r: TAdminRoleRight) => !writes(r) || (t.kind === 'table' && (r === 'create' || r === 'import' || t.primaryKey.length > 0));
  return ADMIN_ROLE_RIGHTS.filter((r) => mine.includes(r) && ok(r));
}

const r36 = ko.adminBuilder.roles.server;

export function tableIn(ctx: TAppCtx, table: string, right: TAdminRoleRight): TTableInfo {
  const t = ctx.tables.get(table);
  if (!t) throw new AppError('ADMIN_TABLE_NOT_FOUND');
  const rights = rightsOf(ctx, table);
  if (!rights.includes('view') || !rights.includes(right)) {
    const msg = {
      view: m.noView,
      create: m.noCreate,
      edit: m.noEdit,
      delete: m.noDelete,
      export: r36.noExport,
      import: r36.noImport,
      unmask: r36.noUnmask,
    }[right];
    throw new AppError('ADMIN_NO_RIGHT', msg);
  }
  return t;
}

/** Whether `column` of the table is masked ('●●●' until 열람). */
export const isMasked = (ctx: Pick<TAppCtx, 'settings'>, table: string, column: string) => ctx.settings.get(table)?.maskedColumns?.includes(column) ?? false;

export function columnsOf(ctx: TAppCtx, t: TTableInfo): TAdminColumn[] {
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
      masked: isMasked(ctx, t.name, c.name),
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
export function writableColumns(ctx: TAppCtx, t: TTableInfo): Set<string> {
  const s = ctx.settings.get(t.name)!;
  return new Set(t.columns.filter((c) => s.formColumns.includes(c.name) && !s.readOnlyColumns.includes(c.name) && !isGenerated(t, c)).map((c) => c.name));
}

/** The referenced table's display column when this role may see it there, else its key. */
export function refDisplay(ctx: TAppCtx, ref: TTableInfo, key: string): string {
  const d = ctx.settings.get(ref.name)?.displayColumn;
  // A masked display column is not shown in another table's page either (decision 092).
  return d && visibleColumns(ctx, ref, 'list').includes(d) && !isMasked(ctx, ref.name, d) ? d : key;
}

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

/** A row as the pages receive it: only the visible columns, times in ISO 8601. */
export function present(t: TTableInfo, cols: string[], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of cols) {
    if (!(c in row)) continue;
    const type = t.columns.find((x) => x.name === c)?.type ?? '';
    out[c] = kindOf(type) === 'datetime' ? isoTime(row[c]) : row[c];
  }
  return out;
}

/** One row as its page receives it. */
export const presentRow = (ctx: TAppCtx, t: TTableInfo, row: Record<string, unknown>) => present(t, visibleColumns(ctx, t, 'row'), row);

export function describeTable(ctx: TAppCtx, t: TTableInfo): TAdminTable {
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
