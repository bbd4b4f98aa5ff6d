import { useState } from 'react';
import { ko, SERVICES } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAnalytics } from '@/features/console/api/get-analytics';
import { BarChart } from '@/components/bar-chart';

const t = ko.consoleUi.analytics;
const COLOURS = ['#2563eb', '#059669', '#d97706', '#db2777', '#7c3aed', '#64748b'];

/** YYYY-MM-DD in Asia/Seoul. */
function day(offsetDays: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date(Date.now() - offsetDays * 86_400_000));
}

export function AnalyticsPage() {
  const [from, setFrom] = useState(() => day(29));
  const [to, setTo] = useState(() => day(0));
  const q = useAnalytics(from, to);
  const preset = (days: number) => {
    setFrom(day(days - 1));
    setTo(day(0));
  };
  const data = q.data;
  const days = data?.signups.map((d) => d.day) ?? [];
  const services: string[] = [...SERVICES.map((s) => s.id), 'platform'];
  const names: Record<string, string> = Object.fromEntries(SERVICES.map((s) => [s.id, s.name]));
  names.platform = '플랫폼';
  const callSeries = services
    .map((id, i) => ({
      label: names[id] ?? id,
      colour: COLOURS[i % COLOURS.length]!,
      values: days.map((d) => data?.apiCalls.find((c) => c.day === d && c.service === id)?.count ?? 0),
    }))
    .filter((s) => s.values.some((v) => v > 0));
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="from">{t.from}</Label>
          <Input id="from" type="date" value={from} max={to} onChange={(e) => e.target.value && setFrom(e.target.value)} className="w-40" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="to">{t.to}</Label>
          <Input id="to" type="date" value={to} min={from} onChange={(e) => e.target.value && setTo(e.target.value)} className="w-40" />
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => preset(7)}>
            {t.range7}
          </Button>
          <Button variant="outline" size="sm" onClick={() => preset(30)}>
            {t.range30}
          </Button>
          <Button variant="outline" size="sm" onClick={() => preset(90)}>
            {t.range90}
          </Button>
        </div>
      </div>
      {q.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {q.error.message}
        </p>
      ) : null}
      {data ? (
        <div className="grid gap-4 xl:grid-cols-2">
          <Card>
            <CardContent className="p-5">
              <BarChart title={t.signups} days={days} series={[{ label: t.signups, colour: COLOURS[0]!, values: data.signups.map((d) => d.count) }]} />
            </CardContent>
          </Card>
          <Card>
            <CardContent className="p-5">
              <BarChart title={t.active} days={days} series={[{ label: t.active, colour: COLOURS[1]!, values: data.activeUsers.map((d) => d.count) }]} />
            </CardContent>
          </Card>
          <Card className="xl:col-span-2">
            <CardContent className="p-5">
              <BarChart
                title={t.calls}
                days={days}
                series={callSeries.length ? callSeries : [{ label: t.calls, colour: COLOURS[0]!, values: days.map(() => 0) }]}
              />
            </CardContent>
          </Card>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{ko.common.loading}</p>
      )}
    </div>
  );
}
