import { ko, type TSeedPrivacyReceipt } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useSeedPrivacyRequests } from '../api/list-requests';
import { receiptTime } from '../lib/format';

const t = ko.privacy.seedRequests;

const statusClass: Record<TSeedPrivacyReceipt['status'], string> = {
  pending: 'bg-secondary text-secondary-foreground',
  done: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  failed: 'bg-destructive/15 text-destructive',
};

/** The seed's requests, newest first: time, kind, masked subject, status, the receipt and (exports) the file. */
export function RequestList({ seedId, onReceipt }: { seedId: string; onReceipt: (r: TSeedPrivacyReceipt) => void }) {
  const list = useSeedPrivacyRequests(seedId);
  if (list.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        {list.error.message || t.loadFailed}
      </p>
    );
  if (list.isPending) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  if (!list.data.data.length) return <p className="text-sm text-muted-foreground">{t.empty}</p>;
  return (
    <ul className="grid gap-2" aria-label={t.listTitle}>
      {list.data.data.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm" data-testid="privacy-request">
          <div className="min-w-0">
            <p className="font-medium">
              {t.kinds[r.kind]} · <span className="break-all">{r.subjectMasked}</span>{' '}
              <span className="text-muted-foreground">({t.subjectTypes[r.subjectKind]})</span>
            </p>
            <p className="text-muted-foreground">
              {receiptTime(r.createdAt)} <span className={cn('ml-1 rounded px-1.5 py-0.5 text-xs', statusClass[r.status])}>{t.status[r.status]}</span>
            </p>
            {r.exportStatus === 'expired' ? <p className="text-xs text-muted-foreground">{t.exportExpired}</p> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {r.exportUrl ? (
              <Button asChild size="sm" variant="outline">
                <a href={r.exportUrl} download>
                  {t.download}
                </a>
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={() => onReceipt(r)}>
              {t.receipt}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
