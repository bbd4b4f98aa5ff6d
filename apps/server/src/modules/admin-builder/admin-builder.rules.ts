/**
 * Row rules of custom roles (decision 092) and masked personal data, applied in the one path every read and write of
 * an app's rows takes (`data()` in admin-builder.data.ts): a role's conditions are ANDed to the conditions of every
 * read, update and delete of the table (list, count, row, export, search, pick lists, references, related tabs, bulk
 * delete), and every inserted row and every updated value must satisfy them (else a Korean 403). Rules are typed
 * conditions (column, eq / ne / in, values), checked against the column on save; `me` is the member's e-mail.
 */
import { ko } from '@suite/shared';
import type { TAdminRowRule } from '@suite/shared/schemas/admin-builder-roles';
import { MASKED_VALUE } from '@suite/shared/schemas/admin-builder-roles';
import { AppError } from '../../lib/app-error.ts';
import type { TCondition, TTableInfo } from '../api-builder/data-api.service.ts';
import { columnsOf, type TAppCtx } from './admin-builder.columns.ts';
import type { TDataRequest } from './admin-builder.data.ts';
import { filter } from './admin-builder.query.ts';

const r = ko.adminBuilder.roles.server;

/** A rule as enforced: `me` replaced by the member's e-mail. */
export type TResolvedRule = { column: string; op: 'eq' | 'ne' | 'in'; values: string[] };

export function resolveRules(rules: Record<string, TAdminRowRule[]>, email: string): Map<string, TResolvedRule[]> {
  return new Map(Object.entries(rules).map(([table, list]) => [table, list.map((x) => ({ column: x.column, op: x.op, values: x.me ? [email] : x.values }))]));
}

const rulesOf = (ctx: TAppCtx, table: string) => (ctx.role === 'owner' || ctx.role === 'admin' ? undefined : ctx.custom?.rules.get(table));

/** The role's rules on `table` as the data API's conditions. */
export function ruleConditions(rules: TResolvedRule[]): TCondition[] {
  return rules.map((x) => (x.op === 'in' ? filter(x.column, 'in', x.values) : filter(x.column, x.op === 'eq' ? 'eq' : 'neq', x.values[0] ?? '')));
}

type TKind = ReturnType<typeof columnsOf>[number]['kind'];

/** A value as the database compares it, for the kinds rules may use. */
function canonical(kind: TKind, v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (kind === 'number') {
    const n = Number(v);
    return Number.isFinite(n) ? String(n) : String(v);
  }
  if (kind === 'boolean') return v === true || v === 1 || v === '1' || v === 'true' ? 'true' : 'false';
  if (kind === 'date') return String(v instanceof Date ? v.toISOString() : v).slice(0, 10);
  if (kind === 'datetime') {
    const ms = Date.parse(String(v instanceof Date ? v.toISOString() : v));
    return Number.isNaN(ms) ? String(v) : String(ms);
  }
  return String(v);
}

/** Whether a value satisfies a rule (NULL satisfies none: SQL compares it with nothing). */
function satisfies(kind: TKind, rule: TResolvedRule, v: unknown): boolean {
  const value = canonical(kind, v);
  if (value === null) return false;
  const set = rule.values.map((x) => canonical(kind, x));
  return rule.op === 'ne' ? !set.includes(value) : set.includes(value);
}

/** Written values inside the role's rules: an insert names every rule column, an update only what it changes. */
export function assertInside(ctx: TAppCtx, t: TTableInfo, rows: Record<string, unknown>[], mode: 'create' | 'update') {
  const rules = rulesOf(ctx, t.name);
  if (!rules?.length) return;
  const kinds = new Map(columnsOf(ctx, t).map((c) => [c.name, c.kind]));
  const label = (c: string) => ctx.settings.get(t.name)?.columnLabels[c] || c;
  for (const row of rows) {
    for (const rule of rules) {
      if (!(rule.column in row)) {
        if (mode === 'create') throw new AppError('ADMIN_NO_RIGHT', r.ruleNeedsValue(label(rule.column)), { status: 403 });
        continue;
      }
      if (!satisfies(kinds.get(rule.column) ?? 'text', rule, row[rule.column]))
        throw new AppError('ADMIN_NO_RIGHT', r.outsideRule(label(rule.column)), { status: 403 });
    }
  }
}

/** The call as the role may make it: its rules ANDed to a read, update or delete, written values checked. */
export function guarded(ctx: TAppCtx, call: TDataRequest): TDataRequest {
  const rules = rulesOf(ctx, call.table);
  if (!rules?.length) return call;
  const t = ctx.tables.get(call.table);
  if (!t) return call;
  if (call.method === 'POST' || call.method === 'PATCH') {
    const body = (Array.isArray(call.body) ? call.body : [call.body]) as Record<string, unknown>[];
    assertInside(ctx, t, body, call.method === 'POST' ? 'create' : 'update');
    if (call.method === 'POST') return call;
  }
  return { ...call, query: { ...call.query, where: [...(call.query.where ?? []), ...ruleConditions(rules)] } };
}

/** Rules as a manager saves them: tables of the app, columns of the table, values of the column's type. */
export function checkRules(ctx: TAppCtx, rules: Record<string, TAdminRowRule[]>) {
  const bad = (message: string, path: string) => new AppError('ADMIN_BAD_INPUT', message, { status: 400, details: [{ path, message }] });
  for (const [table, list] of Object.entries(rules)) {
    const t = ctx.tables.get(table);
    if (!t) throw bad(r.tableUnknown(table.slice(0, 64)), `rules.${table.slice(0, 64)}`);
    const cols = columnsOf(ctx, t);
    list.forEach((rule, i) => {
      const path = `rules.${table}.${i}`;
      const col = cols.find((c) => c.name === rule.column);
      if (!col) throw bad(r.ruleColumnUnknown(table.slice(0, 64), rule.column.slice(0, 64)), `${path}.column`);
      if (!['text', 'number', 'date', 'datetime', 'boolean'].includes(col.kind)) throw bad(r.ruleColumnKind(col.name), `${path}.column`);
      if (rule.me && col.kind !== 'text') throw bad(r.ruleMeText(col.name), `${path}.me`);
      for (const v of rule.values) {
        const ok =
          col.kind === 'number'
            ? /^-?\d+(\.\d+)?$/.test(v)
            : col.kind === 'boolean'
              ? v === 'true' || v === 'false'
              : col.kind === 'date' || col.kind === 'datetime'
                ? !Number.isNaN(Date.parse(v))
                : col.enumValues
                  ? col.enumValues.includes(v)
                  : col.maxLength === null || v.length <= col.maxLength;
        if (!ok) throw bad(r.ruleValueBad(col.name), `${path}.values`);
      }
    });
  }
}

/** A row with its masked columns as '●●●' (null stays null), unless `clear`. */
export function maskRow(ctx: TAppCtx, table: string, row: Record<string, unknown>, clear = false): Record<string, unknown> {
  if (clear) return row;
  const masked = ctx.settings.get(table)?.maskedColumns ?? [];
  if (!masked.length) return row;
  const out = { ...row };
  for (const c of masked) if (c in out && out[c] !== null && out[c] !== undefined) out[c] = MASKED_VALUE;
  return out;
}
