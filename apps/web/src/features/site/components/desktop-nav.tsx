import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import {
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuTrigger,
  navigationMenuTriggerStyle,
} from '@/components/ui/navigation-menu';
import { TooltipProvider } from '@/components/ui/tooltip';
import { companyToolGroups, customerToolGroups, simpleLinks, type TNavGroup } from '@/lib/navigation';
import { NavItemCard } from './nav-item-card';

const n = koSiteShell.nav;

function GroupColumn({ group }: { group: TNavGroup }) {
  return (
    <div className="min-w-0">
      <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground" id={`nav-group-${group.id}`}>
        {group.title}
      </p>
      <ul className="grid gap-1" aria-labelledby={`nav-group-${group.id}`}>
        {group.items.map((item) => (
          <li key={item.id}>
            <NavItemCard item={item} wrapLink={(link) => <NavigationMenuLink asChild>{link}</NavigationMenuLink>} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What made DesktopNavSlot load the menus: which menu, and whether to open it (pointer, click) or only focus it (keyboard). */
export type TNavIntent = { value: 'company' | 'customer'; open: boolean };

/** Desktop navigation (lg and up): the two dropdowns, then 'APIs' and 'introduction'. Loaded by DesktopNavSlot. */
export function DesktopNav({ intent }: { intent?: TNavIntent }) {
  const { pathname } = useLocation();
  const root = useRef<HTMLElement>(null);
  // The placeholder button that had the focus is gone: give it to the real trigger.
  useEffect(() => {
    if (intent && !intent.open) root.current?.querySelector<HTMLElement>(`[data-nav-trigger="${intent.value}"]`)?.focus();
  }, [intent]);
  return (
    <TooltipProvider>
      <NavigationMenu ref={root} className="hidden lg:flex" aria-label={koSiteShell.layout.mainNav} {...(intent?.open ? { defaultValue: intent.value } : {})}>
        <NavigationMenuList>
          <NavigationMenuItem value="company">
            <NavigationMenuTrigger data-nav-trigger="company">{n.companyTools}</NavigationMenuTrigger>
            <NavigationMenuContent>
              <div className="grid w-[40rem] grid-cols-2 gap-4 p-4">
                {companyToolGroups.map((g) => (
                  <GroupColumn key={g.id} group={g} />
                ))}
              </div>
            </NavigationMenuContent>
          </NavigationMenuItem>
          <NavigationMenuItem value="customer">
            <NavigationMenuTrigger data-nav-trigger="customer">{n.customerTools}</NavigationMenuTrigger>
            <NavigationMenuContent>
              <div className="grid w-[22rem] gap-4 p-4">
                {customerToolGroups.map((g) => (
                  <GroupColumn key={g.id} group={g} />
                ))}
              </div>
            </NavigationMenuContent>
          </NavigationMenuItem>
          {simpleLinks.map((l) => (
            <NavigationMenuItem key={l.id}>
              <NavigationMenuLink asChild active={l.href !== '/' && pathname === l.href}>
                <Link to={l.href} className={navigationMenuTriggerStyle()}>
                  {l.title}
                </Link>
              </NavigationMenuLink>
            </NavigationMenuItem>
          ))}
        </NavigationMenuList>
      </NavigationMenu>
    </TooltipProvider>
  );
}
