import { useEffect, useState } from 'react';
import type { TMessageResponse } from '@suite/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast, toastError } from '@/lib/toast';
import { Loader2 } from 'lucide-react';
import { ko, ZLoginForm, type TLoginForm } from '@suite/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { BusyButton } from '@/components/busy-button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { api, ApiError } from '@/lib/api';
import { safeRedirect } from '@/lib/redirect';
import { consumeOAuthState } from '@/lib/oauth-state';
import { clearRememberedLogin, getBrowserCredential, loadRememberedLogin, saveRememberedLogin, storeBrowserCredential } from '@/lib/remember-login';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FormField } from '@/components/account/form-field';
import { GoogleButton } from '@/features/auth/components/google-button';
import { ProviderButtons } from '@/features/auth/components/provider-buttons';
import { PasswordInput } from '@/components/account/password-input';
import { startGoogleCallback } from '@/features/auth/lib/google-flow';
import { savePendingSignIn } from '@/features/auth/lib/second-factor-flow';
import { PasskeyButton } from '@/features/auth/components/passkey-button';
import { validateReturnedTokens } from '@/features/auth/lib/oauth-return';
import { invitationTokenOf, useInvitationPreview } from '@/features/auth/api/invitation-preview';

const t = ko.authUi.login;

export function LoginPage() {
  usePageTitle(t.title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const target = safeRedirect(params.get('redirect'));
  // Signing in from a seed invitation: say so; the invitation page accepts it on return (issue 27 item 21).
  const invitation = useInvitationPreview(invitationTokenOf(target));
  const returnedAccess = params.get('access_token');
  const returnedRefresh = params.get('refresh_token');
  const [oauthState, setOauthState] = useState<'idle' | 'processing' | 'error'>(returnedAccess && returnedRefresh ? 'processing' : 'idle');
  const [error, setError] = useState<string | null>(null);
  const [errorHint, setErrorHint] = useState<string | null>(null);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);

  const form = useForm<TLoginForm>({
    resolver: zodResolver(ZLoginForm),
    mode: 'onChange',
    defaultValues: { email: '', password: '', remember: false },
  });
  const { register, handleSubmit, formState, setValue, watch, trigger } = form;
  const remember = watch('remember');

  // OAuth token return: accepted only as the end of a flow this browser started (one-time state in sessionStorage),
  // then validated, stored and followed by a full redirect after 1 s. The tokens leave the address (and history) in every case.
  useEffect(() => {
    if (!returnedAccess || !returnedRefresh) return;
    const clean = new URL(window.location.href);
    clean.searchParams.delete('access_token');
    clean.searchParams.delete('refresh_token');
    clean.searchParams.delete('state');
    window.history.replaceState(null, '', clean.pathname + clean.search + clean.hash);
    try {
      if (!consumeOAuthState(params.get('state'))) throw new Error(t.oauthNotStarted);
      validateReturnedTokens(returnedAccess, returnedRefresh);
      session.acceptTokens({ access_token: returnedAccess, refresh_token: returnedRefresh });
      toast.success(t.oauthSuccess, { duration: 2000 });
      const timer = setTimeout(() => window.location.assign(target), 1000);
      return () => clearTimeout(timer);
    } catch (e) {
      setOauthState('error');
      setError(e instanceof Error ? e.message : t.oauthErrorDefault);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Already signed in: leave for the target, replacing history.
  useEffect(() => {
    if (session.isAuthenticated && oauthState === 'idle') navigate(target, { replace: true });
  }, [session.isAuthenticated, oauthState, navigate, target]);

  // Saved credentials: the browser's password manager first, else the saved (encrypted) email.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const cred = await getBrowserCredential();
      if (cancelled) return;
      if (cred) {
        setValue('email', cred.email);
        setValue('password', cred.password);
        setValue('remember', true);
        void trigger();
        return;
      }
      const saved = await loadRememberedLogin();
      if (cancelled || !saved) return;
      setValue('email', saved.email);
      setValue('remember', true);
      void trigger('email');
    })();
    return () => {
      cancelled = true;
    };
  }, [setValue, trigger]);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setErrorHint(null);
    setUnconfirmedEmail(null);
    try {
      const res = await session.login(values.email, values.password);
      if (res.mfaRequired && res.mfaToken) {
        savePendingSignIn({ mfaToken: res.mfaToken, methods: res.methods ?? [], target });
        if (values.remember) await saveRememberedLogin(values.email);
        navigate('/login/second-factor');
        return;
      }
      if (values.remember) {
        await saveRememberedLogin(values.email);
        await storeBrowserCredential(values.email, values.password, res.user?.full_name);
        toast.success(t.savedInfo, { duration: 3000 });
      } else {
        clearRememberedLogin();
      }
      toast.success(t.successTitle, { description: t.successDescription(res.user?.full_name ?? '') });
      navigate(target, { replace: true });
    } catch (e) {
      const message = e instanceof ApiError || e instanceof Error ? e.message : t.errorDefault;
      // One place for the failure: the alert above the form (a toast repeating it showed the message twice, issue 27).
      // 'Check your email or password' only when that is the cause (not for an unconfirmed or suspended account).
      const credentials = !(e instanceof ApiError) || e.code === 'INVALID_CREDENTIALS' || e.code === 'VALIDATION_FAILED';
      setError(message || t.errorDefault);
      setErrorHint(credentials ? t.errorHint : null);
      if (e instanceof ApiError && e.code === 'EMAIL_NOT_CONFIRMED') setUnconfirmedEmail(values.email);
    }
  });

  const resend = async () => {
    if (!unconfirmedEmail) return;
    try {
      const r = await api<TMessageResponse>('/api/auth/resend-confirmation', {
        method: 'POST',
        body: { email: unconfirmedEmail },
        auth: false,
      });
      toast.success(r.message);
    } catch (e) {
      toastError(e, t.errorDefault);
    }
  };

  const onGoogle = (credential: string) => {
    if (!startGoogleCallback(credential)) {
      toast.error(ko.authUi.google.credentialEmpty);
      return;
    }
    navigate('/auth/callback?code=google');
  };

  if (oauthState === 'processing') {
    return (
      <AuthCard title={t.oauthProcessing} description={t.oauthProcessingDescription}>
        <div className="flex justify-center py-8" role="status" aria-live="polite">
          <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
          <span className="sr-only">{t.oauthProcessing}</span>
        </div>
      </AuthCard>
    );
  }

  const queryError = params.get('error');
  const submitting = formState.isSubmitting;
  /** An e-mail or password input's state: invalid and described by its error while it has one, off while submitting. */
  const fieldProps = (name: 'email' | 'password') => ({
    'aria-invalid': Boolean(formState.errors[name]),
    'aria-describedby': formState.errors[name] ? `${name}-error` : undefined,
    disabled: submitting,
    ...register(name),
  });
  return (
    <AuthCard title={t.title} description={t.description}>
      {invitation.data ? (
        <p data-testid="invitation-notice" className="mb-4 rounded-md bg-primary/10 p-3 text-sm break-keep">
          {ko.authUi.invitation.loginNotice(invitation.data.seed_name)}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {queryError === 'oauth_failed' || queryError === 'callback_failed' ? (
          <Alert variant="destructive">
            <AlertDescription>{ko.authUi.callback.errorMessage}</AlertDescription>
          </Alert>
        ) : null}
        {error ? (
          <Alert variant="destructive">
            <AlertDescription className="break-keep">
              <p>{error}</p>
              {errorHint ? <p>{errorHint}</p> : null}
              {oauthState === 'error' ? <p>{t.oauthErrorHint}</p> : null}
              {unconfirmedEmail ? (
                <button type="button" onClick={resend} className="mt-1 font-medium underline underline-offset-4">
                  {t.resendConfirmation}
                </button>
              ) : null}
            </AlertDescription>
          </Alert>
        ) : null}
        <FormField id="email" label={t.email} error={formState.errors.email?.message}>
          <Input id="email" type="email" autoComplete="username" placeholder={t.emailPlaceholder} {...fieldProps('email')} />
        </FormField>
        <FormField id="password" label={t.password} error={formState.errors.password?.message}>
          <PasswordInput id="password" autoComplete="current-password" placeholder={t.passwordPlaceholder} {...fieldProps('password')} />
        </FormField>
        <div className="flex items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <Checkbox id="remember" name="remember" checked={remember} onCheckedChange={(v) => setValue('remember', v === true)} disabled={submitting} />
            <Label htmlFor="remember" className="font-normal">
              {t.remember}
            </Label>
          </div>
          <Link to="/forgot-password" className="text-sm text-primary underline-offset-4 hover:underline">
            {t.forgot}
          </Link>
        </div>
        <BusyButton type="submit" className="w-full" disabled={submitting || !formState.isValid} busy={submitting}>
          {submitting ? t.submitting : t.submit}
        </BusyButton>
      </form>
      <div className="my-5 flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {t.or}
        <span className="h-px flex-1 bg-border" />
      </div>
      <GoogleButton mode="login" label={ko.authUi.google.login} onCredential={onGoogle} />
      <ProviderButtons />
      <PasskeyButton target={target} />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t.noAccount}{' '}
        <Link
          to={`/signup${params.get('redirect') ? `?redirect=${encodeURIComponent(target)}` : ''}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t.toSignup}
        </Link>
      </p>
    </AuthCard>
  );
}
