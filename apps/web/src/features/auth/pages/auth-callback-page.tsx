import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ko, type TAuthResponse } from '@suite/shared';
import { api, ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { tokenStorage } from '@/lib/token-storage';
import { usePageTitle } from '@/lib/page-title';
import { CallbackStatus } from '@/features/auth/components/callback-status';
import { savePendingSignIn } from '@/features/auth/lib/second-factor-flow';
import { clearGoogleTemp, saveSignupTemp, storedGoogleUser, takeGoogleCredential } from '@/features/auth/lib/google-flow';

const t = ko.authUi.callback;
type TState = 'loading' | 'checking' | 'success' | 'new_user' | 'error';

/**
 * External-identity callback (spec section 4): loading → checking → success (to /dashboard after
 * 1.5 s) | new_user (to /signup/complete after 2 s) | error. The server decides whether the Google
 * account is known; the ID token ("code") arrives from the login button through session storage.
 */
export function AuthCallbackPage() {
  usePageTitle(t.loading, { noindex: true });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [state, setState] = useState<TState>('loading');
  const [message, setMessage] = useState<string>(t.loadingMessage);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = (ms: number, fn: () => void) => {
      timer = setTimeout(fn, ms);
    };
    const fail = (text: string, to: string, ms: number) => {
      setState('error');
      setMessage(text);
      later(ms, () => navigate(to, { replace: true }));
    };
    void (async () => {
      if (params.get('error')) {
        fail(t.errorMessage, '/login?error=oauth_failed', 2000);
        return;
      }
      try {
        const code = params.get('code') ? takeGoogleCredential() : null;
        if (!code) throw new Error(t.noCode);
        const googleUser = storedGoogleUser();
        if (!googleUser) {
          toast.error(t.startFromLogin);
          navigate('/login', { replace: true });
          return;
        }
        setState('checking');
        setMessage(t.checkingMessage);
        const res = await api<TAuthResponse>('/api/google-login', {
          method: 'POST',
          auth: false,
          retryOn401: false,
          body: { googleToken: code },
        });
        if (res.isNewUser) {
          saveSignupTemp({ googleToken: code, email: googleUser.email, full_name: googleUser.full_name });
          setState('new_user');
          setMessage(t.newUserMessage);
          later(2000, () => navigate('/signup/complete', { replace: true, state: { user: googleUser } }));
          return;
        }
        if (res.mfaRequired && res.mfaToken) {
          clearGoogleTemp();
          savePendingSignIn({ mfaToken: res.mfaToken, methods: res.methods ?? [], target: '/dashboard' });
          navigate('/login/second-factor', { replace: true });
          return;
        }
        if (res.linkRequired) {
          // The address has an account: nothing is linked until its owner confirms (mail or /settings).
          clearGoogleTemp();
          setState('error');
          setMessage(res.message ?? ko.accounts.server.linkRequired);
          return;
        }
        if (!res.tokens) throw new Error(ko.authUi.google.loginFailDefault);
        const user = session.acceptTokens(res.tokens);
        clearGoogleTemp();
        toast.success(ko.authUi.google.loginSuccess, { description: ko.authUi.google.hello(user.full_name) });
        setState('success');
        setMessage(t.successMessage);
        later(1500, () => navigate('/dashboard', { replace: true }));
      } catch (e) {
        tokenStorage.clear();
        const text = e instanceof ApiError && e.status === 0 ? ko.authUi.google.networkLogin : e instanceof Error ? e.message : t.errorMessage;
        fail(text, '/login?error=callback_failed', 3000);
      }
    })();
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <CallbackStatus state={state} message={message} />;
}
