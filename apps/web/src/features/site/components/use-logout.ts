import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { useSession } from '@/lib/session';

/** Logs out (the session clears tokens and tells the server), confirms with a toast and goes home. */
export function useLogout(): () => Promise<void> {
  const { logout } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    toast.success(koSiteShell.layout.loggedOut);
    navigate('/');
  }, [logout, navigate]);
}
