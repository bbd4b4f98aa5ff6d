import { useState } from 'react';
import { ko } from '@suite/shared';
import { koNotificationsUi } from '@suite/shared/messages/ko-notifications-ui';
import { DELIVERY_STATUSES, NOTIFICATION_CHANNELS } from '@suite/shared/schemas/notifications';
import { ErrorAlert } from '@/components/error-alert';
import { HeadCells } from '@/components/head-cells';
import { ScrollRegion } from '@/components/scroll-region';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useDeliveries, type TDelivery } from '../api/list-deliveries';

const d = koNotificationsUi.deliveries;
const when = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const variantOf = (s: TDelivery['status']) =>
  s === 'sent' || s === 'digested' ? 'success' : s === 'failed' ? 'destructive' : s === 'retrying' || s === 'held' ? 'amber' : 'muted';

/** The operator's delivery log (platform admins): every notice's channel, status, attempts and last error. */
export function DeliveriesSection() {
  const [channel, setChannel] = useState('');
  const [status, setStatus] = useState('');
  const query = useDeliveries({ channel: channel || undefined, status: status || undefined });
  const rows = query.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{d.title}</CardTitle>
        <CardDescription className="break-keep">{d.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
          <div className="grid gap-1.5">
            <Label htmlFor="delivery-channel">{d.channelFilter}</Label>
            <NativeSelect id="delivery-channel" className="sm:w-40" value={channel} onChange={(e) => setChannel(e.target.value)}>
              <option value="">{d.allChannels}</option>
              {NOTIFICATION_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {ko.notifications.channels[c]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="delivery-status">{d.statusFilter}</Label>
            <NativeSelect id="delivery-status" className="sm:w-44" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">{d.allStatuses}</option>
              {DELIVERY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {d.statuses[s]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        {query.error ? <ErrorAlert message={query.error.message} error={query.error} /> : null}
        {query.isPending ? <p className="text-sm text-muted-foreground">{ko.common.loading}</p> : null}
        {query.isSuccess && rows.length === 0 ? <p className="text-sm text-muted-foreground">{d.empty}</p> : null}
        {rows.length ? (
          <ScrollRegion label={d.title} className="rounded-md border" tableClassName="w-full min-w-[44rem] text-sm">
            <thead className="bg-muted/50 text-left">
              <tr>
                <HeadCells
                  cells={[
                    [d.when, 'px-3 py-2 font-medium'],
                    [d.event, 'px-3 py-2 font-medium'],
                    [d.channel, 'px-3 py-2 font-medium'],
                    [d.status, 'px-3 py-2 font-medium'],
                    [d.attempts, 'px-3 py-2 text-right font-medium'],
                    [d.error, 'px-3 py-2 font-medium'],
                  ]}
                />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t align-top" data-testid="delivery-row" data-channel={r.channel} data-status={r.status}>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{when.format(new Date(r.createdAt))}</td>
                  <td className="px-3 py-2 break-keep">{ko.notifications.events[r.event]}</td>
                  <td className="whitespace-nowrap px-3 py-2">{ko.notifications.channels[r.channel]}</td>
                  <td className="px-3 py-2">
                    <Badge variant={variantOf(r.status)}>{d.statuses[r.status]}</Badge>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.attempts}</td>
                  <td className="max-w-64 break-all px-3 py-2 text-xs text-muted-foreground">{r.lastError ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </ScrollRegion>
        ) : null}
      </CardContent>
    </Card>
  );
}
