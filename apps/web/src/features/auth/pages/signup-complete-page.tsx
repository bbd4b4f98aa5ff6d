import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Loader2 } from 'lucide-react';
import { ko, TERMS_VERSION, type TAuthResponse } from '@suite/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { PrivacyPolicy } from '@/components/legal/privacy-policy';
import { TermsOfService } from '@/components/legal/terms-of-service';
import { api, ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LegalDialog } from '@/features/auth/components/legal-dialog';
import { clearGoogleTemp, readSignupTemp } from '@/features/auth/lib/google-flow';

const t = ko.authUi.complete;
const s = ko.authUi.signup;

/** A new Google user gives the required consents here; the server then creates the account. */
export function SignupCompletePage() {
  usePageTitle(t.title, { noindex: true });
  const navigate = useNavigate();
  const session = useSession();
  const [temp] = useState(readSignupTemp);
  const [terms, setTerms] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [legal, setLegal] = useState<'terms' | 'privacy' | null>(null);

  if (!temp) {
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

  const submit = async () => {
    if (!terms) {
      setError(ko.auth.validation.termsRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await api<TAuthResponse>('/api/google-signup', {
        method: 'POST',
        auth: false,
        retryOn401: false,
        body: { googleToken: temp.googleToken, terms: true, marketing_consent: marketing },
      });
      if (!res.tokens) throw new Error(ko.authUi.google.signupFailDefault);
      const user = session.acceptTokens(res.tokens);
      clearGoogleTemp();
      toast.success(ko.authUi.google.signupSuccess, { description: ko.authUi.google.hello(user.full_name) });
      navigate('/', { replace: true });
    } catch (e) {
      const message = e instanceof ApiError && e.status === 0 ? ko.authUi.google.networkSignup : e instanceof Error ? e.message : ko.authUi.google.signupFailDefault;
      setError(message);
      toast.error(ko.authUi.google.signupFailTitle, { description: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t.title} description={t.description}>
      <div className="grid gap-4">
        <div className="rounded-md bg-muted p-3 text-sm">
          <p className="text-muted-foreground">{t.account}</p>
          <p className="font-medium">{temp.full_name}</p>
          <p>{temp.email}</p>
        </div>
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex items-start gap-2">
          <Checkbox id="terms" name="terms" className="mt-0.5" checked={terms} onCheckedChange={(c) => setTerms(c === true)} disabled={busy} />
          <Label htmlFor="terms" className="leading-snug font-normal">
            <button type="button" className="font-medium text-primary underline underline-offset-4" onClick={() => setLegal('terms')}>
              {s.termsLink}
            </button>
            {s.and}
            <button type="button" className="font-medium text-primary underline underline-offset-4" onClick={() => setLegal('privacy')}>
              {s.privacyLink}
            </button>
            {s.termsSuffix}
          </Label>
        </div>
        <div className="flex items-start gap-2">
          <Checkbox id="marketing" name="marketing" className="mt-0.5" checked={marketing} onCheckedChange={(c) => setMarketing(c === true)} disabled={busy} />
          <Label htmlFor="marketing" className="leading-snug font-normal">
            {s.marketing}
          </Label>
        </div>
        <Button onClick={submit} disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {busy ? t.submitting : t.submit}
        </Button>
      </div>
      <LegalDialog open={legal === 'terms'} onOpenChange={(o) => setLegal(o ? 'terms' : null)} title={s.termsDialogTitle} description={`시행일 ${TERMS_VERSION}`}>
        <TermsOfService />
      </LegalDialog>
      <LegalDialog open={legal === 'privacy'} onOpenChange={(o) => setLegal(o ? 'privacy' : null)} title={s.privacyDialogTitle} description={`적용일 ${TERMS_VERSION}`}>
        <PrivacyPolicy />
      </LegalDialog>
    </AuthCard>
  );
}
