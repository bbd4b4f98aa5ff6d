import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import type { TNavItem } from '@/lib/navigation';
import { cn } from '@/lib/utils';
import { NavIcon } from './nav-icon';

const n = koSiteShell.nav;

export function StatusBadge({ status }: { status: NonNullable<TNavItem['status']> }) {
  return <Badge variant={status === 'development' ? 'amber' : 'muted'}>{n.status[status]}</Badge>;
}

function Body({ item }: { item: TNavItem }) {
  return (
    <>
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
        <NavIcon name={item.icon} className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2 text-sm font-semibold leading-tight">
          <span>{item.title}</span>
          {item.status ? <StatusBadge status={item.status} /> : null}
        </span>
        <span className="mt-1 block text-xs leading-relaxed text-pretty text-muted-foreground break-keep md:whitespace-pre-line">{item.description}</span>
      </span>
    </>
  );
}

const base = 'flex w-full gap-3 rounded-md p-3 text-left outline-none transition-colors';

/**
 * One navigation item. Live: a link (wrapped by `wrapLink`, e.g. NavigationMenuLink). Waiting/development:
 * dimmed, dashed border, not clickable, with the status tooltip.
 */
export function NavItemCard({ item, wrapLink, onNavigate }: { item: TNavItem; wrapLink?: (link: ReactNode) => ReactNode; onNavigate?: () => void }) {
  if (item.disabled) {
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          <div
            role="link"
            aria-disabled="true"
            tabIndex={0}
            data-status={item.status}
            className={cn(base, 'cursor-not-allowed border border-dashed opacity-60 focus-visible:ring-2 focus-visible:ring-ring')}
          >
            <Body item={item} />
          </div>
        </TooltipTrigger>
        <TooltipContent side="bottom">{item.status ? n.tooltip[item.status] : null}</TooltipContent>
      </Tooltip>
    );
  }
  const link = (
    <Link
      to={item.href}
      onClick={onNavigate}
      className={cn(base, 'border border-transparent hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring')}
    >
      <Body item={item} />
    </Link>
  );
  return wrapLink ? wrapLink(link) : link;
}
