import { z } from 'zod';
import { ko } from '@suite/shared';
import type { TAdminColumn, TAdminTable } from '@suite/shared/schemas/admin-builder';
import { fromLocal, labelOf, seoulLocal } from './common';

const m = ko.adminBuilder.server;

/** The columns the form shows (a database-numbered key only on edit, read-only), and whether one may be changed here. */
export const formFields = (table: TAdminTable, creating = false) =>
  table.columns.filter((c) => table.settings.formColumns.includes(c.name) && !(creating && c.generated));
export const isReadOnly = (table: TAdminTable, c: TAdminColumn, readOnly: boolean) =>
  readOnly || c.generated || table.settings.readOnlyColumns.includes(c.name);

/** A column's value as the form shows it ('' for NULL). */
export const initial = (c: TAdminColumn, v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (c.kind === 'json') return JSON.stringify(v, null, 2);
  if (c.kind === 'boolean') return v ? 'true' : 'false';
  if (c.kind === 'datetime') return seoulLocal(String(v));
  return String(v);
};

/** One column's value: '' is NULL (refused where the column needs a value), else what the browser can check of its type. */
function columnSchema(table: TAdminTable, c: TAdminColumn, creating: boolean) {
  const f = labelOf(table, c.name);
  let text = z.string({ error: m.required(f) });
  if (c.maxLength !== null) text = text.max(c.maxLength, m.tooLong(f, c.maxLength));
  if (c.kind === 'number') text = text.regex(/^\s*-?\d+(\.\d+)?\s*$/, m.notNumber(f));
  const value =
    c.kind === 'datetime'
      ? text.transform((s) => fromLocal(c.type, s))
      : c.kind === 'json'
        ? text.transform((s, ctx): unknown => {
            try {
              return JSON.parse(s);
            } catch {
              ctx.addIssue({ code: 'custom', message: m.notJson(f) });
              return z.NEVER;
            }
          })
        : text;
  const required = !c.nullable && !(creating && c.hasDefault);
  return z.preprocess((v) => (v === '' ? null : v), required ? value : value.nullable());
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
      if (r.success) out[c.name] = r.data;
      else ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? ko.errors.validation, path: ['values', i] });
    });
    return out;
  });
}
