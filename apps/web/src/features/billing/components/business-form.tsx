import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { formatBusinessNumber, ko } from '@suite/shared';
import { ZBusinessInput, type TBusiness } from '@suite/shared/schemas/billing';
import { BusyButton } from '@/components/busy-button';
import { ErrorAlert } from '@/components/error-alert';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSaveBusiness } from '../api/save-business';

const b = ko.billing.ui.page.business;
type TIn = z.input<typeof ZBusinessInput>;
type TField = keyof TIn;

const FIELDS: { name: TField; label: string; autoComplete?: string; inputMode?: 'numeric' | 'email'; wide?: boolean }[] = [
  { name: 'businessNumber', label: b.businessNumber, inputMode: 'numeric' },
  { name: 'name', label: b.name, autoComplete: 'organization' },
  { name: 'ceo', label: b.ceo, autoComplete: 'name' },
  { name: 'businessType', label: b.businessType },
  { name: 'businessItem', label: b.businessItem },
  { name: 'email', label: b.email, autoComplete: 'email', inputMode: 'email' },
  { name: 'address', label: b.address, autoComplete: 'street-address', wide: true },
];

const valuesOf = (business: TBusiness | null): TIn => ({
  businessNumber: business ? formatBusinessNumber(business.businessNumber) : '',
  name: business?.name ?? '',
  ceo: business?.ceo ?? '',
  businessType: business?.businessType ?? '',
  businessItem: business?.businessItem ?? '',
  address: business?.address ?? '',
  email: business?.email ?? '',
});

/**
 * The owner's 사업자 정보 form, checked with the shared ZBusinessInput (the 사업자등록번호 check digit included)
 * before it is sent; the server's field errors (400 details) land under their fields.
 */
export function BusinessForm({ seedId, business }: { seedId: string; business: TBusiness | null }) {
  const save = useSaveBusiness(seedId);
  const { register, handleSubmit, formState, setError, reset } = useForm<TIn, unknown, z.output<typeof ZBusinessInput>>({
    resolver: zodResolver(ZBusinessInput),
    defaultValues: valuesOf(business),
  });
  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      // The NTS check's note (간이과세자, 휴업, not checked) is worth reading: shown with the confirmation.
      if (saved.note) toast.info(`${b.saved} ${saved.note}`);
      else toast.success(b.saved);
      reset({ ...values, businessNumber: formatBusinessNumber(values.businessNumber) });
    } catch (e) {
      const details = e instanceof ApiError ? (e.details ?? []) : [];
      const known = details.filter((d) => FIELDS.some((f) => f.name === d.path));
      for (const d of known) setError(d.path as TField, { message: d.message });
      if (!known.length) setError('root', { message: e instanceof Error ? e.message : ko.errors.internal });
    }
  });
  const errors = formState.errors;
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate data-testid="business-form">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const id = `business-${f.name}`;
          const error = errors[f.name]?.message;
          const hint = f.name === 'businessNumber' ? `${id}-hint` : undefined;
          return (
            <div key={f.name} className={f.wide ? 'grid content-start gap-1.5 sm:col-span-2' : 'grid content-start gap-1.5'}>
              <Label htmlFor={id}>{f.label}</Label>
              <Input
                id={id}
                type={f.name === 'email' ? 'email' : 'text'}
                autoComplete={f.autoComplete ?? 'off'}
                inputMode={f.inputMode}
                aria-invalid={error ? true : undefined}
                aria-describedby={hint}
                {...register(f.name)}
              />
              {hint ? (
                <p id={hint} className="text-xs text-muted-foreground break-keep">
                  {b.businessNumberHint}
                </p>
              ) : null}
              <FieldError message={error} />
            </div>
          );
        })}
      </div>
      <ErrorAlert message={errors.root?.message} />
      <BusyButton type="submit" className="w-fit" busy={formState.isSubmitting} disabled={formState.isSubmitting}>
        {b.save}
      </BusyButton>
    </form>
  );
}
