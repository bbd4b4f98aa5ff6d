import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { ko, ZResetPasswordForm, type TAuthResponse } from '@suite/shared';
import { FormField } from '@/components/account/form-field';
import { PasswordInput } from '@/components/account/password-input';
import { StrengthMeter } from '@/components/account/strength-meter';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ErrorAlert } from '@/components/error-alert';
import { BusyButton } from '@/components/busy-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';

const t = ko.consoleUi.invite;

/** An admin's account invitation: the invitee sets a password and is signed in. */
export function AccountInvitePage() {
  usePageTitle(t.accountTitle, { noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token');
  const session = useSession();
  const navigate = useNavigate();
  const { register, handleSubmit, formState, setError, watch } = useForm<z.input<typeof ZResetPasswordForm>>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submit = handleSubmit(async ({ password }) => {
    try {
      const r = await api<TAuthResponse>('/api/invitations/accept', { method: 'POST', auth: false, retryOn401: false, body: { token, password } });
      if (r.tokens) session.acceptTokens(r.tokens);
      toast.success(ko.authUi.login.successTitle);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      setError('root', { message: err instanceof Error ? err.message : t.invalid });
    }
  });
  const errors = formState.errors;
  const busy = formState.isSubmitting;
  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle>{t.accountTitle}</CardTitle>
          <CardDescription>{t.accountBody}</CardDescription>
        </CardHeader>
        <CardContent>
          {!token ? (
            <Alert variant="destructive">
              <AlertDescription>{t.invalid}</AlertDescription>
            </Alert>
          ) : (
            <form onSubmit={submit} noValidate className="grid gap-4">
              <ErrorAlert message={errors.root?.message} />
              <FormField
                id="password"
                label={ko.authUi.reset.newPassword}
                error={errors.password?.message}
                hint={<StrengthMeter password={watch('password')} />}
              >
                <PasswordInput id="password" autoComplete="new-password" disabled={busy} {...register('password', { deps: ['confirmPassword'] })} />
              </FormField>
              <FormField id="confirmPassword" label={ko.authUi.signup.confirmPassword} error={errors.confirmPassword?.message}>
                <PasswordInput id="confirmPassword" autoComplete="new-password" disabled={busy} {...register('confirmPassword')} />
              </FormField>
              <BusyButton type="submit" disabled={busy} busy={busy}>
                {t.accountSubmit}
              </BusyButton>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
