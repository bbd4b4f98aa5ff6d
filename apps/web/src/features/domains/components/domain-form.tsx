import { useState, type FormEvent } from 'react';
import { ko, ZDomainInput, type TDomainPurpose } from '@suite/shared';
import { BusyButton } from '@/components/busy-button';
import { HelpLink, helpUrlOf } from '@/components/help-link';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useAddDomain } from '../api/add-domain';

const t = ko.domains.ui;
const purposes = Object.keys(t.purposes) as TDomainPurpose[];
/** Server refusals that are about the host name itself (shown under the field; others under the form). */
const HOST_CODES = new Set(['DOMAIN_HOST_INVALID', 'DOMAIN_HOST_TAKEN', 'DOMAIN_EXISTS']);

/** '도움말 보기' under an error the server named an article for. */
function Help({ href }: { href: string | undefined }) {
  return href ? (
    <p className="text-sm text-destructive">
      <HelpLink href={href} />
    </p>
  ) : null;
}

/** Host name and purpose, checked with the shared schema first; the server's Korean refusal shows under the host. */
export function DomainForm({ seedId }: { seedId: string }) {
  const add = useAddDomain(seedId);
  const [host, setHost] = useState('');
  const [purpose, setPurpose] = useState<TDomainPurpose>('data-api');
  const [errors, setErrors] = useState<{ host?: string; form?: string; helpUrl?: string | undefined }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZDomainInput.safeParse({ host, purpose });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setErrors(issue?.path[0] === 'host' ? { host: issue.message } : { form: issue?.message });
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        setHost('');
        toast.success(t.added);
      },
      onError: (err) => {
        const onHost = err instanceof ApiError && (HOST_CODES.has(err.code) || Boolean(err.details?.some((d) => d.path === 'host')));
        const helpUrl = helpUrlOf(err);
        setErrors(onHost ? { host: err.message, helpUrl } : { form: err.message, helpUrl });
      },
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label={t.addTitle}>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor="domain-host">{t.hostLabel}</Label>
          <Input
            id="domain-host"
            value={host}
            placeholder={t.hostPlaceholder}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="url"
            aria-invalid={Boolean(errors.host)}
            aria-describedby="domain-purpose-hint"
            onChange={(e) => setHost(e.target.value)}
          />
          <FieldError message={errors.host} />
          {errors.host ? <Help href={errors.helpUrl} /> : null}
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor="domain-purpose">{t.purposeLabel}</Label>
          <NativeSelect id="domain-purpose" value={purpose} onChange={(e) => setPurpose(e.target.value as TDomainPurpose)}>
            {purposes.map((p) => (
              <option key={p} value={p}>
                {t.purposes[p]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <p id="domain-purpose-hint" className="text-sm text-muted-foreground break-keep">
        {t.purposeHints[purpose]}
      </p>
      <FieldError message={errors.form} />
      {errors.form ? <Help href={errors.helpUrl} /> : null}
      <div>
        <BusyButton type="submit" busy={add.isPending} disabled={add.isPending}>
          {t.add}
        </BusyButton>
      </div>
    </form>
  );
}
