import { useState } from 'react';
import { Activity, Clock, Coins } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { BarChart } from '@/components/bar-chart';
import { StatCard } from '@/components/stat-card';
import { useSlackStats } from '../api/get-stats';

const t = ko.slack.ui.stats;
const COLOURS = { mentions: '#2563eb', summaries: '#059669', searches: '#d97706', tokens: '#7c3aed' };

/** Mentions, summaries, searches and tokens per day (Korean calendar days), as charts. */
export function StatsTab({ id }: { id: string }) {
  const [days, setDays] = useState(30);
  const q = useSlackStats(id, days);
  const d = q.data;
  const labels = d?.days.map((x) => x.day) ?? [];
  // "질문" counts every mention; summaries and searches are the kinds of answer, so the stack shows the rest as 기타.
  const other = d?.days.map((x) => Math.max(0, x.mentions - x.summaries - x.searches)) ?? [];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        {[7, 30, 90].map((n) => (
          <Button key={n} size="sm" variant={n === days ? 'default' : 'outline'} onClick={() => setDays(n)} aria-pressed={n === days}>
            {t.days(n)}
          </Button>
        ))}
      </div>
      {q.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {q.error.message}
        </p>
      ) : null}
      {q.isLoading ? (
        <p className="text-sm text-muted-foreground" role="status">
          {ko.slack.ui.loading}
        </p>
      ) : null}
      {d ? (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <StatCard label={t.totalEvents} value={d.total_events.toLocaleString('ko-KR')} caption={t.days(days)} icon={Activity} />
            <StatCard
              label={t.avgLatency}
              value={d.avg_latency_ms === null ? '-' : ko.slack.ui.logs.ms(d.avg_latency_ms)}
              caption={t.days(days)}
              icon={Clock}
            />
            <StatCard label={t.totalTokens} value={d.total_tokens.toLocaleString('ko-KR')} caption={t.days(days)} icon={Coins} />
          </div>
          <Card>
            <CardContent className="p-5">
              <BarChart
                title={t.events}
                days={labels}
                series={[
                  { label: t.summaries, colour: COLOURS.summaries, values: d.days.map((x) => x.summaries) },
                  { label: t.searches, colour: COLOURS.searches, values: d.days.map((x) => x.searches) },
                  { label: t.other, colour: COLOURS.mentions, values: other },
                ]}
              />
            </CardContent>
          </Card>
          <Card>
            <CardContent className="p-5">
              <BarChart title={t.tokens} days={labels} series={[{ label: t.tokensSeries, colour: COLOURS.tokens, values: d.days.map((x) => x.tokens) }]} />
            </CardContent>
          </Card>
        </>
      ) : null}
    </div>
  );
}
