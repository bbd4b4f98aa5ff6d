import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { ko, ZSignupCompleteForm, type TAuthResponse, type TSignupCompleteForm } from '@suite/shared';
import { FormField } from '@/components/account/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ErrorAlert } from '@/components/error-alert';
import { BusyButton } from '@/components/busy-button';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { api, ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AgeBracketField, LegalDialogs, MarketingConsent, TermsLabel, type TLegalDoc } from '@/components/account/consent-fields';
import { StatusView } from '@/features/auth/components/status-view';
import { clearGoogleTemp, readSignupTemp } from '@/features/auth/lib/google-flow';
import { clearProviderSignup, readProviderSignup } from '@/features/auth/lib/provider-flow';

const t = ko.authUi.complete;
const o = ko.accounts.oauth;

/**
 * A new Google, Kakao or Naver user gives the required consents here; the server then creates the account. A Kakao or
 * Naver account without a verified email also gives an address, confirmed by a mailed link before the account exists.
 */
export function SignupCompletePage() {
  usePageTitle(t.title, { noindex: true });
  const navigate = useNavigate();
  const session = useSession();
  const location = useLocation();
  const [ptemp] = useState(() => ((location.state as { provider?: string } | null)?.provider ? readProviderSignup() : null));
  const [temp] = useState(() => (ptemp ? null : readSignupTemp()));
  const [sent, setSent] = useState<string | null>(null);
  const providerName = ptemp ? (ko.accounts.providers[ptemp.provider] ?? ptemp.provider) : 'Google';
  const [legal, setLegal] = useState<TLegalDoc | null>(null);
  const { register, handleSubmit, formState, watch, setValue, setError } = useForm<TSignupCompleteForm, unknown, z.output<typeof ZSignupCompleteForm>>({
    resolver: zodResolver(ZSignupCompleteForm),
    // The email is asked (and checked) only when the provider gave no verified one.
    defaultValues: { terms: false, marketing: false, email: ptemp?.emailRequired ? (ptemp.email ?? '') : undefined },
  });

  if (sent) {
    return (
      <AuthCard title={o.sentTitle}>
        <StatusView state="success" title={o.sentTitle} message={sent} />
      </AuthCard>
    );
  }
  const shown = ptemp ?? temp;
  if (!shown) {
    return (
      <AuthCard title={t.title}>
        <Alert variant="destructive">
          <AlertDescription>{t.missing}</AlertDescription>
        </Alert>
        <Button asChild className="mt-4 w-full">
          <Link to="/login">{ko.authUi.callback.backToLogin}</Link>
        </Button>
      </AuthCard>
    );
  }

  const submit = handleSubmit(async ({ marketing, email, ageBracket }) => {
    try {
      const res = ptemp
        ? await api<TAuthResponse>('/api/auth/oauth/signup', {
            method: 'POST',
            auth: false,
            retryOn401: false,
            body: {
              signupToken: ptemp.signupToken,
              terms: true,
              age_bracket: ageBracket,
              marketing_consent: marketing,
              ...(ptemp.emailRequired ? { email } : {}),
            },
          })
        : await api<TAuthResponse>('/api/google-signup', {
            method: 'POST',
            auth: false,
            retryOn401: false,
            body: { googleToken: temp?.googleToken, terms: true, age_bracket: ageBracket, marketing_consent: marketing },
          });
      if (res.confirmationSent) {
        clearProviderSignup();
        setSent(res.message ?? ko.auth.server.oauthConfirmationSent);
        return;
      }
      if (res.linkRequired) {
        clearGoogleTemp();
        clearProviderSignup();
        setError('root', { message: res.message ?? ko.accounts.server.linkRequired });
        return;
      }
      if (!res.tokens) throw new Error(ko.authUi.google.signupFailDefault);
      const user = session.acceptTokens(res.tokens);
      clearGoogleTemp();
      clearProviderSignup();
      toast.success(ko.authUi.google.signupSuccess, { description: ko.authUi.google.hello(user.full_name) });
      navigate('/', { replace: true });
    } catch (e) {
      const message =
        e instanceof ApiError && e.status === 0 ? ko.authUi.google.networkSignup : e instanceof Error ? e.message : ko.authUi.google.signupFailDefault;
      setError('root', { message });
      toast.error(ko.authUi.google.signupFailTitle, { description: message });
    }
  });
  const errors = formState.errors;
  const busy = formState.isSubmitting;

  return (
    <AuthCard title={t.title} description={ptemp ? o.completeDescription(providerName) : t.description}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="rounded-md bg-muted p-3 text-sm">
          <p className="text-muted-foreground">{ptemp ? o.account(providerName) : t.account}</p>
          <p className="font-medium">{shown.full_name}</p>
          {ptemp?.emailRequired ? null : <p>{shown.email}</p>}
        </div>
        {ptemp?.emailRequired ? (
          <FormField
            id="provider-email"
            label={o.emailLabel}
            error={errors.email?.message}
            hint={
              <p id="provider-email-help" className="text-xs break-keep text-muted-foreground">
                {o.emailHelp(providerName)}
              </p>
            }
          >
            <Input
              id="provider-email"
              type="email"
              autoComplete="email"
              disabled={busy}
              aria-invalid={Boolean(errors.email)}
              aria-describedby="provider-email-help"
              {...register('email')}
            />
          </FormField>
        ) : null}
        <ErrorAlert message={errors.root?.message} />
        <AgeBracketField
          value={watch('ageBracket')}
          onChange={(a) => setValue('ageBracket', a, { shouldValidate: true })}
          disabled={busy}
          error={errors.ageBracket?.message}
        />
        <div className="flex items-start gap-2">
          <Checkbox
            id="terms"
            name="terms"
            className="mt-0.5"
            checked={watch('terms')}
            onCheckedChange={(c) => setValue('terms', c === true)}
            disabled={busy}
            aria-invalid={Boolean(errors.terms)}
          />
          <TermsLabel onOpen={setLegal} />
        </div>
        {errors.terms?.message ? (
          <p id="terms-error" role="alert" className="text-sm text-destructive break-keep">
            {errors.terms.message}
          </p>
        ) : null}
        <MarketingConsent checked={watch('marketing')} onCheckedChange={(c) => setValue('marketing', c)} disabled={busy} />
        <BusyButton type="submit" disabled={busy || watch('ageBracket') === 'under_14'} busy={busy}>
          {busy ? t.submitting : t.submit}
        </BusyButton>
      </form>
      <LegalDialogs open={legal} onOpenChange={setLegal} />
    </AuthCard>
  );
}
