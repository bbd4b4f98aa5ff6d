import { lazy, Suspense } from 'react';
import { LogOut, Monitor } from 'lucide-react';
import { Link } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { UserAvatar } from '@/components/user-avatar';
import { useLogout } from './use-logout';

const t = koSiteShell.layout;
const ProfileMenu = lazy(() => import('./profile-menu').then((m) => ({ default: m.ProfileMenu })));

/**
 * Header account area. Signed out: 로그인 and 회원가입 (from sm; below, in the menu sheet).
 * Signed in: 콘솔 link and 로그아웃 (from lg; below, in the sheet) and the avatar opening the profile menu.
 */
export function AccountArea() {
  const { isAuthenticated, isLoading, user } = useSession();
  const logout = useLogout();
  if (isLoading) return <Skeleton className="size-8 rounded-full" aria-hidden="true" />;
  if (!isAuthenticated || !user) {
    return (
      <div className="hidden items-center gap-1 sm:flex" data-guest-only>
        <Button asChild variant="ghost" size="sm">
          <Link to="/login">{t.login}</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/signup">{t.signup}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-1">
      <Button asChild variant="outline" size="sm" className="hidden lg:inline-flex">
        <Link to="/admin">
          <Monitor aria-hidden="true" />
          {t.console}
        </Link>
      </Button>
      <Suspense fallback={<UserAvatar full_name={user.full_name} email={user.email} avatar_url={user.avatar_url} size="lg" />}>
        <ProfileMenu user={user} onLogout={() => void logout()} />
      </Suspense>
      <Button variant="ghost" size="sm" className="hidden lg:inline-flex" onClick={() => void logout()}>
        <LogOut aria-hidden="true" />
        {t.logout}
      </Button>
    </div>
  );
}
