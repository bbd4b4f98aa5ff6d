import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors, type RegisterOptions } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast, toastError } from '@/lib/toast';
import { Tooltip } from 'radix-ui';
import { formatPhone, ko, ZSignupForm, type TAuthResponse, type TSignupForm } from '@suite/shared';
import { BusyButton } from '@/components/busy-button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { api, ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FormField } from '@/components/account/form-field';
import { GoogleButton } from '@/features/auth/components/google-button';
import { ProviderButtons } from '@/features/auth/components/provider-buttons';
import { AgeBracketField, LegalDialogs, MarketingConsent, TermsLabel, type TLegalDoc } from '@/components/account/consent-fields';
import { PasswordInput } from '@/components/account/password-input';
import { StrengthMeter } from '@/components/account/strength-meter';
import { clearGoogleTemp } from '@/features/auth/lib/google-flow';
import { invitationTokenOf, useInvitationPreview } from '@/features/auth/api/invitation-preview';
import { safeRedirect } from '@/lib/redirect';

const t = ko.authUi.signup;
const ORDER = ['fullName', 'email', 'phone', 'password', 'confirmPassword', 'ageBracket', 'terms'] as const;

export function SignupPage() {
  usePageTitle(t.title);
  const navigate = useNavigate();
  const session = useSession();
  const [params] = useSearchParams();
  // Signing up from a seed invitation (issue 27 item 21): the address is prefilled, the invitation travels with the
  // sign-up (joined when the address is confirmed) and, signed in at once, the invitation page accepts it on return.
  const target = safeRedirect(params.get('redirect'));
  const invitationToken = invitationTokenOf(target);
  const invitation = useInvitationPreview(invitationToken);
  const [legal, setLegal] = useState<TLegalDoc | null>(null);
  const termsRef = useRef<HTMLButtonElement>(null);
  const wasChecked = useRef(false);

  const form = useForm<TSignupForm>({
    resolver: zodResolver(ZSignupForm),
    mode: 'onChange',
    defaultValues: { fullName: '', email: '', phone: '', password: '', confirmPassword: '', terms: false, marketing: false },
  });
  const { register, handleSubmit, formState, setValue, watch, setFocus } = form;
  const terms = watch('terms');
  const marketing = watch('marketing');
  const ageBracket = watch('ageBracket');
  const password = watch('password');

  useEffect(() => {
    if (session.isAuthenticated) navigate(target, { replace: true });
  }, [session.isAuthenticated, navigate, target]);

  const invitedEmail = invitation.data?.email;
  useEffect(() => {
    if (invitedEmail && !form.getValues('email')) setValue('email', invitedEmail, { shouldValidate: true });
  }, [invitedEmail, form, setValue]);

  const onTermsChange = (checked: boolean) => {
    setValue('terms', checked, { shouldValidate: true });
    if (checked) wasChecked.current = true;
    else if (wasChecked.current) toast.info(t.termsUncheckedInfo, { duration: 5000 });
  };

  const onInvalid = (errors: FieldErrors<TSignupForm>) => {
    const failing = ORDER.filter((k) => errors[k]);
    toast.warning(t.fillRequiredTitle, {
      description: failing.map((k) => t.fieldNames[k] ?? k).join(', '),
    });
    const first = failing[0];
    if (first === 'terms') termsRef.current?.focus();
    else if (first === 'ageBracket') document.getElementById('age-14_or_over')?.focus();
    else if (first) setFocus(first);
  };

  const onValid = async (v: TSignupForm) => {
    try {
      const res = await api<TAuthResponse>('/api/auth-signup', {
        method: 'POST',
        auth: false,
        retryOn401: false,
        body: {
          email: v.email,
          password: v.password,
          full_name: v.fullName,
          phone: v.phone ?? '',
          marketing_consent: v.marketing ?? false,
          terms: true,
          age_bracket: v.ageBracket,
          ...(invitationToken && invitation.data ? { invitation_token: invitationToken } : {}),
        },
      });
      if (res.tokens && res.user) {
        session.acceptTokens(res.tokens);
        toast.success(res.message ?? ko.auth.server.signupSuccess);
        navigate(target, { replace: true });
        return;
      }
      if (res.needsEmailConfirmation) {
        navigate('/success?type=signup', {
          replace: true,
          state: { type: 'signup', message: res.message, instructions: res.instructions },
        });
        return;
      }
      toast.error(t.missingResult, { duration: 5000 });
    } catch (e) {
      if (e instanceof ApiError) {
        for (const d of e.details ?? []) {
          const field = d.path === 'full_name' ? 'fullName' : d.path === 'age_bracket' ? 'ageBracket' : d.path;
          if (ORDER.includes(field as (typeof ORDER)[number])) {
            form.setError(field as (typeof ORDER)[number], { message: d.message });
          }
        }
        // The server's message states the cause (common password, already registered, …); the generic hint only
        // accompanies a failure that names none.
        const specific = Boolean(e.details?.length) || ['PASSWORD_COMMON', 'ALREADY_REGISTERED', 'RATE_LIMITED'].includes(e.code);
        toastError(e, t.errorDefault, { ...(specific ? {} : { description: t.errorHint }), duration: 5000 });
      } else {
        toastError(e, t.errorDefault, { description: t.errorRecheck, duration: 5000 });
      }
    }
  };

  const onGoogle = async (credential: string) => {
    try {
      const res = await api<TAuthResponse>('/api/google-signup', {
        method: 'POST',
        auth: false,
        retryOn401: false,
        body: { googleToken: credential, terms: true, age_bracket: ageBracket, marketing_consent: marketing ?? false },
      });
      if (!res.tokens) throw new Error(ko.authUi.google.signupFailDefault);
      const user = session.acceptTokens(res.tokens);
      clearGoogleTemp();
      toast.success(ko.authUi.google.signupSuccess, { description: ko.authUi.google.hello(user.full_name) });
      navigate(target, { replace: true });
    } catch (e) {
      const message = e instanceof ApiError && e.status === 0 ? ko.authUi.google.networkSignup : e instanceof Error ? e.message : ko.authUi.google.retry;
      toast.error(ko.authUi.google.signupFailTitle, { description: message || ko.authUi.google.retry });
    }
  };

  const warnTerms = () => {
    toast.warning(t.termsNeededTitle, {
      description: <span className="whitespace-pre-line">{t.termsNeededDescription}</span>,
      duration: 6000,
    });
    termsRef.current?.focus();
  };
  const warnAge = () => {
    toast.warning(t.ageNeededTitle, { description: t.ageNeededDescription, duration: 6000 });
    document.getElementById('age-14_or_over')?.focus();
  };

  const err = formState.errors;
  const submitting = formState.isSubmitting;
  const describe = (name: string, has: boolean) => (has ? `${name}-error` : undefined);
  // What every text field of the form carries: disabled while sending, its error state and message id, its registration.
  type TTextField = 'fullName' | 'email' | 'phone' | 'password' | 'confirmPassword';
  const fieldProps = (name: TTextField, options?: RegisterOptions<TSignupForm, TTextField>) => ({
    disabled: submitting,
    'aria-invalid': Boolean(err[name]),
    'aria-describedby': describe(name, Boolean(err[name])),
    ...register(name, options),
  });
  return (
    <AuthCard title={t.title} description={t.description}>
      {invitation.data ? (
        <p data-testid="invitation-notice" className="mb-4 rounded-md bg-primary/10 p-3 text-sm break-keep">
          {ko.authUi.invitation.signupNotice(invitation.data.seed_name)}
        </p>
      ) : null}
      <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="grid gap-4">
        <FormField id="fullName" label={t.fullName} error={err.fullName?.message}>
          <Input id="fullName" autoComplete="name" placeholder={t.fullNamePlaceholder} {...fieldProps('fullName')} />
        </FormField>
        <FormField id="email" label={t.email} error={err.email?.message}>
          <Input id="email" type="email" autoComplete="email" placeholder={ko.authUi.login.emailPlaceholder} {...fieldProps('email')} />
        </FormField>
        <FormField
          id="phone"
          label={
            <>
              {t.phone} <span className="font-normal text-muted-foreground">{t.optional}</span>
            </>
          }
          error={err.phone?.message}
        >
          <Input
            id="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder={t.phonePlaceholder}
            {...fieldProps('phone', {
              onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                e.target.value = formatPhone(e.target.value);
              },
            })}
          />
        </FormField>
        <FormField id="password" label={t.password} error={err.password?.message} hint={<StrengthMeter password={password ?? ''} />}>
          <PasswordInput
            id="password"
            autoComplete="new-password"
            placeholder={t.passwordPlaceholder}
            {...fieldProps('password', { deps: ['confirmPassword'] })}
          />
        </FormField>
        <FormField id="confirmPassword" label={t.confirmPassword} error={err.confirmPassword?.message}>
          <PasswordInput id="confirmPassword" autoComplete="new-password" placeholder={t.confirmPlaceholder} {...fieldProps('confirmPassword')} />
        </FormField>
        <div className="grid gap-3 rounded-md border p-3">
          <AgeBracketField
            value={ageBracket}
            onChange={(a) => setValue('ageBracket', a, { shouldValidate: true })}
            disabled={submitting}
            error={err.ageBracket?.message}
          />
          <div className="flex items-start gap-2">
            <Tooltip.Provider delayDuration={0}>
              <Tooltip.Root>
                <Tooltip.Trigger asChild>
                  <Checkbox
                    ref={termsRef}
                    id="terms"
                    name="terms"
                    className="mt-0.5"
                    checked={terms}
                    onCheckedChange={(c) => onTermsChange(c === true)}
                    disabled={submitting}
                    aria-invalid={Boolean(err.terms)}
                    aria-describedby={describe('terms', Boolean(err.terms))}
                  />
                </Tooltip.Trigger>
                <Tooltip.Portal>
                  <Tooltip.Content sideOffset={6} className="z-50 rounded-md bg-foreground px-3 py-1.5 text-xs text-background">
                    {t.termsTooltip}
                  </Tooltip.Content>
                </Tooltip.Portal>
              </Tooltip.Root>
            </Tooltip.Provider>
            <TermsLabel onOpen={setLegal} />
          </div>
          {err.terms ? (
            <p id="terms-error" className="text-sm text-destructive" role="alert">
              {err.terms.message}
            </p>
          ) : null}
          <MarketingConsent checked={marketing} onCheckedChange={(c) => setValue('marketing', c)} disabled={submitting} />
        </div>
        <BusyButton type="submit" className="w-full" disabled={submitting || ageBracket === 'under_14'} busy={submitting}>
          {submitting ? t.submitting : t.submit}
        </BusyButton>
      </form>
      <div className="my-5 flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {ko.authUi.login.or}
        <span className="h-px flex-1 bg-border" />
      </div>
      <GoogleButton
        mode="signup"
        label={t.google}
        disabled={!terms || ageBracket !== '14_or_over'}
        onDisabledClick={terms ? warnAge : warnTerms}
        onCredential={onGoogle}
      />
      <ProviderButtons />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t.haveAccount}{' '}
        <Link
          to={`/login${params.get('redirect') ? `?redirect=${encodeURIComponent(target)}` : ''}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t.toLogin}
        </Link>
      </p>
      <LegalDialogs open={legal} onOpenChange={setLegal} />
    </AuthCard>
  );
}
