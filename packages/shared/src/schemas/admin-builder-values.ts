// Admin-page builder: one value rule per column, used by the server (form and CSV writes) and by the row form.
import { z } from 'zod';
import { koAdminBuilder } from '../messages/ko-admin-builder.ts';
import type { TAdminColumn } from './admin-builder.ts';

const m = koAdminBuilder.server;

/** What a column's value rule depends on (a column as the app describes it). */
export type TColumnRule = Pick<TAdminColumn, 'kind' | 'type' | 'nullable' | 'hasDefault' | 'maxLength' | 'enumValues'>;

const NUMBER = /^-?\d+(\.\d+)?$/;
const BOOLEANS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, 예: true, 아니요: false };

/** Whether an integer is outside its column type's range (the database would refuse it without naming the column). */
export function outOfIntRange(type: string, n: number): boolean {
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

type TCheck = { value: unknown } | { error: string };

/** A present value (not empty) checked against the column's kind; `f` is the field's label in messages. */
function checkKind(col: TColumnRule, f: string, v: unknown): TCheck {
  // A pick list (enum) takes only its values, whatever the column's kind.
  if (col.enumValues && (typeof v === 'object' || !col.enumValues.includes(String(v)))) return { error: m.notInList(f) };
  switch (col.kind) {
    case 'text':
      if (typeof v !== 'string' && typeof v !== 'number') return { error: m.badValue(f) };
      if (col.maxLength !== null && String(v).length > col.maxLength) return { error: m.tooLong(f, col.maxLength) };
      return { value: String(v) };
    case 'number':
      if (typeof v === 'number' ? !Number.isFinite(v) : !NUMBER.test(String(v))) return { error: m.notNumber(f) };
      if (/int/i.test(col.type) && !/^-?\d+$/.test(String(v))) return { error: m.notNumber(f) };
      if (outOfIntRange(col.type, Number(v))) return { error: m.outOfRange(f) };
      return { value: typeof v === 'number' ? v : Number(v) };
    case 'boolean': {
      const b = typeof v === 'boolean' ? v : BOOLEANS[String(v).toLowerCase()];
      return b === undefined ? { error: m.notBoolean(f) } : { value: b };
    }
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(String(v)) || Number.isNaN(Date.parse(String(v)))) return { error: m.notDate(f) };
      return { value: String(v) };
    case 'datetime':
      return typeof v !== 'string' || Number.isNaN(Date.parse(v)) ? { error: m.notDate(f) } : { value: v };
    case 'json':
      if (typeof v !== 'string') return { value: v };
      try {
        return { value: JSON.parse(v) as unknown };
      } catch {
        return { error: m.notJson(f) };
      }
    default:
      return typeof v === 'object' ? { error: m.badValue(f) } : { value: v };
  }
}

/**
 * One column's value from a form field, a CSV cell or a JSON body, as the database should get it. Strings of a
 * non-text column are trimmed; an empty value is NULL where the column allows it, required where it needs one (on
 * create a column the database fills may stay empty: the output is then `undefined`, "leave it out"). Numbers are
 * checked against integer types and their ranges, booleans read true/false/1/0/예/아니요, JSON text is parsed.
 * Errors are the Korean messages naming the field by `label`. The server applies it to every written value; the row
 * form validates each field with it, so a value one accepts the other accepts.
 */
export function columnValueSchema(col: TColumnRule, label: string, mode: 'create' | 'update') {
  return z.unknown().transform((raw, ctx): unknown => {
    let v = raw;
    if (typeof v === 'string' && col.kind !== 'text') v = v.trim();
    // An empty text is "no value" too: NULL where allowed, otherwise the field is required.
    if (v === '') v = null;
    if (v === undefined || v === null) {
      if (!col.nullable && (mode === 'update' || !col.hasDefault)) {
        ctx.addIssue({ code: 'custom', message: m.required(label) });
        return z.NEVER;
      }
      return col.nullable ? null : undefined;
    }
    const r = checkKind(col, label, v);
    if ('error' in r) {
      ctx.addIssue({ code: 'custom', message: r.error });
      return z.NEVER;
    }
    return r.value;
  });
}
