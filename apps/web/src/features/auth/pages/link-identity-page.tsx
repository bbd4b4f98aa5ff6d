import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ko } from '@suite/shared';
import { usePageTitle } from '@/lib/page-title';
import { MailLinkStep, type TMailLinkState } from '@/features/auth/components/mail-link-step';
import { confirmIdentityByMail } from '@/features/auth/api/confirm-identity';

const t = ko.accounts.ui;

/** The owner's confirmation mail lands here; nothing is linked until the owner presses the button. */
export function LinkIdentityPage() {
  usePageTitle(t.linkPageTitle, { noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<TMailLinkState>(
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
  return <MailLinkStep title={t.linkPageTitle} state={state} confirmLabel={t.confirm} onConfirm={submit} loginAfter="done" />;
}
