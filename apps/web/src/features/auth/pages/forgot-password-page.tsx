import { useState } from 'react';
import type { TMessageResponse } from '@suite/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { ko, ZEmailOnlyInput } from '@suite/shared';
import { ErrorAlert } from '@/components/error-alert';
import { BusyButton } from '@/components/busy-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api';
import { usePageTitle } from '@/lib/page-title';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FormField } from '@/components/account/form-field';

const t = ko.authUi.forgot;

export function ForgotPasswordPage() {
  usePageTitle(t.title);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    resolver: zodResolver(ZEmailOnlyInput),
    mode: 'onChange',
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const r = await api<TMessageResponse>('/api/auth/forgot-password', { method: 'POST', body: { email }, auth: false });
      setSent(r.message);
    } catch (e) {
      setError(e instanceof Error ? e : new Error(ko.errors.internal));
    }
  });
  return (
    <AuthCard title={sent ? t.sentTitle : t.title} description={sent ? undefined : t.description}>
      {sent ? (
        <div className="grid gap-4 text-center">
          <MailCheck className="mx-auto size-10 text-primary" aria-hidden="true" />
          <p className="text-sm break-keep" role="status">
            {sent}
          </p>
          <Button asChild variant="outline">
            <Link to="/login">{t.backToLogin}</Link>
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <ErrorAlert error={error} />
          <FormField id="email" label={ko.authUi.login.email} error={formState.errors.email?.message}>
            <Input
              id="email"
              type="email"
              autoComplete="email"
              placeholder={ko.authUi.login.emailPlaceholder}
              aria-invalid={Boolean(formState.errors.email)}
              {...register('email')}
            />
          </FormField>
          <BusyButton type="submit" disabled={formState.isSubmitting} busy={formState.isSubmitting}>
            {formState.isSubmitting ? t.submitting : t.submit}
          </BusyButton>
          <Link to="/login" className="text-center text-sm text-primary underline-offset-4 hover:underline">
            {t.backToLogin}
          </Link>
        </form>
      )}
    </AuthCard>
  );
}
