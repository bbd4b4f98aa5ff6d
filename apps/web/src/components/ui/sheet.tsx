import { Dialog as SheetPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { CornerClose, DialogDescription } from './dialog';
import './motion.css';

export const Sheet = SheetPrimitive.Root;

/** Side sheet: 280 px wide, 320 px from the sm breakpoint (spec section 9). */
export function SheetContent({
  className,
  children,
  side = 'right',
  closeLabel = '닫기',
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & { side?: 'left' | 'right'; closeLabel?: string }) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="ui-fade fixed inset-0 z-50 bg-black/60" />
      <SheetPrimitive.Content
        className={cn(
          'fixed inset-y-0 z-50 flex h-full w-[280px] flex-col gap-4 overflow-y-auto bg-background p-6 shadow-lg focus:outline-none sm:w-[320px]',
          side === 'right' ? 'ui-sheet-right right-0 border-l' : 'ui-sheet-left left-0 border-r',
          className,
        )}
        {...props}
      >
        {children}
        <CornerClose label={closeLabel} />
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

/** The same description as a dialog's. */
export const SheetDescription = DialogDescription;
