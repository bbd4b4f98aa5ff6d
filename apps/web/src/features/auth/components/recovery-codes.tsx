import { Copy, Download } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

const t = ko.accounts.ui;

/** The text of the recovery-codes file: a short header, then one code a line. */
export function recoveryCodesText(codes: string[], email: string, now = new Date()): string {
  const date = now.toLocaleDateString('ko-KR', { timeZone: 'Asia/Seoul' });
  return `${t.recoveryFileHeader(email, date)}\n${codes.join('\n')}\n`;
}

/** The recovery codes, shown once after enrolling: copy them or save them as a .txt file. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(t.recoveryCopied);
    } catch {
      toast.error(t.recoveryCopyFailed);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, email)], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = t.recoveryFileName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <div className="grid gap-2 rounded-md border border-primary/40 p-3">
      <p className="text-sm font-medium">{t.recoveryTitle}</p>
      <p className="text-sm text-muted-foreground break-keep">{t.recoveryHelp}</p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" />
          {t.recoveryCopy}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" />
          {t.recoveryDownload}
        </Button>
      </div>
    </div>
  );
}
