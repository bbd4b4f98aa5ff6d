import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/page-title';
import { AuthCard } from '@/features/auth/components/auth-card';
import { StatusView } from '@/features/auth/components/status-view';
import { confirmIdentityByMail } from '@/features/auth/api/confirm-identity';

const t = ko.accounts.ui;

/** The owner's confirmation mail lands here; nothing is linked until the owner presses the button. */
export function LinkIdentityPage() {
  usePageTitle(t.linkPageTitle, { noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<{ kind: 'idle' | 'loading' | 'success' | 'error'; message: string }>(
    token ? { kind: 'idle', message: t.linkPageBody } : { kind: 'error', message: ko.auth.server.tokenInvalid },
  );
  const submit = () => {
    if (!token) return;
    setState({ kind: 'loading', message: ko.common.loading });
    confirmIdentityByMail(token).then(
      () => setState({ kind: 'success', message: t.linkPageDone }),
      (e: unknown) => setState({ kind: 'error', message: e instanceof Error ? e.message : ko.auth.server.tokenInvalid }),
    );
  };
  if (state.kind === 'idle') {
    return (
      <AuthCard title={t.linkPageTitle}>
        <div className="grid gap-4 text-center">
          <p className="text-sm text-muted-foreground break-keep">{state.message}</p>
          <Button onClick={submit}>{t.confirm}</Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t.linkPageTitle}>
      <StatusView state={state.kind} title={t.linkPageTitle} message={state.message}>
        {state.kind !== 'loading' ? (
          <Button asChild>
            <Link to="/login">{ko.authUi.confirm.toLogin}</Link>
          </Button>
        ) : null}
      </StatusView>
    </AuthCard>
  );
}
