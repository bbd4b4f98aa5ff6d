import { LogOut, UserPen } from 'lucide-react';
import { Link } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { UserAvatar } from '@/components/user-avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { LAYOUT_MODES, useLayoutMode, type TLayoutMode } from '@/lib/layout-mode';
import type { TSessionUser } from '@/lib/session';
import { THEMES, useTheme, type TTheme } from '@/lib/theme';

const t = koSiteShell.layout;

/** Signed-in profile menu: 정보 수정 (/settings), theme (system/light/dark), layout (compact/wide), logout. */
export function ProfileMenu({ user, onLogout }: { user: TSessionUser; onLogout: () => void }) {
  const { theme, setTheme } = useTheme();
  const { mode, setMode } = useLayoutMode();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        aria-label={t.profileMenu}
      >
        <UserAvatar full_name={user.full_name} email={user.email} avatar_url={user.avatar_url} size="lg" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate text-sm font-semibold text-foreground">{user.full_name}</span>
          <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <UserPen aria-hidden="true" />
            {t.editProfile}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t.theme}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(v) => setTheme(v as TTheme)}>
          {THEMES.map((th) => (
            <DropdownMenuRadioItem key={th} value={th}>
              {t.themes[th]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t.layoutLabel}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={mode} onValueChange={(v) => setMode(v as TLayoutMode)}>
          {LAYOUT_MODES.map((m) => (
            <DropdownMenuRadioItem key={m} value={m}>
              {t.layouts[m]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          {t.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
