import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast, toastError } from '@/lib/toast';
import { z } from 'zod';
import { formatPhone, ko, ZFullName, ZPhone, type TUser } from '@suite/shared';
import { BusyButton } from '@/components/busy-button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSession } from '@/lib/session';
import { useUpdateMe } from '@/lib/me-api';
import { FormField } from '@/components/account/form-field';

const ZProfileForm = z.object({ fullName: ZFullName, phone: ZPhone, marketing: z.boolean() });
type TProfileForm = z.input<typeof ZProfileForm>;
const t = ko.authUi.settings;

export function ProfileForm({ user }: { user: TUser }) {
  const update = useUpdateMe();
  const session = useSession();
  const { register, handleSubmit, formState, reset, watch, setValue } = useForm<TProfileForm>({
    resolver: zodResolver(ZProfileForm),
    mode: 'onChange',
    defaultValues: { fullName: user.full_name, phone: user.phone, marketing: user.marketing_consent },
  });
  useEffect(() => {
    reset({ fullName: user.full_name, phone: user.phone, marketing: user.marketing_consent });
  }, [user, reset]);
  const onSubmit = handleSubmit(async (v) => {
    try {
      const r = await update.mutateAsync({ full_name: v.fullName, phone: v.phone ?? '', marketing_consent: v.marketing });
      toast.success(r.message || t.saved);
      // New claims (name, phone, consent) come with a fresh access token.
      await session.reload().catch(() => undefined);
    } catch (e) {
      toastError(e, ko.errors.internal);
    }
  });
  const busy = formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="fullName" label={ko.authUi.signup.fullName} error={formState.errors.fullName?.message}>
        <Input id="fullName" autoComplete="name" disabled={busy} aria-invalid={Boolean(formState.errors.fullName)} {...register('fullName')} />
      </FormField>
      <FormField id="email-readonly" label={ko.authUi.login.email}>
        <Input id="email-readonly" value={user.email} readOnly disabled />
      </FormField>
      <FormField id="phone" label={ko.authUi.signup.phone} error={formState.errors.phone?.message}>
        <Input
          id="phone"
          type="tel"
          inputMode="numeric"
          placeholder={ko.authUi.signup.phonePlaceholder}
          disabled={busy}
          aria-invalid={Boolean(formState.errors.phone)}
          {...register('phone', {
            onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
              e.target.value = formatPhone(e.target.value);
            },
          })}
        />
      </FormField>
      <div className="flex items-start gap-2">
        <Checkbox
          id="marketing"
          name="marketing"
          className="mt-0.5"
          checked={watch('marketing')}
          onCheckedChange={(c) => setValue('marketing', c === true, { shouldDirty: true })}
          disabled={busy}
        />
        <div className="grid gap-1">
          <Label htmlFor="marketing" className="font-normal">
            {ko.authUi.signup.marketing}
          </Label>
          <p className="text-xs text-muted-foreground">{t.marketingHelp}</p>
        </div>
      </div>
      <BusyButton type="submit" className="justify-self-start" disabled={busy || !formState.isDirty} busy={busy}>
        {busy ? t.saving : t.save}
      </BusyButton>
    </form>
  );
}
