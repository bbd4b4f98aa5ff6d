import { useState } from 'react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { HeadCells } from '@/components/head-cells';
import { CardScrollRegion } from '@/components/scroll-region';
import { useBookingLogs } from '../api/booking-logs';
import { NoSeed, useSelectedSeed } from '../components/use-seed-id';

const t = ko.rooms.ui;
const actions = ko.rooms.actions;

export function RoomLogsPage() {
  const { seed } = useSelectedSeed();
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  if (!seed) return <NoSeed />;
  return (
    <Card>
      <CardScrollRegion label={ko.consoleUi.titles.scheduleLogs.title} className="pt-6" tableClassName="w-full min-w-[36rem] text-sm">
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <HeadCells cells={[[t.when, 'py-1'], [t.who], [t.what], [t.room]]} />
          </tr>
        </thead>
        {pages.map((before, i) => (
          <LogRows key={before ?? 'first'} seedId={seed.id} before={before} last={i === pages.length - 1} onMore={(n) => setPages([...pages, n])} />
        ))}
      </CardScrollRegion>
    </Card>
  );
}

function LogRows({ seedId, before, last, onMore }: { seedId: string; before: number | undefined; last: boolean; onMore: (n: number) => void }) {
  const logs = useBookingLogs(seedId, before);
  if (logs.isError)
    return (
      <tbody>
        <tr>
          <td colSpan={4} role="alert" className="text-destructive">
            {logs.error.message}
          </td>
        </tr>
      </tbody>
    );
  if (!logs.data)
    return (
      <tbody>
        <tr>
          <td colSpan={4} className="text-muted-foreground">
            {t.loading}
          </td>
        </tr>
      </tbody>
    );
  return (
    <tbody>
      {logs.data.data.length === 0 && !before ? (
        <tr>
          <td colSpan={4} className="py-2 text-muted-foreground">
            {t.noData}
          </td>
        </tr>
      ) : null}
      {logs.data.data.map((l) => (
        <tr key={l.id} className="border-t align-top">
          <td className="whitespace-nowrap py-1.5 pr-2 tabular-nums">{new Date(l.at).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' })}</td>
          <td className="whitespace-nowrap pr-2">{l.actor ? l.actor.name : t.system}</td>
          <td className="pr-2 break-keep">{`${actions[l.action] ?? l.action}${l.title ? ` · ${l.title}` : ''}${typeof l.detail.slot === 'string' ? ` · ${l.detail.slot}` : ''}`}</td>
          <td>{l.roomName ?? ''}</td>
        </tr>
      ))}
      {last && logs.data.nextBefore ? (
        <tr>
          <td colSpan={4} className="pt-2">
            <Button size="sm" variant="outline" onClick={() => onMore(logs.data.nextBefore!)}>
              {t.more}
            </Button>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
