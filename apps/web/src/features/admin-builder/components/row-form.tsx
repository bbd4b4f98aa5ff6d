import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { TAdminColumn, TAdminTable } from '@suite/shared/schemas/admin-builder';
import { MASKED_VALUE } from '@suite/shared/schemas/admin-builder-roles';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api';
import { FkPicker } from './fk-picker';
import { inputClass, labelOf, Note, t } from './common';
import { formFields, initial, isReadOnly, rowSchema } from './row-schema';

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
  const { table, row, readOnly } = props;
  const creating = row === null;
  const fields = formFields(table, creating);
  const schema = useMemo(() => rowSchema(table, row, readOnly), [table, row, readOnly]);
  const { register, handleSubmit, formState, setValue } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { values: fields.map((c) => initial(c, row?.[c.name])) },
  });
  const server = props.error instanceof ApiError ? props.error : null;
  const fieldError = (i: number, c: string) => formState.errors.values?.[i]?.message ?? server?.details?.find((d) => d.path === c)?.message;
  const ro = (c: TAdminColumn) => isReadOnly(table, c, readOnly);
  return (
    <form noValidate className="grid gap-3" onSubmit={handleSubmit(props.onSubmit)}>
      {fields.map((c, i) => {
        const id = `ad-f-${c.name}`;
        const err = fieldError(i, c.name);
        const label = labelOf(table, c.name);
        const required = !c.nullable && !(creating && c.hasDefault);
        const common = { id, 'aria-invalid': err ? true : undefined, 'aria-describedby': err ? `${id}-err` : undefined, disabled: ro(c) } as const;
        const name = `values.${i}` as const;
        let input: React.ReactNode;
        if (c.ref && !ro(c)) {
          input = (
            <FkPicker
              seedId={props.seedId}
              appId={props.appId}
              table={c.ref.table}
              value={row?.[c.name]}
              display={row && row[c.name] !== null ? props.refs[c.name]?.[String(row[c.name])] : undefined}
              onChange={(v) => setValue(name, v === null ? '' : String(v))}
              id={id}
              invalid={Boolean(err)}
              label={label}
            />
          );
        } else if (c.enumValues) {
          input = (
            <NativeSelect {...common} {...register(name)}>
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
            <NativeSelect {...common} {...register(name)}>
              <option value="">{c.nullable || (creating && c.hasDefault) ? t.empty : t.pick}</option>
              <option value="true">{t.yes}</option>
              <option value="false">{t.no}</option>
            </NativeSelect>
          );
        } else if (c.kind === 'json' || (c.kind === 'text' && (c.maxLength === null || c.maxLength > 255) && !/^(uuid|time)/i.test(c.type))) {
          input = <textarea {...common} {...register(name)} className={`${inputClass} h-auto min-h-20`} />;
        } else {
          const type = c.kind === 'number' ? 'text' : c.kind === 'date' ? 'date' : c.kind === 'datetime' ? 'datetime-local' : 'text';
          input = (
            <input
              {...common}
              lang="ko"
              type={type}
              inputMode={c.kind === 'number' ? 'decimal' : undefined}
              maxLength={c.maxLength ?? undefined}
              placeholder={c.masked && row?.[c.name] === MASKED_VALUE ? MASKED_VALUE : undefined}
              className={inputClass}
              {...register(name)}
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
      {formState.errors.values ? <Note alert>{t.invalid}</Note> : null}
      {props.readOnly ? null : (
        <Button type="submit" className="w-fit" disabled={props.saving}>
          {t.save}
        </Button>
      )}
    </form>
  );
}
