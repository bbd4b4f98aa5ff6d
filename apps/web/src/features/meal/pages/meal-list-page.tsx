import { useState } from 'react';
import { Link } from 'react-router';
import { Plus, UserRound, Wallet } from 'lucide-react';
import { ko } from '@suite/shared';
import type { TMeal } from '@suite/shared/schemas/meal';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useSeeds } from '@/lib/seed-context';
import { useMeals } from '../api/list-meals';
import { useMealStream } from '../api/use-meal-stream';
import { MealForm } from '../components/meal-form';
import { MealStatusBadge, NoSeed } from '../components/meal-status';
import { seoulTime, seoulToday } from '../lib/seoul-date';

const t = ko.meal.ui;

/** /admin/services/meal: today's rounds, open rounds, history; opening a new round. */
export function MealListPage() {
  const { selected } = useSeeds();
  if (!selected) return <NoSeed />;
  return <MealList seedId={selected.id} />;
}

function MealRow({ meal }: { meal: TMeal }) {
  const joined = meal.participants.filter((p) => p.status === 'joined').length;
  return (
    <li>
      <Link to={`/admin/services/meal/${meal.id}`} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2.5 hover:bg-accent">
        <span className="grid min-w-0 gap-0.5">
          <span className="truncate font-medium">{meal.title}</span>
          <span className="text-xs text-muted-foreground break-keep">
            {meal.date} · {t.split[meal.split]} · {t.deadlineAt(seoulTime(meal.deadline))}
          </span>
        </span>
        <span className="flex items-center gap-2 text-sm">
          <span className="tabular-nums text-muted-foreground">
            {joined}
            {t.members}
          </span>
          <MealStatusBadge status={meal.status} />
        </span>
      </Link>
    </li>
  );
}

function Section({ title, meals }: { title: string; meals: TMeal[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {meals.length ? (
          <ul className="grid gap-2">
            {meals.map((m) => (
              <MealRow key={m.id} meal={m} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t.empty}</p>
        )}
      </CardContent>
    </Card>
  );
}

function MealList({ seedId }: { seedId: string }) {
  const live = useMealStream(seedId);
  const meals = useMeals(seedId);
  const [creating, setCreating] = useState(false);
  const all = meals.data ?? [];
  const today = seoulToday();
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-xl font-semibold">{t.title}</h2>
          <p className="text-sm text-muted-foreground break-keep">{t.description}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className={`shrink-0 whitespace-nowrap text-xs ${live === 'live' ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground'}`}>
            ● {live === 'live' ? t.live : t.offline}
          </span>
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/services/meal/ledger">
              <Wallet aria-hidden="true" /> {t.ledger}
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/services/meal/profile">
              <UserRound aria-hidden="true" /> {ko.meal.transfers.ui.profileLink}
            </Link>
          </Button>
          <Button size="sm" onClick={() => setCreating(true)} disabled={creating}>
            <Plus aria-hidden="true" /> {t.newRound}
          </Button>
        </div>
      </div>
      {creating ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t.newRound}</CardTitle>
          </CardHeader>
          <CardContent>
            <MealForm seedId={seedId} onDone={() => setCreating(false)} />
          </CardContent>
        </Card>
      ) : null}
      {meals.isLoading ? <p className="text-sm text-muted-foreground">{t.loading}</p> : null}
      {meals.error ? <p className="text-sm text-destructive">{meals.error.message}</p> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={t.today} meals={all.filter((m) => m.date === today)} />
        <Section title={t.open} meals={all.filter((m) => m.status === 'open')} />
      </div>
      <Section title={t.history} meals={all.filter((m) => m.status !== 'open')} />
    </div>
  );
}
