import type { ReactNode } from 'react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** The terms and privacy texts in a 60vh dialog with a close button. */
export function LegalDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex h-[60vh] max-w-2xl flex-col">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-y-auto rounded-md border p-4 text-sm leading-relaxed" tabIndex={0}>
          {children}
        </div>
        <DialogClose asChild>
          <Button variant="outline">{ko.authUi.signup.close}</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
