import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronRight, LogOut, Sprout } from 'lucide-react';
import { ko } from '@suite/shared';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarHeader,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  useSidebar,
} from '@/components/ui/sidebar';
import { useSeeds } from '@/lib/seed-context';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { ThemeSwitch } from '@/features/console/components/theme-switch';
import { activeHref, isActive, visibleNav, type TConsoleNavItem } from '@/features/console/nav';

const statusStyle = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  beta: 'bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200',
  development: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200',
  soon: 'bg-muted text-muted-foreground',
};

function NavItem({ item, path, active }: { item: TConsoleNavItem; path: string; active: string | null }) {
  const { setOpenMobile } = useSidebar();
  const inside = isActive(path, item.href);
  // Items with sub-items expand on click, and by themselves when the path is inside them.
  const [expanded, setExpanded] = useState(inside);
  const open = expanded || inside;
  const Icon = item.icon;
  const mark = item.soon ? 'soon' : item.status;
  const badge = mark ? (
    <span
      className={cn('ml-auto shrink-0 rounded px-1.5 py-0.5 text-[10px] font-medium group-data-[collapsible=icon]:hidden', statusStyle[mark])}
      title={mark === 'soon' ? ko.consoleUi.nav.soonHint : undefined}
    >
      {mark === 'soon' ? ko.consoleUi.nav.soon : ko.consoleUi.status[mark]}
    </span>
  ) : null;
  const link = (
    <SidebarMenuButton asChild isActive={active === item.href} tooltip={item.title}>
      <Link to={item.href} onClick={() => setOpenMobile(false)}>
        <Icon aria-hidden="true" />
        <span className="truncate">{item.title}</span>
        {badge}
      </Link>
    </SidebarMenuButton>
  );
  if (!item.children) return <SidebarMenuItem>{link}</SidebarMenuItem>;
  return (
    <SidebarMenuItem>
      <div className="flex items-center">
        {link}
        <button
          type="button"
          className="ml-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring group-data-[collapsible=icon]:hidden"
          aria-expanded={open}
          aria-label={`${item.title} 하위 메뉴`}
          onClick={() => setExpanded(!open)}
        >
          <ChevronRight className={cn('size-4 transition-transform', open && 'rotate-90')} aria-hidden="true" />
        </button>
      </div>
      {open ? (
        <SidebarMenuSub>
          {item.children.map((c) => (
            <li key={c.href}>
              <Link
                to={c.href}
                onClick={() => setOpenMobile(false)}
                aria-current={active === c.href ? 'page' : undefined}
                className="block rounded-md px-2 py-1.5 text-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-foreground"
              >
                {c.title}
              </Link>
            </li>
          ))}
        </SidebarMenuSub>
      ) : null}
    </SidebarMenuItem>
  );
}

export function ConsoleSidebar({ onLogout }: { onLogout: () => void }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const { selected } = useSeeds();
  const groups = visibleNav({ isAdmin: user?.role === 'admin', seedRole: selected?.role ?? null });
  const visible = groups.flatMap((g) => g.items);
  // Exactly one entry is highlighted: the most specific one (결제 내역, not 구독 too).
  const active = activeHref(pathname, visible);
  return (
    <Sidebar label={ko.consoleUi.name}>
      <SidebarHeader>
        <Link to="/admin" className="flex items-center gap-2 rounded-md p-1.5 font-semibold">
          <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <Sprout className="size-4" aria-hidden="true" />
          </span>
          <span className="truncate group-data-[collapsible=icon]:hidden">{ko.consoleUi.name}</span>
        </Link>
      </SidebarHeader>
      <SidebarContent>
        {groups.map((group) => (
          <SidebarGroup key={group.id} label={group.label}>
            {group.items.map((item) => (
              <NavItem key={item.href} item={item} path={pathname} active={active} />
            ))}
          </SidebarGroup>
        ))}
      </SidebarContent>
      <SidebarFooter>
        <div className="px-2 md:hidden">
          <ThemeSwitch />
        </div>
        <div className="min-w-0 px-2 text-sm group-data-[collapsible=icon]:hidden">
          <p className="truncate font-medium">{user?.full_name}</p>
          <p className="truncate text-xs text-muted-foreground">{user?.email}</p>
        </div>
        <SidebarMenuButton tooltip={ko.consoleUi.header.logout} onClick={onLogout}>
          <LogOut aria-hidden="true" />
          <span>{ko.consoleUi.header.logout}</span>
        </SidebarMenuButton>
      </SidebarFooter>
    </Sidebar>
  );
}
