/** The server's side of the shared per-column value rule: cleanValues on the cases the row form's test runs too. */
import { describe, expect, it } from 'vitest';
import { valueCaseColumns, valueCases } from '@suite/shared/schemas/admin-builder-values.cases';
import type { TTableInfo } from '../api-builder/data-api.service.ts';
import { columnsOf, defaultSettings, type TAppCtx } from './admin-builder.columns.ts';
import type { TAdminAppRow } from './admin-builder.repository.ts';
import { cleanValues } from './admin-builder.values.ts';

const table: TTableInfo = {
  name: 'cases',
  kind: 'table',
  primaryKey: [],
  foreignKeys: [],
  columns: valueCaseColumns.map((c, position) => ({
    name: c.name,
    type: c.type,
    nullable: c.nullable,
    hasDefault: c.hasDefault,
    position,
  })),
};
const ctx: TAppCtx = {
  app: { id: 'app' } as TAdminAppRow,
  role: 'owner',
  engine: 'postgres',
  connectionName: 'test',
  rowCap: 100,
  tables: new Map([['cases', table]]),
  settings: new Map([['cases', defaultSettings(table)]]),
};

describe('admin builder value rule (server)', () => {
  it('describes the cases’ columns as the form receives them', () => {
    const described = columnsOf(ctx, table).map(({ name, type, kind, nullable, hasDefault, maxLength, enumValues }) => ({
      name,
      type,
      kind,
      nullable,
      hasDefault,
      maxLength,
      enumValues,
    }));
    expect(described).toEqual(valueCaseColumns);
  });

  it.each(valueCases.map((c) => [`${c.mode} ${c.column}=${JSON.stringify(c.input)}`, c] as const))('%s', (_name, c) => {
    const { errors } = cleanValues(ctx, table, { [c.column]: c.input }, c.mode);
    expect(errors.find((e) => e.path === c.column)?.message ?? null).toBe(c.refused);
  });

  it('keeps the values as the database gets them', () => {
    const input = { title: 'abc', qty: ' 12 ', ok: '예', meta: '{"a":1}', memo: '', day: '2026-06-01' };
    expect(cleanValues(ctx, table, input, 'create').values).toEqual({ title: 'abc', qty: 12, ok: true, meta: { a: 1 }, memo: null, day: '2026-06-01' });
  });
});
