import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { ko, ZAcceptAccountInvitationForm, type TAcceptAccountInvitationForm, type TAcceptAccountInvitationInput, type TAuthResponse } from '@suite/shared';
import { AgeBracketField, LegalDialogs, MarketingConsent, TermsLabel, type TLegalDoc } from '@/components/account/consent-fields';
import { FormField } from '@/components/account/form-field';
import { PasswordInput } from '@/components/account/password-input';
import { StrengthMeter } from '@/components/account/strength-meter';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorAlert } from '@/components/error-alert';
import { BusyButton } from '@/components/busy-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';

const t = ko.consoleUi.invite;

/** An admin's account invitation: the invitee sets a password, gives sign-up's consents and is signed in. */
export function AccountInvitePage() {
  usePageTitle(t.accountTitle, { noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token');
  const session = useSession();
  const navigate = useNavigate();
  const [legal, setLegal] = useState<TLegalDoc | null>(null);
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<
    TAcceptAccountInvitationForm,
    unknown,
    z.output<typeof ZAcceptAccountInvitationForm>
  >({
    resolver: zodResolver(ZAcceptAccountInvitationForm),
    defaultValues: { password: '', confirmPassword: '', terms: false, marketing: false },
  });
  const submit = handleSubmit(async ({ password, marketing, ageBracket }) => {
    try {
      const body: TAcceptAccountInvitationInput = { token: token ?? '', password, terms: true, age_bracket: ageBracket, marketing_consent: marketing };
      const r = await api<TAuthResponse>('/api/invitations/accept', { method: 'POST', auth: false, retryOn401: false, body });
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
          <CardDescription className="break-keep">{t.accountBody}</CardDescription>
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
                  onCheckedChange={(c) => setValue('terms', c === true, { shouldValidate: formState.isSubmitted })}
                  disabled={busy}
                  aria-invalid={Boolean(errors.terms)}
                  aria-describedby={errors.terms ? 'terms-error' : undefined}
                />
                <TermsLabel onOpen={setLegal} />
              </div>
              {errors.terms?.message ? (
                <p id="terms-error" role="alert" className="text-sm break-keep text-destructive">
                  {errors.terms.message}
                </p>
              ) : null}
              <MarketingConsent checked={watch('marketing')} onCheckedChange={(c) => setValue('marketing', c)} disabled={busy} />
              <BusyButton type="submit" disabled={busy || watch('ageBracket') === 'under_14'} busy={busy}>
                {t.accountSubmit}
              </BusyButton>
            </form>
          )}
        </CardContent>
      </Card>
      <LegalDialogs open={legal} onOpenChange={setLegal} />
    </div>
  );
}
