import type { RefObject } from 'react';
import { ChevronDown, LogOut, Monitor, UserPen, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { UserAvatar } from '@/components/user-avatar';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { TooltipProvider } from '@/components/ui/tooltip';
import { mobileGroups, simpleLinks, type TNavGroup } from '@/lib/navigation';
import { useSession } from '@/lib/session';
import { NavIcon } from './nav-icon';
import { NavItemCard } from './nav-item-card';
import { useLogout } from './use-logout';

const t = koSiteShell.layout;

function Group({ group, onNavigate }: { group: TNavGroup; onNavigate: () => void }) {
  return (
    <Collapsible>
      <CollapsibleTrigger className="group flex w-full items-center justify-between rounded-md px-2 py-2 text-sm font-semibold hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {group.title}
        <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" aria-hidden="true" />
      </CollapsibleTrigger>
      <CollapsibleContent>
        <ul className="grid gap-1 py-1">
          {group.items.map((item) => (
            <li key={item.id}>
              <NavItemCard item={item} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </CollapsibleContent>
    </Collapsible>
  );
}

function AccountBlock({ close }: { close: () => void }) {
  const { isAuthenticated, user } = useSession();
  const logout = useLogout();
  if (!isAuthenticated || !user) {
    return (
      <div className="grid grid-cols-2 gap-2">
        <Button asChild variant="outline">
          <Link to="/login" onClick={close}>
            {t.login}
          </Link>
        </Button>
        <Button asChild>
          <Link to="/signup" onClick={close}>
            {t.signup}
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3">
        <UserAvatar full_name={user.full_name} email={user.email} avatar_url={user.avatar_url} size="xl" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{user.full_name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </div>
      </div>
      <MenuLink to="/admin" variant="outline" icon={Monitor} label={t.console} onClick={close} />
      <MenuLink to="/settings" variant="ghost" icon={UserPen} label={t.editProfile} onClick={close} />
      <Button
        variant="ghost"
        className="justify-start"
        onClick={() => {
          close();
          void logout();
        }}
      >
        <LogOut aria-hidden="true" />
        {t.logout}
      </Button>
    </div>
  );
}

/** A signed-in menu entry: a left-aligned button link with its icon. */
function MenuLink({
  to,
  variant,
  icon: Icon,
  label,
  onClick,
}: {
  to: string;
  variant: 'outline' | 'ghost';
  icon: LucideIcon;
  label: string;
  onClick: () => void;
}) {
  return (
    <Button asChild variant={variant} className="justify-start">
      <Link to={to} onClick={onClick}>
        <Icon aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}

/** The slide-in sheet titled 'menu' (loaded on the first open by MobileMenuButton). */
export function MobileMenuSheet({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const close = () => onOpenChange(false);
  return (
    <TooltipProvider>
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent
          side="right"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <SheetHeader>
            <SheetTitle>{t.menuTitle}</SheetTitle>
            <SheetDescription className="sr-only">{t.menuDescription}</SheetDescription>
          </SheetHeader>
          <nav aria-label={t.mainNav} className="grid gap-1">
            {mobileGroups.map((g) => (
              <Group key={g.id} group={g} onNavigate={close} />
            ))}
            {simpleLinks.map((l) => (
              <Link
                key={l.id}
                to={l.href}
                onClick={close}
                className="flex items-center gap-2 rounded-md px-2 py-2 text-sm font-semibold hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <NavIcon name={l.icon} className="size-4 text-muted-foreground" />
                {l.title}
              </Link>
            ))}
          </nav>
          <Separator />
          <AccountBlock close={close} />
        </SheetContent>
      </Sheet>
    </TooltipProvider>
  );
}
