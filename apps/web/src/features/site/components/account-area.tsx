import { lazy, Suspense } from 'react';
import { LogOut, Monitor } from 'lucide-react';
import { Link } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { avatarColors, initials } from '@/lib/avatar';
import { useSession, type TSessionUser } from '@/lib/session';
import { siteClasses } from './site-classes';
import { useLogout } from './use-logout';

const t = koSiteShell.layout;
const ProfileMenu = lazy(() => import('./profile-menu').then((m) => ({ default: m.ProfileMenu })));

/**
 * What <UserAvatar size="lg"> shows before its picture has loaded (initials on the hashed colour; nothing for the first
 * 300 ms when there is a picture), drawn without Radix and tailwind-merge while the profile menu's code loads.
 */
function AvatarPlaceholder({ user }: { user: TSessionUser }) {
  const colors = avatarColors(user.email || user.full_name || '');
  return (
    <span className={siteClasses.avatar} aria-hidden="true">
      {user.avatar_url ? null : (
        <span className={siteClasses.avatarInitials} style={{ backgroundColor: colors.background, color: colors.color }}>
          {initials(user.full_name)}
        </span>
      )}
    </span>
  );
}

/**
 * Header account area. Signed out: 로그인 and 회원가입 (from sm; below, in the menu sheet).
 * Signed in: 콘솔 link and 로그아웃 (from lg; below, in the sheet) and the avatar opening the profile menu.
 * The shared Button and Skeleton are drawn as plain class strings (site-classes.ts): '/' loads no tailwind-merge.
 */
export function AccountArea() {
  const { isAuthenticated, isLoading, user } = useSession();
  const logout = useLogout();
  if (isLoading) return <div className={siteClasses.avatarSkeleton} aria-hidden="true" />;
  if (!isAuthenticated || !user) {
    return (
      <div className="hidden items-center gap-1 sm:flex" data-guest-only>
        <Link to="/login" className={siteClasses.login}>
          {t.login}
        </Link>
        <Link to="/signup" className={siteClasses.signup}>
          {t.signup}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-1">
      <Link to="/admin" className={siteClasses.console}>
        <Monitor aria-hidden="true" />
        {t.console}
      </Link>
      <Suspense fallback={<AvatarPlaceholder user={user} />}>
        <ProfileMenu user={user} onLogout={() => void logout()} />
      </Suspense>
      <button className={siteClasses.logout} onClick={() => void logout()}>
        <LogOut aria-hidden="true" />
        {t.logout}
      </button>
    </div>
  );
}
