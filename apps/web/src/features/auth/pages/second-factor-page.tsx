import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { ko, ZSecondFactorInput, type TAuthResponse } from '@suite/shared';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session';
import { AuthCard } from '@/features/auth/components/auth-card';
import { completeWithCode, completeWithPasskey } from '@/features/auth/api/second-factor-sign-in';
import { clearPendingSignIn, readPendingSignIn } from '@/features/auth/lib/second-factor-flow';

const t = ko.accounts.ui;
const ZCodeForm = ZSecondFactorInput.pick({ code: true });

/** The second step of a sign-in: a TOTP or recovery code, or a passkey. */
export function SecondFactorPage() {
  usePageTitle(t.stepTitle, { noindex: true });
  const navigate = useNavigate();
  const session = useSession();
  const [pending] = useState(readPendingSignIn);
  const { register, handleSubmit, formState, watch } = useForm<z.input<typeof ZCodeForm>, unknown, z.output<typeof ZCodeForm>>({
    resolver: zodResolver(ZCodeForm),
    defaultValues: { code: '' },
  });
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  if (!pending) return <Navigate to="/login" replace />;

  const finish = async (step: () => Promise<TAuthResponse>) => {
    setBusy(true);
    setError(null);
    try {
      const res = await step();
      if (!res.tokens) throw new Error(ko.authUi.login.errorDefault);
      const user = session.acceptTokens(res.tokens);
      clearPendingSignIn();
      toast.success(ko.authUi.login.successTitle, { description: ko.authUi.login.successDescription(user.full_name) });
      navigate(pending.target || '/dashboard', { replace: true });
    } catch (e) {
      setError(e instanceof Error ? e : new Error(ko.authUi.login.errorDefault));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t.stepTitle} description={t.stepDescription}>
      <form className="grid gap-4" noValidate onSubmit={handleSubmit((v) => finish(() => completeWithCode(pending.mfaToken, v.code ?? '')))}>
        <ErrorAlert error={error} />
        <div className="grid gap-1.5">
          <Label htmlFor="second-factor-code">{t.stepCode}</Label>
          <Input id="second-factor-code" autoComplete="one-time-code" autoFocus {...register('code')} />
          {formState.errors.code?.message ? <p className="text-sm text-destructive">{formState.errors.code.message}</p> : null}
        </div>
        <Button type="submit" disabled={busy || !watch('code')?.trim()}>
          {t.stepSubmit}
        </Button>
        {pending.methods.includes('passkey') ? (
          <Button type="button" variant="outline" disabled={busy} onClick={() => void finish(() => completeWithPasskey(pending.mfaToken))}>
            {t.stepPasskey}
          </Button>
        ) : null}
        <Button
          type="button"
          variant="link"
          onClick={() => {
            clearPendingSignIn();
            navigate('/login', { replace: true });
          }}
        >
          {t.stepRestart}
        </Button>
      </form>
    </AuthCard>
  );
}
