/**
 * Values a form or CSV row writes, checked column by column with the shared value rule (`columnValueSchema`, the
 * row form's too) after the role's column rules (visible, not read-only, not database-numbered, in the form).
 */
import { ko } from '@suite/shared';
import { columnValueSchema } from '@suite/shared/schemas/admin-builder-values';
import { AppError } from '../../lib/app-error.ts';
import type { TTableInfo } from '../api-builder/data-api.service.ts';
import { columnsOf, isoTime, visibleColumns, writableColumns, type TAppCtx } from './admin-builder.columns.ts';

const m = ko.adminBuilder.server;

export type TFieldError = { path: string; message: string };

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
    const r = columnValueSchema(col, label(name), mode).safeParse(raw);
    if (!r.success) errors.push({ path: name, message: r.error.issues[0]?.message ?? m.badValue(label(name)) });
    // An empty time stays NULL on MariaDB too (not the text 'null').
    else if (r.data !== undefined) values[name] = col.kind === 'datetime' && ctx.engine === 'mysql' && r.data !== null ? mysqlDateTime(String(r.data)) : r.data;
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

export function failIf(errors: TFieldError[]) {
  if (errors.length) throw new AppError('ADMIN_BAD_INPUT', errors[0]!.message, { status: 400, details: errors });
}
