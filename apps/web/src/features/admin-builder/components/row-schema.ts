import { z } from 'zod';
import { ko } from '@suite/shared';
import type { TAdminColumn, TAdminTable } from '@suite/shared/schemas/admin-builder';
import { columnValueSchema } from '@suite/shared/schemas/admin-builder-values';
import { MASKED_VALUE } from '@suite/shared/schemas/admin-builder-roles';
import { fromLocal, labelOf, seoulLocal } from './common';

/** The columns the form shows (a database-numbered key only on edit, read-only), and whether one may be changed here. */
export const formFields = (table: TAdminTable, creating = false) =>
  table.columns.filter((c) => table.settings.formColumns.includes(c.name) && !(creating && c.generated));
export const isReadOnly = (table: TAdminTable, c: TAdminColumn, readOnly: boolean) =>
  readOnly || c.generated || table.settings.readOnlyColumns.includes(c.name);

/** A column's value as the form shows it ('' for NULL). */
export const initial = (c: TAdminColumn, v: unknown): string => {
  // A masked value ('●●●', decision 092) starts empty: left empty it is not sent, typed it replaces the stored value.
  if (v === null || v === undefined || (c.masked && v === MASKED_VALUE)) return '';
  if (c.kind === 'json') return JSON.stringify(v, null, 2);
  if (c.kind === 'boolean') return v ? 'true' : 'false';
  if (c.kind === 'datetime') return seoulLocal(String(v));
  return String(v);
};

/**
 * One field: its text checked with the shared per-column rule (`columnValueSchema`, which the server applies to every
 * written value), so the form accepts what the server accepts. What is sent is the text as typed (the server reads it
 * with the same rule), NULL for an empty field, JSON parsed, and a datetime-local in Asia/Seoul with +09:00 for a zoned
 * column.
 */
function columnSchema(table: TAdminTable, c: TAdminColumn, creating: boolean) {
  const rule = columnValueSchema(c, labelOf(table, c.name), creating ? 'create' : 'update');
  return z.string().transform((s, ctx): unknown => {
    const sent = c.kind === 'datetime' ? fromLocal(c.type, s) : s;
    const r = rule.safeParse(sent);
    if (!r.success) {
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? ko.errors.validation });
      return z.NEVER;
    }
    return r.data === null || r.data === undefined || c.kind === 'json' ? r.data : sent;
  });
}

/**
 * The row form's schema, built from the table's columns. The form keeps the values by position (a column's name may hold
 * a '.', which react-hook-form reads as a path); the output is what to send, by column name: on edit only what changed
 * (the audit keeps only that), on create not the empty fields the database fills. The server checks again and the
 * database has the last word.
 */
export function rowSchema(table: TAdminTable, row: Record<string, unknown> | null, readOnly: boolean) {
  const creating = row === null;
  const fields = formFields(table, creating).map((c) => ({ c, start: initial(c, row?.[c.name]), schema: columnSchema(table, c, creating) }));
  return z.object({ values: z.array(z.string()) }).transform(({ values }, ctx) => {
    const out: Record<string, unknown> = {};
    fields.forEach(({ c, start, schema }, i) => {
      const raw = values[i] ?? '';
      if (isReadOnly(table, c, readOnly)) return;
      if (!creating && raw === start) return;
      if (creating && raw === '' && (c.hasDefault || c.nullable)) return;
      const r = schema.safeParse(raw);
      if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? ko.errors.validation, path: ['values', i] });
      else if (r.data !== undefined) out[c.name] = r.data;
    });
    return out;
  });
}
