import { Download, Loader2 } from 'lucide-react';
import { ko, type TExportStatus } from '@suite/shared';
import { BusyButton } from '@/components/busy-button';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast, toastError } from '@/lib/toast';
import { useExportStatus } from '../api/get-export';
import { useExports } from '../api/list-exports';
import { useRequestExport } from '../api/request-export';
import { fileSize, koDateTime } from '../lib/format';
import { SectionCard } from './section-card';

const t = ko.privacy.settingsUi.export;
const VARIANT = { pending: 'amber', ready: 'success', failed: 'destructive', expired: 'muted' } as const;
/** How many earlier exports are listed under the latest one. */
const RECENT = 4;

function StatusBadge({ status }: { status: TExportStatus['status'] }) {
  return <Badge variant={VARIANT[status]}>{t.status[status]}</Badge>;
}

function DownloadLink({ item, size = 'default' }: { item: TExportStatus; size?: 'default' | 'sm' }) {
  if (!item.url) return null;
  return (
    <Button asChild size={size} className="justify-self-start">
      <a href={item.url} download>
        <Download aria-hidden="true" /> {t.download}
        {item.sizeBytes !== null ? <span className="font-normal opacity-80">({fileSize(item.sizeBytes)})</span> : null}
      </a>
    </Button>
  );
}

/** The newest export: a spinner while it is made (its status is polled), the download when ready, or what went wrong. */
function Latest({ item }: { item: TExportStatus }) {
  const polled = useExportStatus(item.status === 'pending' ? item.id : null);
  const current = polled.data && polled.data.id === item.id ? polled.data : item;
  return (
    <div className="grid gap-3 rounded-md border p-4" data-testid="export-latest">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={current.status} />
        <span className="text-muted-foreground">{t.requestedAt(koDateTime(current.createdAt))}</span>
      </div>
      {current.status === 'pending' ? (
        <p className="flex items-center gap-2 break-keep" role="status">
          <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
          {t.pending}
        </p>
      ) : null}
      {current.status === 'ready' ? (
        <>
          <DownloadLink item={current} />
          {current.expiresAt ? <p className="text-muted-foreground break-keep">{t.expires(koDateTime(current.expiresAt))}</p> : null}
        </>
      ) : null}
      {current.status === 'failed' ? <ErrorAlert message={t.failed} /> : null}
      {current.status === 'expired' ? <p className="text-muted-foreground break-keep">{t.expired}</p> : null}
      <ErrorAlert message={polled.error?.message} error={polled.error} />
    </div>
  );
}

export function ExportSection() {
  const list = useExports();
  const request = useRequestExport();
  const items = list.data?.data ?? [];
  const latest = items[0];
  const busy = request.isPending || latest?.status === 'pending';
  const onRequest = async () => {
    try {
      await request.mutateAsync();
      toast.success(t.requested);
    } catch (e) {
      toastError(e, ko.errors.internal);
    }
  };
  return (
    <SectionCard id="privacy-export" title={t.title} description={t.description}>
      <BusyButton className="justify-self-start" onClick={onRequest} disabled={busy || list.isPending} busy={request.isPending}>
        {request.isPending ? t.requesting : t.request}
      </BusyButton>
      {list.isPending ? <Skeleton className="h-20 w-full" /> : null}
      <ErrorAlert message={list.error?.message} error={list.error} />
      {latest ? <Latest key={latest.id} item={latest} /> : list.isSuccess ? <p className="text-muted-foreground">{t.none}</p> : null}
      {items.length > 1 ? (
        <div className="grid gap-2">
          <h3 className="font-medium">{t.recent}</h3>
          <ul className="grid gap-2">
            {items.slice(1, 1 + RECENT).map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <StatusBadge status={item.status} />
                <span className="text-muted-foreground">{t.requestedAt(koDateTime(item.createdAt))}</span>
                {item.status === 'ready' ? <DownloadLink item={item} size="sm" /> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </SectionCard>
  );
}
