import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ko } from '@suite/shared';
import type { TAdminColumn, TAdminTable } from '@suite/shared/schemas/admin-builder';
import { ApiError } from '@/lib/api';
import { RowForm } from './row-form';

const t = ko.adminBuilder.ui;
const m = ko.adminBuilder.server;

const col = (name: string, kind: TAdminColumn['kind'], more: Partial<TAdminColumn> = {}): TAdminColumn => ({
  name,
  type: kind === 'number' ? 'integer' : kind === 'json' ? 'jsonb' : 'varchar',
  kind,
  nullable: false,
  hasDefault: false,
  maxLength: null,
  enumValues: null,
  ref: null,
  generated: false,
  ...more,
});

const table: TAdminTable = {
  name: 'orders',
  kind: 'table',
  primaryKey: ['id'],
  columns: [
    col('id', 'number', { hasDefault: true }),
    col('status', 'text', { maxLength: 20 }),
    col('amount', 'number'),
    col('meta', 'json', { nullable: true }),
    // A '.' in a column name is a plain name here, not a path.
    col('memo.ko', 'text', { nullable: true, maxLength: 100 }),
  ],
  related: [],
  settings: {
    label: '',
    columnLabels: { status: '상태' },
    listColumns: ['id', 'status', 'amount'],
    formColumns: ['status', 'amount', 'meta', 'memo.ko'],
    readOnlyColumns: [],
    defaultSort: null,
    displayColumn: null,
    permissions: { admin: ['view'], member: ['view'] },
  },
  rights: ['view', 'create', 'edit'],
};

function renderForm(row: Record<string, unknown> | null, error: unknown = null) {
  const onSubmit = vi.fn();
  render(<RowForm seedId="s" appId="a" table={table} row={row} refs={{}} saving={false} error={error} onSubmit={onSubmit} readOnly={false} />);
  return onSubmit;
}
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: t.save })));
const fieldError = (c: string) => screen.queryByTestId(`ad-err-${c}`)?.textContent;

afterEach(cleanup);

describe('RowForm', () => {
  it('shows the Korean errors under their fields and sends nothing while a value is wrong', async () => {
    const onSubmit = renderForm(null);
    type(/^amount/, '12a');
    type(/^meta/, '{"a":');
    await save();
    expect(fieldError('status')).toBe(m.required('상태'));
    expect(fieldError('amount')).toBe(m.notNumber('amount'));
    expect(fieldError('meta')).toBe(m.notJson('meta'));
    expect(fieldError('memo.ko')).toBeUndefined();
    expect(screen.getByRole('alert').textContent).toBe(t.invalid);
    expect(onSubmit).not.toHaveBeenCalled();

    type(/^상태/, 'x'.repeat(21));
    await save();
    expect(fieldError('status')).toBe(m.tooLong('상태', 20));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('creates with the values typed (JSON parsed), leaving out the empty ones the database fills', async () => {
    const onSubmit = renderForm(null);
    type(/^상태/, 'paid');
    type(/^amount/, ' 1000 ');
    type(/^meta/, '{"gift": true}');
    await save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({ status: 'paid', amount: ' 1000 ', meta: { gift: true } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on edit sends only what changed (an unchanged value is not checked again); an emptied nullable field is NULL', async () => {
    const onSubmit = renderForm({ id: 3, status: '', amount: 60000, meta: { a: 1 }, 'memo.ko': '메모' });
    expect((screen.getByLabelText(/^memo\.ko/) as HTMLInputElement).value).toBe('메모');
    type(/^amount/, '70000');
    type(/^memo\.ko/, '');
    await save();
    expect(onSubmit.mock.calls[0]![0]).toEqual({ amount: '70000', 'memo.ko': null });
  });

  it("puts the server's field errors under their fields, and its other errors under the form", () => {
    renderForm(null, new ApiError(400, 'VALIDATION_FAILED', ko.errors.validation, [{ path: 'amount', message: m.foreignKey('amount') }]));
    expect(fieldError('amount')).toBe(m.foreignKey('amount'));
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    renderForm(null, new ApiError(403, 'ADMIN_NO_RIGHT', m.noCreate));
    expect(screen.getByRole('alert').textContent).toBe(m.noCreate);
  });

  it('shows a database-numbered key read-only on edit and leaves it out on create', () => {
    const numbered: TAdminTable = { ...table, settings: { ...table.settings, formColumns: ['id', ...table.settings.formColumns] } };
    numbered.columns = numbered.columns.map((c) => (c.name === 'id' ? { ...c, generated: true } : c));
    render(<RowForm seedId="s" appId="a" table={numbered} row={null} refs={{}} saving={false} error={null} onSubmit={vi.fn()} readOnly={false} />);
    expect(screen.queryByLabelText(/^id/)).toBeNull();
    cleanup();
    render(
      <RowForm
        seedId="s"
        appId="a"
        table={numbered}
        row={{ id: 7, status: 'paid', amount: 1 }}
        refs={{}}
        saving={false}
        error={null}
        onSubmit={vi.fn()}
        readOnly={false}
      />,
    );
    expect((screen.getByLabelText(/^id/) as HTMLInputElement).disabled).toBe(true);
  });

  it('edits a timestamptz in Asia/Seoul and sends it with +09:00; shows the server refusing a pick-list value on the field', async () => {
    const timed: TAdminTable = {
      ...table,
      columns: [
        ...table.columns,
        col('at', 'datetime', { type: 'timestamp with time zone', nullable: true }),
        col('kind', 'text', { enumValues: ['a', 'b'], nullable: true }),
      ],
      settings: { ...table.settings, formColumns: ['status', 'at', 'kind'] },
    };
    const onSubmit = vi.fn();
    const error = new ApiError(400, 'ADMIN_BAD_INPUT', m.notInList('kind'), [{ path: 'kind', message: m.notInList('kind') }]);
    render(
      <RowForm
        seedId="s"
        appId="a"
        table={timed}
        row={{ id: 1, status: 'paid', at: '2026-06-01T10:16:00+00:00', kind: 'a' }}
        refs={{}}
        saving={false}
        error={error}
        onSubmit={onSubmit}
        readOnly={false}
      />,
    );
    const at = screen.getByLabelText(/^at/) as HTMLInputElement;
    expect(at.value).toBe('2026-06-01T19:16');
    expect(fieldError('kind')).toBe(m.notInList('kind'));
    type(/^at/, '2026-06-01T20:00');
    await save();
    expect(onSubmit.mock.calls[0]![0]).toEqual({ at: '2026-06-01T20:00:00+09:00' });
  });
});
