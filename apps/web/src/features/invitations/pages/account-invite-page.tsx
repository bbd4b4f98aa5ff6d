import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Loader2 } from 'lucide-react';
import { ko, ZResetPasswordForm, type TAuthResponse } from '@suite/shared';
import { FormField } from '@/components/account/form-field';
import { PasswordInput } from '@/components/account/password-input';
import { StrengthMeter } from '@/components/account/strength-meter';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ZResetPasswordForm.safeParse({ password, confirmPassword: confirm });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await api<TAuthResponse>('/api/invitations/accept', { method: 'POST', auth: false, retryOn401: false, body: { token, password } });
      if (r.tokens) session.acceptTokens(r.tokens);
      toast.success(ko.authUi.login.successTitle);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      setErrors({ form: err instanceof Error ? err.message : t.invalid });
    } finally {
      setBusy(false);
    }
  };
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
              {errors.form ? (
                <Alert variant="destructive">
                  <AlertDescription>{errors.form}</AlertDescription>
                </Alert>
              ) : null}
              <FormField id="password" label={ko.authUi.reset.newPassword} error={errors.password} hint={<StrengthMeter password={password} />}>
                <PasswordInput
                  id="password"
                  name="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  disabled={busy}
                />
              </FormField>
              <FormField id="confirmPassword" label={ko.authUi.signup.confirmPassword} error={errors.confirmPassword}>
                <PasswordInput
                  id="confirmPassword"
                  name="confirmPassword"
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                  disabled={busy}
                />
              </FormField>
              <Button type="submit" disabled={busy}>
                {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {t.accountSubmit}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
