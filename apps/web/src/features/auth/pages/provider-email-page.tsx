import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ko, type TAuthResponse } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { AuthCard } from '@/features/auth/components/auth-card';
import { StatusView } from '@/features/auth/components/status-view';
import { savePendingSignIn } from '@/features/auth/lib/second-factor-flow';

const o = ko.accounts.oauth;

/**
 * The confirmation mail of a Kakao/Naver sign-up without a verified email lands here. Nothing happens until the
 * button is pressed (mail scanners open links); then the server finishes the sign-up and signs this browser in.
 */
export function ProviderEmailPage() {
  usePageTitle(o.confirmTitle, { noindex: true });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const token = params.get('token');
  const [state, setState] = useState<{ kind: 'idle' | 'loading' | 'success' | 'error'; message: string }>(
    token ? { kind: 'idle', message: o.confirmBody } : { kind: 'error', message: o.confirmMissing },
  );
  const submit = async () => {
    if (!token) return;
    setState({ kind: 'loading', message: ko.common.loading });
    try {
      const res = await api<TAuthResponse>('/api/auth/oauth/confirm-email', { method: 'POST', auth: false, retryOn401: false, body: { token } });
      if (res.mfaRequired && res.mfaToken) {
        savePendingSignIn({ mfaToken: res.mfaToken, methods: res.methods ?? [], target: '/dashboard' });
        navigate('/login/second-factor', { replace: true });
        return;
      }
      if (!res.tokens) {
        setState({ kind: 'error', message: res.message ?? ko.accounts.server.linkRequired });
        return;
      }
      const user = session.acceptTokens(res.tokens);
      toast.success(res.message ?? ko.authUi.google.signupSuccess, { description: ko.authUi.google.hello(user.full_name) });
      navigate('/dashboard', { replace: true });
    } catch (e) {
      setState({ kind: 'error', message: e instanceof Error ? e.message : ko.auth.server.tokenInvalid });
    }
  };
  if (state.kind === 'idle') {
    return (
      <AuthCard title={o.confirmTitle}>
        <div className="grid gap-4 text-center">
          <p className="text-sm break-keep text-muted-foreground">{state.message}</p>
          <Button onClick={() => void submit()}>{o.confirmSubmit}</Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={o.confirmTitle}>
      <StatusView state={state.kind} title={o.confirmTitle} message={state.message}>
        {state.kind === 'error' ? (
          <Button asChild>
            <Link to="/login">{ko.authUi.confirm.toLogin}</Link>
          </Button>
        ) : null}
      </StatusView>
    </AuthCard>
  );
}
