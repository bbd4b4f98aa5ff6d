/** The row form's side of the shared per-column value rule: rowSchema on the cases the server's test runs too. */
import { describe, expect, it } from 'vitest';
import type { TAdminTable } from '@suite/shared/schemas/admin-builder';
import { columnValueSchema } from '@suite/shared/schemas/admin-builder-values';
import { valueCaseColumns, valueCases } from '@suite/shared/schemas/admin-builder-values.cases';
import { rowSchema } from './row-schema';

const names = valueCaseColumns.map((c) => c.name);
const table: TAdminTable = {
  name: 'cases',
  kind: 'table',
  primaryKey: [],
  columns: valueCaseColumns.map((c) => ({ ...c, ref: null, generated: false })),
  related: [],
  settings: {
    label: '',
    columnLabels: {},
    listColumns: names,
    formColumns: names,
    readOnlyColumns: [],
    defaultSort: null,
    displayColumn: null,
    permissions: { admin: ['view', 'create', 'edit', 'delete'], member: ['view'] },
  },
  rights: ['view', 'create', 'edit', 'delete'],
};

describe('admin builder value rule (row form)', () => {
  it.each(valueCases.map((c) => [`${c.mode} ${c.column}=${JSON.stringify(c.input)}`, c] as const))('%s', (_name, c) => {
    const i = names.indexOf(c.column);
    // On edit the field starts from another value, so the one typed is a change the form checks.
    const row = c.mode === 'update' ? Object.fromEntries(names.map((n) => [n, 'start'])) : null;
    const values = names.map((n, j) => (j === i ? c.input : row ? 'start' : ''));
    const r = rowSchema(table, row, false).safeParse({ values });
    const issue = r.success ? undefined : r.error.issues.find((x) => x.path[0] === 'values' && x.path[1] === i);
    expect(issue?.message ?? null).toBe(c.refused);
    if (c.refused === null && r.success && c.column in r.data) {
      // What the form sends is accepted by the rule the server applies.
      const col = valueCaseColumns[i]!;
      expect(columnValueSchema(col, col.name, c.mode).safeParse(r.data[c.column]).success).toBe(true);
    }
  });
});
