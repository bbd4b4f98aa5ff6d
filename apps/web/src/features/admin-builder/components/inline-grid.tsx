/**
 * Inline editing in the generated list (issue 36, decision 093). The table is one grid with a roving tabindex: one
 * cell is in the tab order, arrow keys (and Home/End) move it, Enter or F2 (or a double-click) turns an editable cell
 * into a field; Enter or Tab saves (Tab goes on to the next editable cell), Escape cancels. A cell saves only its own
 * field through the row update route, with the row form's own checks (`rowSchema`), so inline and form accept the same
 * values; a server refusal (type, row rule, right) stays beside the cell with the typed text. Foreign keys, JSON and
 * masked personal data are edited on the row's page only.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ko } from '@suite/shared';
import type { TAdminColumn, TAdminRowListResponse, TAdminTable } from '@suite/shared/schemas/admin-builder';
import { NativeSelect } from '@/components/ui/native-select';
import { saveRow } from '../api/save-row';
import { adKeys } from '../api/keys';
import { inputClass, keyOf, labelOf } from './common';
import { formFields, initial, isReadOnly, rowSchema } from './row-schema';

const v = ko.adminBuilder.views.ui;
type TPos = { r: number; c: number };
type TRow = Record<string, unknown>;

/** Whether a cell of `c` edits in place: the caller may edit, the form writes it, and it is not a key, reference or masked. */
export function inlineEditable(table: TAdminTable, c: TAdminColumn): boolean {
  return (
    table.rights.includes('edit') &&
    table.primaryKey.length > 0 &&
    !table.primaryKey.includes(c.name) &&
    table.settings.formColumns.includes(c.name) &&
    !isReadOnly(table, c, false) &&
    !c.masked &&
    !c.ref &&
    // A PostgreSQL enum's kind is 'other'; its values make it a select.
    (Boolean(c.enumValues) || ['text', 'number', 'boolean', 'date', 'datetime'].includes(c.kind))
  );
}

/** The grid's state: the current cell, the cell being edited, keyboard moves and the row click (which opens the row). */
export function useInlineGrid(opts: {
  seedId: string;
  appId: string;
  table: TAdminTable;
  /** The list query's parameters (its cache entry is updated in place after a save). */
  params: string;
  rows: TRow[];
  columns: TAdminColumn[];
  open: (key: string) => void;
}) {
  const { rows, columns, table } = opts;
  const [pos, setPos] = useState<TPos>({ r: 0, c: 0 });
  const [editing, setEditing] = useState<TPos | null>(null);
  const [tableEl, attachTable] = useState<HTMLTableElement | null>(null);
  // A move asks for focus (a render later, when the cell is in the tab order); a click's pending row opening.
  const [focusAsk, setFocusAsk] = useState(0);
  const [pendingOpen, setPendingOpen] = useState<string | null>(null);
  const hintId = useId();
  const at = { r: Math.max(0, Math.min(pos.r, rows.length - 1)), c: Math.max(0, Math.min(pos.c, columns.length - 1)) };

  useEffect(() => {
    if (focusAsk) tableEl?.querySelector<HTMLElement>(`[data-cell="${at.r}:${at.c}"]`)?.focus();
    // Only a move asks for focus (not a re-render of the list).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusAsk]);
  useEffect(() => {
    if (pendingOpen === null) return;
    const id = setTimeout(() => opts.open(pendingOpen), 250);
    return () => clearTimeout(id);
    // The wait restarts only for another click (not for a re-render of the list).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingOpen]);

  const editableAt = (p: TPos) => Boolean(rows[p.r] && columns[p.c] && inlineEditable(table, columns[p.c]!));
  const focusCell = (p: TPos) => {
    setFocusAsk((n) => n + 1);
    setPos({ r: Math.max(0, Math.min(p.r, rows.length - 1)), c: Math.max(0, Math.min(p.c, columns.length - 1)) });
  };
  /** The next (or previous) editable cell in reading order, if any. */
  const nextEditable = (p: TPos, dir: 1 | -1): TPos | null => {
    const n = columns.length;
    for (let i = p.r * n + p.c + dir; i >= 0 && i < rows.length * n; i += dir) {
      const q = { r: Math.floor(i / n), c: i % n };
      if (editableAt(q)) return q;
    }
    return null;
  };
  const startEdit = (p: TPos) => {
    if (!editableAt(p)) return;
    setPendingOpen(null);
    setPos(p);
    setEditing(p);
  };
  const stopEdit = (p: TPos, then?: 1 | -1) => {
    const next = then ? nextEditable(p, then) : null;
    if (next) {
      setPos(next);
      setEditing(next);
    } else {
      setEditing(null);
      focusCell(p);
    }
  };

  const onCellKeyDown = (p: TPos) => (e: React.KeyboardEvent<HTMLElement>) => {
    if (editing || e.target !== e.currentTarget) return;
    const moves: Record<string, TPos> = {
      ArrowUp: { r: p.r - 1, c: p.c },
      ArrowDown: { r: p.r + 1, c: p.c },
      ArrowLeft: { r: p.r, c: p.c - 1 },
      ArrowRight: { r: p.r, c: p.c + 1 },
      Home: { r: e.ctrlKey ? 0 : p.r, c: 0 },
      End: { r: e.ctrlKey ? rows.length - 1 : p.r, c: columns.length - 1 },
    };
    const to = moves[e.key];
    if (to) {
      e.preventDefault();
      focusCell(to);
    } else if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      if (editableAt(p)) startEdit(p);
      else if (e.key === 'Enter' && table.primaryKey.length && rows[p.r]) opts.open(keyOf(table, rows[p.r]!));
    }
  };

  /** The row opens on a click, as before; on an editable cell a little later, so that a double-click edits instead. */
  const onRowClick = (e: React.MouseEvent<HTMLElement>, key: string) => {
    const target = e.target as HTMLElement;
    if (!table.primaryKey.length || target.closest('a,button,input,label,select,[data-editing]')) return;
    if (e.detail > 1) return setPendingOpen(null);
    if (target.closest('[data-editable]')) setPendingOpen(key);
    else opts.open(key);
  };

  const qc = useQueryClient();
  /** Saves one field of a row; the list's cache entry takes the stored values (no reload of the page). */
  const save = async (row: TRow, values: TRow) => {
    const key = keyOf(table, row);
    const res = await saveRow(opts.seedId, opts.appId, table.name, key, values);
    qc.setQueryData<TAdminRowListResponse>(adKeys.rowList(opts.seedId, opts.appId, table.name, opts.params), (old) =>
      old
        ? {
            ...old,
            data: old.data.map((r) => (keyOf(table, r) === key ? Object.fromEntries(Object.keys(r).map((k) => [k, k in res.data ? res.data[k] : r[k]])) : r)),
          }
        : old,
    );
    // Other pages and the row's own page read it again when next shown.
    void qc.invalidateQueries({ queryKey: adKeys.appRows(opts.seedId, opts.appId), refetchType: 'none' });
  };

  return {
    attachTable,
    hintId,
    at,
    editing,
    startEdit,
    stopEdit,
    onCellKeyDown,
    onRowClick,
    save,
    editableAt,
    rowCount: rows.length,
    colCount: columns.length,
  };
}

export type TInlineGrid = Omit<ReturnType<typeof useInlineGrid>, 'attachTable'>;

/** One cell of the grid: its shown value, or the field while it is edited. */
export function GridCell(props: { grid: TInlineGrid; r: number; c: number; table: TAdminTable; column: TAdminColumn; row: TRow; children: React.ReactNode }) {
  const { grid, r, c, column, table, row } = props;
  const p = { r, c };
  const active = grid.at.r === r && grid.at.c === c;
  const editing = grid.editing?.r === r && grid.editing.c === c;
  const editable = grid.editableAt(p);
  return (
    <td
      role="gridcell"
      className={`max-w-64 p-2 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset ${editing ? 'relative' : 'truncate'} ${active ? 'bg-muted/40' : ''}`}
      data-col={column.name}
      data-cell={`${r}:${c}`}
      data-editable={editable ? '' : undefined}
      data-editing={editing ? '' : undefined}
      tabIndex={active && !editing ? 0 : -1}
      aria-selected={active}
      aria-readonly={!editable}
      onKeyDown={grid.onCellKeyDown(p)}
      onDoubleClick={() => grid.startEdit(p)}
    >
      {editing ? (
        // The shown value stays (unseen) so the column keeps its width; the field lies over the cell, as wide as it
        // needs, without moving the other columns.
        <>
          <div className="invisible truncate" aria-hidden>
            {props.children}
          </div>
          <CellEditor
            grid={grid}
            p={p}
            table={table}
            column={column}
            row={row}
            alignEnd={c > 0 && c === grid.colCount - 1}
            alignUp={r > 0 && r === grid.rowCount - 1}
          />
        </>
      ) : (
        props.children
      )}
    </td>
  );
}

/**
 * `alignEnd`: the last column's field opens leftwards; `alignUp`: the last row's opens upwards, its messages above the
 * field, so neither reaches out of the table.
 */
function CellEditor(props: { grid: TInlineGrid; p: TPos; table: TAdminTable; column: TAdminColumn; row: TRow; alignEnd: boolean; alignUp: boolean }) {
  const { grid, p, table, column, row } = props;
  const start = initial(column, row[column.name]);
  const [text, setText] = useState(start);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const field = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const errorId = useId();
  const label = v.editCell(labelOf(table, column.name));
  useEffect(() => {
    field.current?.focus();
    if (field.current && 'select' in field.current && column.kind !== 'boolean' && !column.enumValues) field.current.select();
  }, [column.kind, column.enumValues]);

  const commit = async (then?: 1 | -1) => {
    if (pending) return;
    // The row form's schema over the form's fields: every other field as it was (so only this one is sent).
    const fields = formFields(table);
    const parsed = rowSchema(table, row, false).safeParse({ values: fields.map((f) => (f.name === column.name ? text : initial(f, row[f.name]))) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ko.errors.validation);
    if (!Object.keys(parsed.data).length) return grid.stopEdit(p, then);
    setPending(true);
    try {
      await grid.save(row, parsed.data);
      grid.stopEdit(p, then);
    } catch (e) {
      setError((e as Error).message);
      setPending(false);
    }
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLElement>) => {
    e.stopPropagation();
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      grid.stopEdit(p);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      void commit(e.key === 'Tab' ? (e.shiftKey ? -1 : 1) : undefined);
    }
  };
  const common = {
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-busy': pending || undefined,
    onKeyDown,
  };
  const type = column.kind === 'date' ? 'date' : column.kind === 'datetime' ? 'datetime-local' : 'text';
  return (
    <div
      className={`absolute z-10 flex w-full min-w-40 gap-1 rounded-md border bg-popover p-1 text-popover-foreground shadow-md ${props.alignEnd ? 'right-0' : 'left-0'} ${props.alignUp ? 'bottom-0 flex-col-reverse' : 'top-0 flex-col'}`}
    >
      {column.enumValues ? (
        <NativeSelect ref={field} value={text} onChange={(e) => setText(e.target.value)} {...common}>
          <option value="">{v.empty}</option>
          {column.enumValues.map((x) => (
            <option key={x} value={x}>
              {x}
            </option>
          ))}
        </NativeSelect>
      ) : column.kind === 'boolean' ? (
        <label className="flex items-center gap-2">
          <input ref={field} type="checkbox" checked={text === 'true'} onChange={(e) => setText(e.target.checked ? 'true' : 'false')} {...common} />
          {text === 'true' ? v.yes : v.no}
        </label>
      ) : (
        <input
          ref={field}
          className={`${inputClass} h-8`}
          type={type}
          lang="ko"
          inputMode={column.kind === 'number' ? 'decimal' : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
          {...common}
        />
      )}
      {pending ? <span className="text-xs text-muted-foreground">{v.saving}</span> : null}
      {error ? (
        <span id={errorId} role="alert" className="whitespace-normal text-xs text-destructive">
          {error}
        </span>
      ) : null}
    </div>
  );
}
