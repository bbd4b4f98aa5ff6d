import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useSession } from '@/lib/session';

/** The dialog's code loads on the first prompt, not with the page. */
const LoginPromptDialog = lazy(() => import('./login-prompt-dialog').then((m) => ({ default: m.LoginPromptDialog })));

/**
 * Gates an action on being signed in:
 *
 *   const { requireLogin, loginPrompt } = useLoginPrompt();
 *   <Button onClick={() => requireLogin(() => connect())}>...</Button>
 *   {loginPrompt}
 *
 * Signed in: runs the action. Signed out: opens the 로그인 필요 dialog (Yes → /login?redirect={redirectTo or here}).
 */
export function useLoginPrompt(): { requireLogin: (action?: () => void, redirectTo?: string) => void; loginPrompt: ReactNode } {
  const { isAuthenticated } = useSession();
  const [state, setState] = useState<{ open: boolean; used: boolean; redirectTo?: string }>({ open: false, used: false });
  const requireLogin = useCallback(
    (action?: () => void, redirectTo?: string) => {
      if (isAuthenticated) action?.();
      else setState({ open: true, used: true, redirectTo });
    },
    [isAuthenticated],
  );
  const loginPrompt = state.used ? (
    <Suspense fallback={null}>
      <LoginPromptDialog open={state.open} onOpenChange={(open) => setState((s) => ({ ...s, open }))} redirectTo={state.redirectTo} />
    </Suspense>
  ) : null;
  return { requireLogin, loginPrompt };
}
