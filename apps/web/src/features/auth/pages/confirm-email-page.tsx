import { useEffect, useRef, useState } from 'react';
import type { TConfirmEmailResponse } from '@suite/shared/schemas/auth';
import { Link, useSearchParams } from 'react-router';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api';
import { usePageTitle } from '@/lib/page-title';
import { AuthCard } from '@/features/auth/components/auth-card';
import { StatusView } from '@/features/auth/components/status-view';

const t = ko.authUi.confirm;

/** The emailed confirmation link lands here; the token is spent once on the server. */
export function ConfirmEmailPage() {
  usePageTitle(t.title, { noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<{ kind: 'loading' | 'success' | 'error'; message: string; seedId?: string | undefined }>(
    token ? { kind: 'loading', message: t.working } : { kind: 'error', message: ko.auth.server.tokenInvalid },
  );
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    api<TConfirmEmailResponse>('/api/auth/confirm-email', { method: 'POST', body: { token }, auth: false }).then(
      (r) => setState({ kind: 'success', message: r.message, seedId: r.seed_id }),
      (e: unknown) => setState({ kind: 'error', message: e instanceof Error ? e.message : ko.auth.server.tokenInvalid }),
    );
  }, [token]);
  return (
    <AuthCard title={t.title}>
      <StatusView state={state.kind} title={t.title} message={state.message}>
        {state.kind !== 'loading' ? (
          <Button asChild>
            {/* A sign-up from a seed invitation joined the seed on confirmation: sign in straight into its console. */}
            {state.seedId ? <Link to={`/login?redirect=${encodeURIComponent('/admin')}`}>{t.toSeedLogin}</Link> : <Link to="/login">{t.toLogin}</Link>}
          </Button>
        ) : null}
      </StatusView>
    </AuthCard>
  );
}
