import { Link } from 'react-router';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { AuthCard } from '@/features/auth/components/auth-card';
import { StatusView } from '@/features/auth/components/status-view';

export type TMailLinkState = { kind: 'idle' | 'loading' | 'success' | 'error'; message: string };

/**
 * A page a mailed link opens: nothing happens until its button is pressed (mail scanners open links), then it shows
 * the outcome, with a way to /login once it is done (`loginAfter: 'done'`) or only after an error.
 */
export function MailLinkStep({
  title,
  state,
  confirmLabel,
  onConfirm,
  loginAfter,
}: {
  title: string;
  state: TMailLinkState;
  confirmLabel: string;
  onConfirm: () => void;
  loginAfter: 'done' | 'error';
}) {
  if (state.kind === 'idle') {
    return (
      <AuthCard title={title}>
        <div className="grid gap-4 text-center">
          <p className="text-sm text-muted-foreground break-keep">{state.message}</p>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </div>
      </AuthCard>
    );
  }
  const toLogin = loginAfter === 'done' ? state.kind !== 'loading' : state.kind === 'error';
  return (
    <AuthCard title={title}>
      <StatusView state={state.kind} title={title} message={state.message}>
        {toLogin ? (
          <Button asChild>
            <Link to="/login">{ko.authUi.confirm.toLogin}</Link>
          </Button>
        ) : null}
      </StatusView>
    </AuthCard>
  );
}
