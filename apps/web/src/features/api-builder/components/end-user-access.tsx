import { useState } from 'react';
import { ko } from '@suite/shared';
import type { TApiDefinition } from '@suite/shared/schemas/api-builder';
import { ZEndUserAuthInput, type TEndUserAuth, type TRowFilter } from '@suite/shared/schemas/api-builder-jwt';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast, toastError } from '@/lib/toast';
import { useEndUserAuth, useSaveEndUserAuth } from '../api/end-user-auth';

const t = ko.apiBuilderJwt.ui;

/** The API's end-user access (issue 36, decision 090), opened from its settings row: owners and admins only. */
export function EndUserAccess({ seedId, api }: { seedId: string; api: TApiDefinition }) {
  const [open, setOpen] = useState(false);
  const query = useEndUserAuth(seedId, api.id, open);
  return (
    <div className="grid gap-2">
      <div>
        <Button size="sm" variant="outline" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {t.open}
        </Button>
      </div>
      {open && query.data ? <EndUserForm seedId={seedId} api={api} initial={query.data.data} /> : null}
    </div>
  );
}

function EndUserForm({ seedId, api, initial }: { seedId: string; api: TApiDefinition; initial: TEndUserAuth }) {
  const save = useSaveEndUserAuth(seedId, api.id);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [mode, setMode] = useState<'jwks' | 'secret'>(initial.mode);
  const [jwksUrl, setJwksUrl] = useState(initial.jwksUrl ?? '');
  const [secret, setSecret] = useState('');
  const [audience, setAudience] = useState(initial.audience ?? '');
  const [issuer, setIssuer] = useState(initial.issuer ?? '');
  const [roleClaim, setRoleClaim] = useState(initial.roleClaim);
  const [roles, setRoles] = useState(initial.allowedRoles.join(', '));
  const [anonRole, setAnonRole] = useState(initial.anonRole ?? '');
  const [filters, setFilters] = useState<TRowFilter[]>(initial.rowFilters);
  const [error, setError] = useState<string | null>(null);
  const pg = api.engine === 'postgres';
  const id = (name: string) => `eu-${name}-${api.id}`;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      enabled,
      mode,
      jwksUrl: mode === 'jwks' ? jwksUrl.trim() || null : null,
      ...(mode === 'secret' && secret ? { secret } : {}),
      audience,
      issuer,
      roleClaim,
      allowedRoles: pg
        ? roles
            .split(',')
            .map((r) => r.trim())
            .filter(Boolean)
        : [],
      anonRole: anonRole.trim() || null,
      rowFilters: filters,
    };
    const parsed = ZEndUserAuthInput.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ko.errors.validation);
      return;
    }
    setError(null);
    save.mutateAsync(body).then(
      (r) => {
        setSecret('');
        toast.success(r.message);
      },
      (err: unknown) => toastError(err, ko.errors.internal),
    );
  };

  return (
    <form className="grid gap-3 rounded-md border p-3" onSubmit={submit} noValidate aria-label={t.title}>
      <div className="grid gap-1">
        <p className="font-medium">{t.title}</p>
        <p className="text-xs text-muted-foreground break-keep">{t.description}</p>
      </div>
      <span className="flex items-center gap-2 text-sm">
        <Checkbox id={id('on')} checked={enabled} onCheckedChange={(c) => setEnabled(c === true)} />
        <Label htmlFor={id('on')} className="break-keep">
          {t.enabled}
        </Label>
      </span>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={id('mode')}>{t.mode}</Label>
          <NativeSelect id={id('mode')} value={mode} onChange={(e) => setMode(e.target.value === 'secret' ? 'secret' : 'jwks')}>
            <option value="jwks">{t.modeJwks}</option>
            <option value="secret">{t.modeSecret}</option>
          </NativeSelect>
        </div>
        {mode === 'jwks' ? (
          <div className="grid gap-1">
            <Label htmlFor={id('jwks')}>{t.jwksUrl}</Label>
            <Input
              id={id('jwks')}
              inputMode="url"
              placeholder="https://auth.example.com/.well-known/jwks.json"
              value={jwksUrl}
              onChange={(e) => setJwksUrl(e.target.value)}
            />
          </div>
        ) : (
          <div className="grid gap-1">
            <Label htmlFor={id('secret')}>{t.secret}</Label>
            <Input id={id('secret')} type="password" autoComplete="off" value={secret} onChange={(e) => setSecret(e.target.value)} />
            {initial.hasSecret ? <p className="text-xs text-muted-foreground break-keep">{t.secretKept}</p> : null}
          </div>
        )}
        <div className="grid gap-1">
          <Label htmlFor={id('aud')}>{t.audience}</Label>
          <Input id={id('aud')} value={audience} onChange={(e) => setAudience(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={id('iss')}>{t.issuer}</Label>
          <Input id={id('iss')} value={issuer} onChange={(e) => setIssuer(e.target.value)} />
        </div>
        {pg ? (
          <>
            <div className="grid gap-1">
              <Label htmlFor={id('claim')}>{t.roleClaim}</Label>
              <Input id={id('claim')} value={roleClaim} onChange={(e) => setRoleClaim(e.target.value)} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={id('roles')}>{t.allowedRoles}</Label>
              <Input id={id('roles')} placeholder="authenticated" value={roles} onChange={(e) => setRoles(e.target.value)} />
            </div>
          </>
        ) : null}
        <div className="grid gap-1">
          <Label htmlFor={id('anon')}>{t.anonRole}</Label>
          <Input id={id('anon')} placeholder={pg ? 'anon' : ''} value={anonRole} onChange={(e) => setAnonRole(e.target.value)} />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{t.rowFilters}</legend>
        <p className="text-xs text-muted-foreground break-keep">{t.rowFiltersHelp}</p>
        {filters.map((f, i) => (
          <div key={i} className="grid grid-cols-2 items-end gap-2 rounded-md border p-2 sm:grid-cols-[1fr_1fr_1fr_auto] sm:border-0 sm:p-0">
            <div className="grid gap-1">
              <Label htmlFor={id(`t${i}`)} className="text-xs">
                {t.table}
              </Label>
              <NativeSelect
                id={id(`t${i}`)}
                value={f.table}
                onChange={(e) => setFilters(filters.map((x, j) => (j === i ? { ...x, table: e.target.value } : x)))}
              >
                {api.tables.map((tb) => (
                  <option key={tb.name} value={tb.name}>
                    {tb.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1">
              <Label htmlFor={id(`c${i}`)} className="text-xs">
                {t.column}
              </Label>
              <Input id={id(`c${i}`)} value={f.column} onChange={(e) => setFilters(filters.map((x, j) => (j === i ? { ...x, column: e.target.value } : x)))} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={id(`k${i}`)} className="text-xs">
                {t.claim}
              </Label>
              <Input id={id(`k${i}`)} value={f.claim} onChange={(e) => setFilters(filters.map((x, j) => (j === i ? { ...x, claim: e.target.value } : x)))} />
            </div>
            <Button type="button" size="sm" variant="ghost" onClick={() => setFilters(filters.filter((_, j) => j !== i))}>
              {t.removeFilter}
            </Button>
          </div>
        ))}
        <div>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={!api.tables.length}
            onClick={() => setFilters([...filters, { table: api.tables[0]?.name ?? '', column: 'user_id', claim: 'sub' }])}
          >
            {t.addFilter}
          </Button>
        </div>
      </fieldset>
      <p className="text-xs text-muted-foreground break-keep">{t.howTo}</p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div>
        <Button size="sm" type="submit" disabled={save.isPending}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}
