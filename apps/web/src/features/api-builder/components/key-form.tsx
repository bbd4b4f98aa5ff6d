import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ko } from '@suite/shared';
import { ZCreateApiKeyInput, ZHttpMethod, type TApiDefinition } from '@suite/shared/schemas/api-builder';
import { toast, toastError } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useCreateKey } from '../api/create-key';
import { CopyBlock } from './snippets';
import { METHODS } from './table-picker';

const t = ko.apiBuilder.ui;
const k = t.keyForm;

/**
 * The shared key schema; in the form the requests are required (GET only by default), no table ticked means every
 * table of the API, and the API is the one picked (the first until another is picked; the server checks it).
 */
const ZKeyForm = ZCreateApiKeyInput.pick({ name: true }).extend({
  apiId: z.string(),
  methods: z.array(ZHttpMethod).min(1, ko.apiBuilder.validation.methods),
  tables: z.array(z.string()),
  rateLimitPerMinute: ZCreateApiKeyInput.shape.rateLimitPerMinute.unwrap(),
  readPersonalData: z.boolean(),
});

/** Issues an API key: name, API, allowed requests, tables it may call, requests per minute; the key is shown once. */
export function KeyForm({ seedId, apis }: { seedId: string; apis: TApiDefinition[] }) {
  const create = useCreateKey(seedId);
  const [shown, setShown] = useState<string | null>(null);
  const { register, handleSubmit, formState, resetField, setValue, watch, control } = useForm<z.input<typeof ZKeyForm>, unknown, z.output<typeof ZKeyForm>>({
    resolver: zodResolver(ZKeyForm),
    defaultValues: { name: '', apiId: '', methods: ['GET'], tables: [], rateLimitPerMinute: 600, readPersonalData: false },
  });
  const apiId = watch('apiId') || apis[0]?.id || '';
  const api = apis.find((a) => a.id === apiId);
  // A key's scope: published tables, and published functions as `rpc/{name}` (issue 36).
  const scopeNames = [...(api?.tables.map((tb) => tb.name) ?? []), ...(api?.functions ?? []).map((f) => `rpc/${f.name}`)];
  const submit = handleSubmit(async (v) => {
    try {
      const tables = v.tables.filter((x) => scopeNames.includes(x));
      const r = await create.mutateAsync({
        name: v.name,
        apiId,
        methods: METHODS.filter((m) => v.methods.includes(m)),
        ...(tables.length ? { tables } : {}),
        rateLimitPerMinute: v.rateLimitPerMinute,
        ...(v.readPersonalData ? { readPersonalData: true } : {}),
      });
      toast.success(ko.apiBuilder.server.keyCreated);
      setShown(r.key);
      resetField('name');
    } catch (err) {
      toastError(err, ko.errors.internal);
    }
  });
  const errors = formState.errors;
  const toggle = (list: string[], item: string, on: boolean) => (on ? [...new Set([...list, item])] : list.filter((x) => x !== item));
  return (
    <div className="grid gap-3">
      <form onSubmit={submit} noValidate className="grid gap-3" aria-label={t.newKey}>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor="key-name">{t.firstRun.keyName}</Label>
            <Input id="key-name" className="w-48" aria-invalid={errors.name ? true : undefined} {...register('name')} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="key-api">{t.test.api}</Label>
            <NativeSelect
              id="key-api"
              value={apiId}
              onChange={(e) => {
                setValue('apiId', e.target.value);
                setValue('tables', []);
              }}
            >
              {apis.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.connectionName} ({a.id.slice(0, 8)})
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="key-rate">{k.rate}</Label>
            <Input
              id="key-rate"
              inputMode="numeric"
              className="w-28"
              aria-invalid={errors.rateLimitPerMinute ? true : undefined}
              aria-describedby="key-rate-hint"
              {...register('rateLimitPerMinute', { setValueAs: (v: string | number) => (v === '' ? Number.NaN : Number(v)) })}
            />
          </div>
        </div>
        <p id="key-rate-hint" className="-mt-2 text-xs text-muted-foreground break-keep">
          {k.rateHint}
        </p>
        <Controller
          control={control}
          name="methods"
          render={({ field }) => (
            <fieldset className="grid gap-1">
              <legend className="text-sm font-medium">{k.methods}</legend>
              <div className="flex flex-wrap gap-3">
                {METHODS.map((m) => (
                  <span key={m} className="flex items-center gap-1 text-sm">
                    <Checkbox id={`key-m-${m}`} checked={field.value.includes(m)} onCheckedChange={(c) => field.onChange(toggle(field.value, m, c === true))} />
                    <Label htmlFor={`key-m-${m}`}>{t.methodLabels[m]}</Label>
                  </span>
                ))}
              </div>
              <p className="text-xs text-muted-foreground break-keep">{k.methodsHint}</p>
            </fieldset>
          )}
        />
        <Controller
          control={control}
          name="tables"
          render={({ field }) => (
            <fieldset className="grid gap-1">
              <legend className="text-sm font-medium">{k.tables}</legend>
              <div className="flex flex-wrap gap-3">
                <span className="flex items-center gap-1 text-sm">
                  <Checkbox id="key-t-all" checked={field.value.length === 0} onCheckedChange={(c) => c === true && field.onChange([])} />
                  <Label htmlFor="key-t-all">{k.allTables}</Label>
                </span>
                {scopeNames.map((name) => (
                  <span key={name} className="flex items-center gap-1 text-sm">
                    <Checkbox
                      id={`key-t-${name}`}
                      checked={field.value.includes(name)}
                      onCheckedChange={(c) => field.onChange(toggle(field.value, name, c === true))}
                    />
                    <Label htmlFor={`key-t-${name}`} className="font-mono">
                      {name}
                    </Label>
                  </span>
                ))}
              </div>
            </fieldset>
          )}
        />
        <Controller
          control={control}
          name="readPersonalData"
          render={({ field }) => (
            <div className="grid gap-1">
              <span className="flex items-center gap-1 text-sm">
                <Checkbox id="key-personal" checked={field.value} onCheckedChange={(c) => field.onChange(c === true)} aria-describedby="key-personal-hint" />
                <Label htmlFor="key-personal">{k.personal}</Label>
              </span>
              <p id="key-personal-hint" className="text-xs text-muted-foreground break-keep">
                {k.personalHint}
              </p>
            </div>
          )}
        />
        {[errors.name, errors.methods, errors.rateLimitPerMinute].map((e, i) =>
          e?.message ? (
            <p key={i} role="alert" className="text-sm text-destructive">
              {e.message}
            </p>
          ) : null,
        )}
        <div>
          <Button type="submit" disabled={!watch('name').trim() || !apis.length || create.isPending}>
            {t.newKey}
          </Button>
        </div>
      </form>
      {shown ? (
        <div className="grid gap-1 rounded-md border border-primary/40 p-2">
          <p className="text-sm break-keep">{t.firstRun.keyOnce}</p>
          <CopyBlock label={t.keys} text={shown} />
        </div>
      ) : null}
    </div>
  );
}
