import { useState } from 'react';
import { useNavigate } from 'react-router';
import { KeyRound } from 'lucide-react';
import { toast, toastError } from '@/lib/toast';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { signInWithPasskey } from '@/features/auth/api/second-factor-sign-in';

/** Passwordless sign-in with a passkey kept on this device or a security key. */
export function PasskeyButton({ target }: { target: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (typeof window === 'undefined' || !('PublicKeyCredential' in window)) return null;
  const go = async () => {
    setBusy(true);
    try {
      const res = await signInWithPasskey();
      if (!res.tokens) throw new Error(ko.authUi.login.errorDefault);
      const user = session.acceptTokens(res.tokens);
      toast.success(ko.authUi.login.successTitle, { description: ko.authUi.login.successDescription(user.full_name) });
      navigate(target, { replace: true });
    } catch (e) {
      toastError(e, ko.authUi.login.errorDefault);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" className="mt-2 w-full" disabled={busy} onClick={() => void go()}>
      <KeyRound className="size-4" aria-hidden="true" />
      {ko.accounts.ui.passkeyLogin}
    </Button>
  );
}
