import { RefreshCw, Trash2 } from 'lucide-react';
import { ko, type TDomain } from '@suite/shared';
import { BusyButton } from '@/components/busy-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { checkTime } from '../lib/format';
import { RecordTable } from './record-table';
import { DomainStatusBadge } from './status-badge';

const t = ko.domains.ui;

type TProps = { domain: TDomain; verifying: boolean; onVerify: () => void; onRemove: () => void };

/** One host: purpose, status (with the reason of an 오류), times, the records to add, 지금 확인 and 삭제. */
export function DomainItem({ domain: d, verifying, onVerify, onRemove }: TProps) {
  const checked = checkTime(d.checkedAt);
  const verified = checkTime(d.verifiedAt);
  return (
    <Card data-testid="domain-item" aria-labelledby={`domain-${d.id}`}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id={`domain-${d.id}`} className="min-w-0 break-all text-base">
            {d.host}
          </CardTitle>
          <DomainStatusBadge status={d.status} />
          <span className="text-sm text-muted-foreground">{t.purposes[d.purpose]}</span>
        </div>
        <dl className="grid gap-x-4 gap-y-1 text-sm text-muted-foreground sm:grid-cols-[auto_1fr]">
          <dt>{t.checkedAt}</dt>
          <dd>{checked ?? t.neverChecked}</dd>
          {verified ? (
            <>
              <dt>{t.verifiedAt}</dt>
              <dd>{verified}</dd>
            </>
          ) : null}
        </dl>
        {d.error ? (
          <p className={d.status === 'error' ? 'text-sm text-destructive break-keep' : 'text-sm text-muted-foreground break-keep'} role="status">
            {d.status === 'error' ? t.errorReason : t.lastCheckResult}: {d.error}
          </p>
        ) : null}
        {d.status === 'pending' ? <p className="text-sm text-muted-foreground break-keep">{t.pendingHint}</p> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        <h3 className="text-sm font-medium">{t.recordsTitle}</h3>
        <RecordTable host={d.host} records={d.records} />
        <div className="flex flex-wrap gap-2" role="group" aria-label={t.actions(d.host)}>
          <BusyButton size="sm" variant="outline" busy={verifying} disabled={verifying} onClick={onVerify}>
            {verifying ? null : <RefreshCw className="size-3.5" aria-hidden="true" />}
            {t.verify}
          </BusyButton>
          <Button size="sm" variant="ghost" className="text-destructive" onClick={onRemove}>
            <Trash2 className="size-3.5" aria-hidden="true" />
            {t.remove}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
