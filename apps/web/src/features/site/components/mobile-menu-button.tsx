import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { koSiteShell } from '@suite/shared/messages/ko-site-shell';
import { siteClasses } from './site-classes';

const MobileMenuSheet = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenuSheet })));

/** Below lg: the 'open menu' button; the sheet's code loads on the first open. */
export function MobileMenuButton() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        className={siteClasses.menuButton}
        aria-label={koSiteShell.layout.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} returnFocus={button} />
        </Suspense>
      ) : null}
    </>
  );
}
