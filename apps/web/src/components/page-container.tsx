import type { ReactNode } from 'react';
import { containerClass, useLayoutMode } from '@/lib/layout-mode';
import { cn } from '@/lib/utils';

/** Content width that follows the layout mode (compact: max screen-xl, the default; wide: the full container). */
export function PageContainer({ className, children }: { className?: string; children: ReactNode }) {
  const { mode } = useLayoutMode();
  return (
    <div className={cn(containerClass(mode), className)} data-layout-mode={mode}>
      {children}
    </div>
  );
}
