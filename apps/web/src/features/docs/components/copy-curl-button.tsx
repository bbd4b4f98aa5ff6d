import { Copy } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

const t = ko.docs.reference;

/** Copies the operation's curl command and says so (or that the browser refused). */
export function CopyCurlButton({ command, label }: { command: string; label: string }) {
  const copy = () => {
    const write = navigator.clipboard?.writeText(command);
    if (!write) return toast.error(t.copyFailed);
    write.then(
      () => toast.success(t.copied),
      () => toast.error(t.copyFailed),
    );
  };
  return (
    <Button type="button" size="sm" variant="outline" onClick={copy} aria-label={label} className="shrink-0">
      <Copy className="size-3.5" aria-hidden="true" />
      {t.copyCurl}
    </Button>
  );
}
