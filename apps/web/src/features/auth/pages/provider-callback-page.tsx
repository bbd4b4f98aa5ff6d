import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ko, ZOAuthProvider, type TAuthResponse } from '@suite/shared';
import { ApiError } from '@/lib/api';
import { consumeOAuthState } from '@/lib/oauth-state';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { CallbackStatus } from '@/features/auth/components/callback-status';
import { savePendingSignIn } from '@/features/auth/lib/second-factor-flow';
import { finishProviderSignIn, saveProviderSignup } from '@/features/auth/lib/provider-flow';

const t = ko.authUi.callback;
type TState = 'checking' | 'success' | 'new_user' | 'error';

/**
 * Kakao / Naver send the browser back here with `code` and `state`. Only the state this browser stored when it began
 * (beginOAuthFlow) is accepted; the server then exchanges the code once (with its PKCE verifier). Tokens arrive in
 * the response body, never in the address, and the code and state leave the address at once.
 */
export function ProviderCallbackPage() {
  usePageTitle(t.loading, { noindex: true });
  const { provider: rawProvider } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [state, setState] = useState<TState>('checking');
  const [message, setMessage] = useState<string>(t.checkingMessage);
  const started = useRef(false);

  useEffect(() => {
    // One exchange per page load (the state and the code are single-use), also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const returnedState = params.get('state');
    const error = params.get('error');
    window.history.replaceState(null, '', window.location.pathname);
    const fail = (text: string) => {
      setState('error');
      setMessage(text);
    };
    void (async () => {
      const provider = ZOAuthProvider.safeParse(rawProvider);
      // The stored state is used up whatever happens next.
      const ours = consumeOAuthState(returnedState);
      if (!provider.success || error) return fail(t.errorMessage);
      if (!ours) return fail(ko.auth.server.oauthStateInvalid);
      if (!code) return fail(t.noCode);
      try {
        const res: TAuthResponse = await finishProviderSignIn(provider.data, returnedState ?? '', code);
        if (res.isNewUser && res.signupToken && res.profile) {
          saveProviderSignup({
            provider: provider.data,
            signupToken: res.signupToken,
            email: res.profile.email,
            full_name: res.profile.full_name,
            emailRequired: res.emailRequired === true,
          });
          setState('new_user');
          setMessage(t.newUserMessage);
          setTimeout(() => navigate('/signup/complete', { replace: true, state: { provider: provider.data } }), 1000);
          return;
        }
        if (res.mfaRequired && res.mfaToken) {
          savePendingSignIn({ mfaToken: res.mfaToken, methods: res.methods ?? [], target: '/dashboard' });
          navigate('/login/second-factor', { replace: true });
          return;
        }
        if (res.linkRequired || !res.tokens) return fail(res.message ?? ko.accounts.server.linkRequired);
        const user = session.acceptTokens(res.tokens);
        toast.success(res.message ?? t.success, { description: ko.authUi.google.hello(user.full_name) });
        setState('success');
        setMessage(t.successMessage);
        setTimeout(() => navigate('/dashboard', { replace: true }), 1000);
      } catch (e) {
        fail(e instanceof ApiError && e.status === 0 ? ko.authUi.google.networkLogin : e instanceof Error ? e.message : t.errorMessage);
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <CallbackStatus state={state} message={message} />;
}
