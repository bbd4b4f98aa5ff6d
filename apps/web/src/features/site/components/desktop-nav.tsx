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

/** Desktop navigation (lg and up): the two dropdowns, then 'APIs' and 'introduction'. Loaded by DesktopNavSlot. */
export function DesktopNav() {
  const { pathname } = useLocation();
  return (
    <TooltipProvider>
      <NavigationMenu className="hidden lg:flex" aria-label={koSiteShell.layout.mainNav}>
        <NavigationMenuList>
          <NavigationMenuItem value="company">
            <NavigationMenuTrigger>{n.companyTools}</NavigationMenuTrigger>
            <NavigationMenuContent>
              <div className="grid w-[40rem] grid-cols-2 gap-4 p-4">
                {companyToolGroups.map((g) => (
                  <GroupColumn key={g.id} group={g} />
                ))}
              </div>
            </NavigationMenuContent>
          </NavigationMenuItem>
          <NavigationMenuItem value="customer">
            <NavigationMenuTrigger>{n.customerTools}</NavigationMenuTrigger>
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
