import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast, toastError } from '@/lib/toast';
import { ko, ZChangePasswordForm } from '@suite/shared';
import { BusyButton } from '@/components/busy-button';
import { useSession } from '@/lib/session';
import { useChangePassword } from '@/lib/me-api';
import { FormField } from '@/components/account/form-field';
import { PasswordInput } from '@/components/account/password-input';
import { StrengthMeter } from '@/components/account/strength-meter';

type TForm = { currentPassword: string; newPassword: string; confirmPassword: string };
const t = ko.authUi.settings;

export function PasswordForm() {
  const change = useChangePassword();
  const session = useSession();
  const { register, handleSubmit, formState, reset, watch } = useForm<TForm>({
    resolver: zodResolver(ZChangePasswordForm),
    mode: 'onChange',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async (v) => {
    try {
      const r = await change.mutateAsync({ currentPassword: v.currentPassword, newPassword: v.newPassword });
      toast.success(r.message);
      reset();
      await session.reload().catch(() => undefined);
    } catch (e) {
      toastError(e, ko.errors.internal);
    }
  });
  const err = formState.errors;
  const busy = formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="currentPassword" label={t.currentPassword} error={err.currentPassword?.message}>
        <PasswordInput
          id="currentPassword"
          autoComplete="current-password"
          disabled={busy}
          aria-invalid={Boolean(err.currentPassword)}
          {...register('currentPassword')}
        />
      </FormField>
      <FormField id="newPassword" label={t.newPassword} error={err.newPassword?.message} hint={<StrengthMeter password={watch('newPassword')} />}>
        <PasswordInput
          id="newPassword"
          autoComplete="new-password"
          disabled={busy}
          aria-invalid={Boolean(err.newPassword)}
          {...register('newPassword', { deps: ['confirmPassword'] })}
        />
      </FormField>
      <FormField id="confirmPassword" label={ko.authUi.signup.confirmPassword} error={err.confirmPassword?.message}>
        <PasswordInput
          id="confirmPassword"
          autoComplete="new-password"
          disabled={busy}
          aria-invalid={Boolean(err.confirmPassword)}
          {...register('confirmPassword')}
        />
      </FormField>
      <BusyButton type="submit" className="justify-self-start" disabled={busy} busy={busy}>
        {t.changePassword}
      </BusyButton>
    </form>
  );
}
