import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { Dialog as DialogPrimitive, Slot, Tooltip } from 'radix-ui';
import { PanelLeft } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useIsMobile } from '@/lib/use-media-query';

/** Spec section 9: 16rem wide, 18rem as the mobile sheet, 3rem in icon mode; open state in a cookie for 7 days. */
const COOKIE = 'sidebar_state';
const COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const WIDTH = '16rem';
const WIDTH_MOBILE = '18rem';
const WIDTH_ICON = '3rem';

type TSidebar = {
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggle: () => void;
  state: 'expanded' | 'collapsed';
};

const SidebarContext = createContext<TSidebar | null>(null);

export function useSidebar(): TSidebar {
  const ctx = useContext(SidebarContext);
  if (!ctx) throw new Error('useSidebar는 SidebarProvider 안에서만 사용할 수 있습니다.');
  return ctx;
}

function readCookie(): boolean {
  const m = document.cookie.match(new RegExp(`(?:^|; )${COOKIE}=(true|false)`));
  return m ? m[1] === 'true' : true;
}

export function SidebarProvider({ children, className }: { children: ReactNode; className?: string }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(readCookie);
  const [openMobile, setOpenMobile] = useState(false);
  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = `${COOKIE}=${value}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
  }, []);
  const toggle = useCallback(() => (isMobile ? setOpenMobile((o) => !o) : setOpen(!open)), [isMobile, open, setOpen]);

  // Ctrl/Cmd+B toggles the sidebar.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === 'b' && (e.metaKey || e.ctrlKey)) {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  const value = useMemo<TSidebar>(
    () => ({ open, setOpen, openMobile, setOpenMobile, isMobile, toggle, state: open ? 'expanded' : 'collapsed' }),
    [open, setOpen, openMobile, isMobile, toggle],
  );
  return (
    <SidebarContext.Provider value={value}>
      <Tooltip.Provider delayDuration={0}>
        <div
          className={cn('group/sidebar-wrapper flex min-h-dvh w-full', className)}
          style={{ '--sidebar-width': WIDTH, '--sidebar-width-icon': WIDTH_ICON } as React.CSSProperties}
        >
          {children}
        </div>
      </Tooltip.Provider>
    </SidebarContext.Provider>
  );
}

export function Sidebar({ children, label }: { children: ReactNode; label: string }) {
  const { isMobile, openMobile, setOpenMobile, state } = useSidebar();
  if (isMobile) {
    return (
      <DialogPrimitive.Root open={openMobile} onOpenChange={setOpenMobile}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
          <DialogPrimitive.Content
            className="fixed inset-y-0 left-0 z-50 flex h-full flex-col border-r bg-card text-card-foreground shadow-lg focus:outline-none"
            style={{ width: WIDTH_MOBILE }}
            aria-describedby={undefined}
          >
            <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
            {children}
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }
  return (
    <div className="group peer hidden md:block" data-state={state} data-collapsible={state === 'collapsed' ? 'icon' : ''}>
      <div className="relative w-(--sidebar-width) transition-[width] duration-200 group-data-[collapsible=icon]:w-(--sidebar-width-icon)" />
      <aside
        aria-label={label}
        className="fixed inset-y-0 left-0 z-10 flex h-dvh w-(--sidebar-width) flex-col border-r bg-card transition-[width] duration-200 group-data-[collapsible=icon]:w-(--sidebar-width-icon)"
      >
        {children}
      </aside>
    </div>
  );
}

export function SidebarTrigger({ className, label }: { className?: string; label: string }) {
  const { toggle, isMobile, open, openMobile } = useSidebar();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      aria-expanded={isMobile ? openMobile : open}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <PanelLeft className="size-4" aria-hidden="true" />
    </button>
  );
}

export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex min-w-0 flex-1 flex-col bg-background', className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 border-b p-2', className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-auto flex flex-col gap-2 border-t p-2', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto overflow-x-hidden py-2', className)} {...props} />;
}

export function SidebarGroup({ className, label, children }: { className?: string; label: string; children: ReactNode }) {
  return (
    <section className={cn('px-2 py-1', className)} aria-label={label}>
      <h2 className="px-2 pb-1 text-xs font-medium text-muted-foreground group-data-[collapsible=icon]:sr-only">{label}</h2>
      <ul className="flex flex-col gap-0.5">{children}</ul>
    </section>
  );
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn('relative', className)} {...props} />;
}

export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  tooltip,
  className,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean; isActive?: boolean; tooltip: string }) {
  const { state, isMobile } = useSidebar();
  const Comp = asChild ? Slot.Root : 'button';
  const button = (
    <Comp
      data-active={isActive}
      aria-current={isActive ? 'page' : undefined}
      className={cn(
        'flex h-9 w-full items-center gap-2 overflow-hidden rounded-md px-2 text-left text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring data-[active=true]:bg-accent data-[active=true]:font-medium group-data-[collapsible=icon]:size-8 group-data-[collapsible=icon]:p-2 [&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
  if (state !== 'collapsed' || isMobile) return button;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{button}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content side="right" sideOffset={8} className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background">
          {tooltip}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

export function SidebarMenuSub({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('ml-4 flex flex-col gap-0.5 border-l py-0.5 pl-2 group-data-[collapsible=icon]:hidden', className)} {...props} />;
}
