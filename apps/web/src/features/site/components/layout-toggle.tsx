import { Maximize2, Minimize2 } from 'lucide-react';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { useLayoutMode } from '@/lib/layout-mode';
import { siteClasses } from './site-classes';

/**
 * Compact ↔ wide content width; shown from the md breakpoint, with the Korean tooltip of what a click does.
 * The tooltip is CSS (hover and keyboard focus) so the header needs no popover code on first load; it repeats
 * the button's accessible name, so it is hidden from assistive technology.
 */
export function LayoutToggle() {
  const { mode, toggle } = useLayoutMode();
  const label = mode === 'wide' ? koSiteShell.layout.toCompact : koSiteShell.layout.toWide;
  return (
    <span className="group relative hidden md:inline-flex">
      <button className={siteClasses.iconButton} onClick={toggle} aria-label={label} data-layout-mode={mode}>
        {mode === 'wide' ? <Minimize2 aria-hidden="true" /> : <Maximize2 aria-hidden="true" />}
      </button>
      <span
        aria-hidden="true"
        data-testid="layout-tooltip"
        className="pointer-events-none absolute left-1/2 top-full z-50 mt-1.5 -translate-x-1/2 whitespace-nowrap rounded-md bg-foreground px-3 py-1.5 text-xs text-background opacity-0 shadow-md transition-opacity group-hover:opacity-100 group-has-[:focus-visible]:opacity-100 motion-reduce:transition-none"
      >
        {label}
      </span>
    </span>
  );
}
