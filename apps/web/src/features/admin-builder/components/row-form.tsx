import { useState } from 'react';
import type { TAdminColumn, TAdminTable } from '@suite/shared/schemas/admin-builder';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api';
import { FkPicker } from './fk-picker';
import { inputClass, labelOf, Note, t } from './common';
import { ko } from '@suite/shared';

const m = ko.adminBuilder.server;

const initial = (c: TAdminColumn, v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (c.kind === 'json') return JSON.stringify(v, null, 2);
  if (c.kind === 'boolean') return v ? 'true' : 'false';
  if (c.kind === 'datetime') return String(v).replace(' ', 'T').slice(0, 16);
  return String(v);
};

/** What the browser can check before sending (the server checks again and the database has the last word). */
function check(table: TAdminTable, c: TAdminColumn, raw: string, creating: boolean): string | null {
  const f = labelOf(table, c.name);
  if (raw === '') return !c.nullable && !(creating && c.hasDefault) ? m.required(f) : null;
  if (c.maxLength !== null && raw.length > c.maxLength) return m.tooLong(f, c.maxLength);
  if (c.kind === 'number' && !/^-?\d+(\.\d+)?$/.test(raw.trim())) return m.notNumber(f);
  if (c.kind === 'json') {
    try {
      JSON.parse(raw);
    } catch {
      return m.notJson(f);
    }
  }
  return null;
}

/** Create/edit form: fields follow the column types and constraints; server field errors land on their field. */
export function RowForm(props: {
  seedId: string;
  appId: string;
  table: TAdminTable;
  row: Record<string, unknown> | null;
  refs: Record<string, Record<string, string>>;
  saving: boolean;
  error: unknown;
  onSubmit: (values: Record<string, unknown>) => void;
  readOnly: boolean;
}) {
  const { table, row } = props;
  const creating = row === null;
  const fields = table.columns.filter((c) => table.settings.formColumns.includes(c.name));
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((c) => [c.name, initial(c, row?.[c.name])])));
  const [local, setLocal] = useState<Record<string, string>>({});
  const server = props.error instanceof ApiError ? props.error : null;
  const fieldError = (c: string) => local[c] ?? server?.details?.find((d) => d.path === c)?.message;
  const ro = (c: TAdminColumn) => props.readOnly || table.settings.readOnlyColumns.includes(c.name);
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const errs: Record<string, string> = {};
        const out: Record<string, unknown> = {};
        for (const c of fields) {
          if (ro(c)) continue;
          const raw = values[c.name] ?? '';
          // Unchanged fields are not sent on edit: the audit keeps only what changed.
          if (!creating && raw === initial(c, row?.[c.name])) continue;
          if (creating && raw === '' && (c.hasDefault || c.nullable)) continue;
          const err = check(table, c, raw, creating);
          if (err) errs[c.name] = err;
          else out[c.name] = raw === '' ? null : c.kind === 'json' ? JSON.parse(raw) : raw;
        }
        setLocal(errs);
        if (!Object.keys(errs).length) props.onSubmit(out);
      }}
    >
      {fields.map((c) => {
        const id = `ad-f-${c.name}`;
        const err = fieldError(c.name);
        const label = labelOf(table, c.name);
        const required = !c.nullable && !(creating && c.hasDefault);
        const common = { id, 'aria-invalid': err ? true : undefined, 'aria-describedby': err ? `${id}-err` : undefined, disabled: ro(c) } as const;
        const set = (v: string) => setValues((s) => ({ ...s, [c.name]: v }));
        let input: React.ReactNode;
        if (c.ref && !ro(c)) {
          input = (
            <FkPicker
              seedId={props.seedId}
              appId={props.appId}
              table={c.ref.table}
              value={row?.[c.name]}
              display={row && row[c.name] !== null ? props.refs[c.name]?.[String(row[c.name])] : undefined}
              onChange={(v) => set(v === null ? '' : String(v))}
              id={id}
              invalid={Boolean(err)}
              label={label}
            />
          );
        } else if (c.enumValues) {
          input = (
            <NativeSelect {...common} value={values[c.name]} onChange={(e) => set(e.target.value)}>
              <option value="">{c.nullable || (creating && c.hasDefault) ? t.empty : t.pick}</option>
              {c.enumValues.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </NativeSelect>
          );
        } else if (c.kind === 'boolean') {
          input = (
            <NativeSelect {...common} value={values[c.name]} onChange={(e) => set(e.target.value)}>
              <option value="">{c.nullable || (creating && c.hasDefault) ? t.empty : t.pick}</option>
              <option value="true">{t.yes}</option>
              <option value="false">{t.no}</option>
            </NativeSelect>
          );
        } else if (c.kind === 'json' || (c.kind === 'text' && (c.maxLength === null || c.maxLength > 255) && !/^(uuid|time)/i.test(c.type))) {
          input = <textarea {...common} className={`${inputClass} h-auto min-h-20`} value={values[c.name]} onChange={(e) => set(e.target.value)} />;
        } else {
          const type = c.kind === 'number' ? 'text' : c.kind === 'date' ? 'date' : c.kind === 'datetime' ? 'datetime-local' : 'text';
          input = (
            <input
              {...common}
              lang="ko"
              type={type}
              inputMode={c.kind === 'number' ? 'decimal' : undefined}
              maxLength={c.maxLength ?? undefined}
              className={inputClass}
              value={values[c.name]}
              onChange={(e) => set(e.target.value)}
            />
          );
        }
        return (
          <div key={c.name} className="grid gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              {label} {required && !ro(c) ? <span className="text-xs text-muted-foreground">({t.required})</span> : null}
            </label>
            {input}
            {err ? (
              <p id={`${id}-err`} className="text-sm text-destructive" data-testid={`ad-err-${c.name}`}>
                {err}
              </p>
            ) : null}
          </div>
        );
      })}
      {server && !server.details?.length ? <Note alert>{server.message}</Note> : null}
      {Object.keys(local).length ? <Note alert>{t.invalid}</Note> : null}
      {props.readOnly ? null : (
        <Button type="submit" className="w-fit" disabled={props.saving}>
          {t.save}
        </Button>
      )}
    </form>
  );
}
