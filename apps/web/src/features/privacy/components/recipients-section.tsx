import { ko, type TDataRecipients } from '@suite/shared';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useRecipients } from '../api/get-recipients';
import { koDateTime } from '../lib/format';
import { SectionCard } from './section-card';

const t = ko.privacy.settingsUi.recipients;
type TRecipient = TDataRecipients['data'][number];

function Received({ r }: { r: TRecipient }) {
  if (!r.configured) return <Badge variant="muted">{t.notConfigured}</Badge>;
  if (!r.received) return <Badge variant="outline">{t.notReceived}</Badge>;
  return <Badge variant="amber">{r.lastAt ? t.receivedAt(koDateTime(r.lastAt)) : t.received}</Badge>;
}

export function RecipientsSection() {
  const recipients = useRecipients();
  const list = recipients.data?.data ?? [];
  return (
    <SectionCard id="privacy-recipients" title={t.title} description={t.description}>
      {recipients.isPending ? <Skeleton className="h-32 w-full" /> : null}
      <ErrorAlert message={recipients.error?.message} error={recipients.error} />
      {recipients.isSuccess && list.length === 0 ? <p className="text-muted-foreground">{t.none}</p> : null}
      <ul className="grid gap-3">
        {list.map((r) => (
          <li key={r.key} className="grid gap-2 rounded-md border p-3" data-testid={`recipient-${r.key}`}>
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-medium break-keep">{r.name}</h3>
              <Badge variant="secondary">{t.roles[r.role]}</Badge>
              <Received r={r} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-muted-foreground">{t.purpose}</dt>
              <dd className="min-w-0 break-keep">{r.purpose}</dd>
              <dt className="text-muted-foreground">{t.items}</dt>
              <dd className="min-w-0 break-keep">{r.items.join(', ')}</dd>
            </dl>
            {!r.configured ? <p className="text-xs text-muted-foreground break-keep">{t.notConfiguredHelp}</p> : null}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
