import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { ko } from '@suite/shared';
import { ZCreateConnectionInput, type TApiConnection, type TCreateConnectionInput } from '@suite/shared/schemas/api-builder';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useCreateConnection } from '../api/create-connection';
import { parseConnectionString } from '../lib/connection-string';

const t = ko.apiBuilder.ui.form;
const cs = ko.apiBuilder.ui.connectionString;

/** Connect a database; the server checks the connection before saving and says in Korean what failed. */
export function ConnectionForm({ seedId, onCreated }: { seedId: string; onCreated?: (c: TApiConnection) => void }) {
  const create = useCreateConnection(seedId);
  const [pasted, setPasted] = useState('');
  const [pasteNote, setPasteNote] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setValue, getValues, watch, setError } = useForm<
    TCreateConnectionInput,
    unknown,
    z.output<typeof ZCreateConnectionInput>
  >({
    resolver: zodResolver(ZCreateConnectionInput),
    defaultValues: {
      name: '',
      engine: 'postgres',
      host: '',
      port: 5432,
      database: '',
      user: '',
      password: '',
      tls: false,
      statementTimeoutMs: 5000,
      rowCap: 1000,
    },
  });
  const engine = watch('engine');
  // A pasted connection string fills the fields and is cleared at once (read here only; never sent or logged as is).
  const fillFrom = (text: string, final: boolean) => {
    const parsed = parseConnectionString(text);
    if (!parsed) {
      setPasted(text);
      setPasteNote(final && text.trim() ? { ok: false, text: cs.invalid } : null);
      return;
    }
    for (const [k, v] of Object.entries(parsed)) setValue(k as keyof typeof parsed, v, { shouldValidate: k !== 'password' });
    if (!getValues('name').trim()) setValue('name', parsed.database.slice(0, 60));
    setPasted('');
    setPasteNote({ ok: true, text: cs.filled });
  };
  const onSubmit = handleSubmit(async (v) => {
    try {
      const r = await create.mutateAsync(v);
      toast.success(r.message);
      onCreated?.(r.data);
    } catch (e) {
      setError('root', { message: e instanceof Error ? e.message : ko.errors.internal });
    }
  });
  const err = formState.errors;
  const field = (id: keyof TCreateConnectionInput, label: string, input: React.ReactNode) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`ab-${id}`}>{label}</Label>
      {input}
      {err[id]?.message ? <p className="text-xs text-destructive">{String(err[id]?.message)}</p> : null}
    </div>
  );
  const busy = formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label={ko.apiBuilder.ui.connections}>
      <div className="grid gap-1.5">
        <Label htmlFor="ab-connection-string">{cs.label}</Label>
        <Input
          id="ab-connection-string"
          autoComplete="off"
          spellCheck={false}
          placeholder={cs.placeholder}
          disabled={busy}
          value={pasted}
          aria-describedby="ab-connection-string-hint"
          onChange={(e) => fillFrom(e.target.value, false)}
          onBlur={(e) => fillFrom(e.target.value, true)}
        />
        <p id="ab-connection-string-hint" className="text-xs text-muted-foreground break-keep">
          {cs.hint}
        </p>
        {pasteNote ? (
          <p role={pasteNote.ok ? 'status' : 'alert'} className={`text-xs break-keep ${pasteNote.ok ? 'text-primary' : 'text-destructive'}`}>
            {pasteNote.text}
          </p>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('name', t.name, <Input id="ab-name" placeholder={t.namePlaceholder} disabled={busy} {...register('name')} />)}
        {field(
          'engine',
          t.engine,
          <NativeSelect
            id="ab-engine"
            disabled={busy}
            {...register('engine', { onChange: (e: React.ChangeEvent<HTMLSelectElement>) => setValue('port', e.target.value === 'mysql' ? 3306 : 5432) })}
          >
            <option value="postgres">{t.engines.postgres}</option>
            <option value="mysql">{t.engines.mysql}</option>
          </NativeSelect>,
        )}
        {field('host', t.host, <Input id="ab-host" placeholder="db.example.com" autoComplete="off" disabled={busy} {...register('host')} />)}
        {field('port', t.port, <Input id="ab-port" inputMode="numeric" disabled={busy} {...register('port')} />)}
        {field('database', t.database, <Input id="ab-database" autoComplete="off" disabled={busy} {...register('database')} />)}
        {field('user', t.user, <Input id="ab-user" autoComplete="off" disabled={busy} {...register('user')} />)}
        {field('password', t.password, <Input id="ab-password" type="password" autoComplete="new-password" disabled={busy} {...register('password')} />)}
        <div className="flex items-end gap-2 pb-2">
          <Checkbox id="ab-tls" checked={watch('tls')} onCheckedChange={(c) => setValue('tls', c === true)} disabled={busy} />
          <Label htmlFor="ab-tls">{t.tls}</Label>
        </div>
        {field('statementTimeoutMs', t.timeout, <Input id="ab-statementTimeoutMs" inputMode="numeric" disabled={busy} {...register('statementTimeoutMs')} />)}
        {field('rowCap', t.rowCap, <Input id="ab-rowCap" inputMode="numeric" disabled={busy} {...register('rowCap')} />)}
      </div>
      <p className="text-xs text-muted-foreground break-keep">{t.readOnlyAdvice}</p>
      {err.root?.message ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive break-keep">
          {err.root.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t.submitting : t.submit}
        </Button>
      </div>
      <input type="hidden" value={engine} readOnly />
    </form>
  );
}
