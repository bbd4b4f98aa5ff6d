import { useState } from 'react';
import type { TMessageResponse } from '@suite/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { ko, ZResetPasswordForm } from '@suite/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ErrorAlert } from '@/components/error-alert';
import { BusyButton } from '@/components/busy-button';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api';
import { usePageTitle } from '@/lib/page-title';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FormField } from '@/components/account/form-field';
import { PasswordInput } from '@/components/account/password-input';
import { StrengthMeter } from '@/components/account/strength-meter';

const t = ko.authUi.reset;

export function ResetPasswordPage() {
  usePageTitle(t.title, { noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const { register, handleSubmit, formState, watch } = useForm<{ password: string; confirmPassword: string }>({
    resolver: zodResolver(ZResetPasswordForm),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      const r = await api<TMessageResponse>('/api/auth/reset-password', { method: 'POST', body: { token, password }, auth: false });
      setDone(r.message);
    } catch (e) {
      setError(e instanceof Error ? e : new Error(ko.errors.internal));
    }
  });
  if (!token) {
    return (
      <AuthCard title={t.title}>
        <Alert variant="destructive">
          <AlertDescription>{t.missingToken}</AlertDescription>
        </Alert>
        <Button asChild variant="outline" className="mt-4 w-full">
          <Link to="/forgot-password">{ko.authUi.forgot.title}</Link>
        </Button>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title={t.title}>
        <Alert variant="success">
          <AlertDescription>{done}</AlertDescription>
        </Alert>
        <Button asChild className="mt-4 w-full">
          <Link to="/login">{ko.authUi.confirm.toLogin}</Link>
        </Button>
      </AuthCard>
    );
  }
  const err = formState.errors;
  return (
    <AuthCard title={t.title} description={t.description}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <ErrorAlert error={error} />
        <FormField id="password" label={t.newPassword} error={err.password?.message} hint={<StrengthMeter password={watch('password')} />}>
          <PasswordInput
            id="password"
            autoComplete="new-password"
            aria-invalid={Boolean(err.password)}
            {...register('password', { deps: ['confirmPassword'] })}
          />
        </FormField>
        <FormField id="confirmPassword" label={ko.authUi.signup.confirmPassword} error={err.confirmPassword?.message}>
          <PasswordInput id="confirmPassword" autoComplete="new-password" aria-invalid={Boolean(err.confirmPassword)} {...register('confirmPassword')} />
        </FormField>
        <BusyButton type="submit" disabled={formState.isSubmitting} busy={formState.isSubmitting}>
          {formState.isSubmitting ? t.submitting : t.submit}
        </BusyButton>
      </form>
    </AuthCard>
  );
}
