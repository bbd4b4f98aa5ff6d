import { useState } from 'react';
import { Activity, Boxes, Coins, Plus, Sprout, Users } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { ScrollRegion } from '@/components/scroll-region';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { HeadCells } from '@/components/head-cells';
import { CreateSeedDialog } from '@/features/console/components/create-seed-dialog';
import { useSeeds } from '@/lib/seed-context';
import { useSession } from '@/lib/session';
import type { TConsoleSummaryResponse } from '@suite/shared/schemas/admin';
import { useConsoleSummary } from '@/features/console/api/get-console-summary';
import { useOverview } from '@/features/console/api/get-overview';
import { StatCard } from '@/components/stat-card';
import { ServiceStatusBadge } from '@/features/console/components/status-badge';

const t = ko.consoleUi.overview;
/** A service row: the summary's fields, plus revenue, growth and description when the admin overview has them. */
type TServiceRow = TConsoleSummaryResponse['services'][number] & { revenue?: number; growth?: number | null; description?: string };
const num = (n: number) => n.toLocaleString('ko-KR');
const won = (n: number) => `₩${num(n)}`;

function ServicesTable({ rows, withMoney }: { rows: TServiceRow[]; withMoney: boolean }) {
  return (
    <ScrollRegion label={t.services} className="rounded-sm" tableClassName="w-full min-w-[560px] text-sm">
      <thead className="text-left text-muted-foreground">
        <tr className="border-b">
          <HeadCells
            cells={[
              [t.colService, 'py-2 pr-3 font-medium'],
              [t.colStatus, 'py-2 pr-3 font-medium'],
              [withMoney ? t.colUsers : t.colUsers30, 'py-2 pr-3 text-right font-medium'],
              [withMoney ? t.colCalls : t.colCalls30, 'py-2 pr-3 text-right font-medium'],
              ...(withMoney
                ? ([
                    [t.colRevenue, 'py-2 pr-3 text-right font-medium'],
                    [t.colGrowth, 'py-2 text-right font-medium'],
                  ] as const)
                : []),
            ]}
          />
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <tr key={s.id} className="border-b last:border-0">
            <td className="py-2.5 pr-3 font-medium">{s.name}</td>
            <td className="py-2.5 pr-3">
              <ServiceStatusBadge status={s.status} />
            </td>
            <td className="py-2.5 pr-3 text-right tabular-nums">{num(s.users)}</td>
            <td className="py-2.5 pr-3 text-right tabular-nums">{num(s.apiCalls)}</td>
            {withMoney ? <td className="py-2.5 pr-3 text-right tabular-nums">{won(s.revenue ?? 0)}</td> : null}
            {withMoney ? (
              <td className={`py-2.5 text-right tabular-nums ${s.growth != null && s.growth > 0 ? 'text-emerald-700 dark:text-emerald-400' : ''}`}>
                {s.growth == null ? t.noGrowth : `${s.growth > 0 ? '+' : ''}${s.growth.toFixed(1)}%`}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </ScrollRegion>
  );
}

/** A member with no seed: what a seed is, and the two ways forward (make one, or be invited). */
function NoSeeds() {
  const [open, setOpen] = useState(false);
  return (
    <Card data-testid="no-seeds">
      <CardContent className="flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center">
        <Sprout className="size-8 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold break-keep">{t.noSeedsTitle}</h2>
          <p className="mt-1 text-sm text-muted-foreground break-keep">{t.noSeedsBody}</p>
        </div>
        <Button onClick={() => setOpen(true)}>
          <Plus aria-hidden="true" /> {t.noSeedsCreate}
        </Button>
      </CardContent>
      <CreateSeedDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}

export function OverviewPage() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const overview = useOverview(isAdmin);
  const { selected, isLoading: seedsLoading } = useSeeds();
  // The selected seed's figures: its owner, its members and a platform admin among them see the same numbers.
  const summary = useConsoleSummary(!seedsLoading && (!isAdmin || Boolean(selected)), selected?.id);
  const error = overview.error ?? summary.error;
  if (error)
    return (
      <p className="text-sm text-destructive" role="alert">
        {error.message}
      </p>
    );
  if (isAdmin) {
    const o = overview.data;
    return (
      <div className="grid grid-cols-1 gap-6">
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard
            label={t.totalUsers}
            icon={Users}
            value={o ? num(o.users.total) : '…'}
            caption={o ? t.usersCaption(o.users.newThisMonth, o.users.newLastMonth) : ko.common.loading}
          />
          <StatCard
            label={t.apiCalls}
            icon={Activity}
            value={o ? num(o.apiCalls.thisMonth) : '…'}
            caption={o ? t.apiCaption(o.apiCalls.today) : ko.common.loading}
          />
          <StatCard label={t.revenue} icon={Coins} value={o ? won(o.revenue.thisMonth) : '…'} caption={t.revenueCaption} />
        </div>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t.services}</CardTitle>
          </CardHeader>
          <CardContent>{o ? <ServicesTable rows={o.services} withMoney /> : <p className="text-sm text-muted-foreground">{ko.common.loading}</p>}</CardContent>
        </Card>
        {selected && summary.data ? (
          <Card data-testid="seed-services">
            <CardHeader>
              <CardTitle className="text-lg break-keep">{t.seedServices(selected.seed_name)}</CardTitle>
            </CardHeader>
            <CardContent>
              <ServicesTable rows={summary.data.services} withMoney={false} />
            </CardContent>
          </Card>
        ) : null}
      </div>
    );
  }
  const s = summary.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <p className="text-sm text-muted-foreground break-keep">{selected ? t.seedNote(selected.seed_name) : t.memberNote}</p>
      {s && s.seeds === 0 ? <NoSeeds /> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label={t.mySeeds} icon={Boxes} value={s ? num(s.seeds) : '…'} caption={t.mySeedsCaption} />
      </div>
      <Card data-testid="seed-services">
        <CardHeader>
          <CardTitle className="text-lg">{t.myServices}</CardTitle>
        </CardHeader>
        <CardContent>
          {s ? <ServicesTable rows={s.services} withMoney={false} /> : <p className="text-sm text-muted-foreground">{ko.common.loading}</p>}
        </CardContent>
      </Card>
    </div>
  );
}
