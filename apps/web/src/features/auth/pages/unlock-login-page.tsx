import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/page-title';
import { AuthCard } from '@/features/auth/components/auth-card';
import { StatusView } from '@/features/auth/components/status-view';
import { unlockLogin } from '@/features/auth/api/unlock-login';

const t = ko.security;

/** The mailed unlock link lands here: the token is spent once and this browser becomes a known device. */
export function UnlockLoginPage() {
  usePageTitle(t.unlockTitle, { noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<{ kind: 'loading' | 'success' | 'error'; message: string }>(
    token ? { kind: 'loading', message: t.unlockWorking } : { kind: 'error', message: t.loginUnlockInvalid },
  );
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    // The token leaves the address bar and history once read.
    window.history.replaceState(null, '', window.location.pathname);
    unlockLogin(token).then(
      (r) => setState({ kind: 'success', message: r.message }),
      (e: unknown) => setState({ kind: 'error', message: e instanceof Error ? e.message : t.loginUnlockInvalid }),
    );
  }, [token]);
  return (
    <AuthCard title={t.unlockTitle}>
      <StatusView state={state.kind} title={t.unlockTitle} message={state.message}>
        {state.kind !== 'loading' ? (
          <Button asChild>
            <Link to="/login">{t.unlockGoLogin}</Link>
          </Button>
        ) : null}
      </StatusView>
    </AuthCard>
  );
}
