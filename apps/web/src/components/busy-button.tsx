import { Loader2 } from 'lucide-react';
import { Button, type TButtonProps } from '@/components/ui/button';

/** A button that shows a spinner before its label while `busy` (the caller decides whether it is also disabled). */
export function BusyButton({ busy, children, ...props }: TButtonProps & { busy: boolean }) {
  return (
    <Button {...props}>
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}
