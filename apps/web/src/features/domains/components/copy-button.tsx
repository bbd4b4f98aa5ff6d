import { Copy } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

const t = ko.domains.ui;

/** Copies `value` to the clipboard and says so in a toast (or that it could not). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const copy = () => {
    const write = navigator.clipboard?.writeText(value);
    if (!write) return toast.error(t.copyFailed);
    write.then(
      () => toast.success(t.copied),
      () => toast.error(t.copyFailed),
    );
  };
  return (
    <Button type="button" size="sm" variant="outline" onClick={copy} aria-label={label} title={label} className="shrink-0">
      <Copy className="size-3.5" aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{t.copy}</span>
    </Button>
  );
}
