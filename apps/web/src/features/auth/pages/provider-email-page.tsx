import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ko, type TAuthResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { MailLinkStep, type TMailLinkState } from '@/features/auth/components/mail-link-step';
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
  const [state, setState] = useState<TMailLinkState>(token ? { kind: 'idle', message: o.confirmBody } : { kind: 'error', message: o.confirmMissing });
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
  return <MailLinkStep title={o.confirmTitle} state={state} confirmLabel={o.confirmSubmit} onConfirm={() => void submit()} loginAfter="error" />;
}
