import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { ko } from '@suite/shared';
import type { TMeal } from '@suite/shared/schemas/meal';
import type { TMealOuting } from '@suite/shared/schemas/meal-outings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useOuting } from '../api/meal-outings';
import { MealForm } from './meal-form';
import { OutingSummary } from './outing-summary';

const o = ko.meal.outing;

/**
 * The parts of the round's outing as chips (1차 · 2차 …, the current one marked), "N차 추가" for whoever may open the
 * next part, and the per-person summary over the parts. Nothing for a round on its own that the user cannot extend.
 */
export function OutingParts({ seedId, meal }: { seedId: string; meal: TMeal }) {
  const outing = useOuting(seedId, meal.outingId);
  const [adding, setAdding] = useState(false);
  if (!meal.outingId && !meal.canManage) return null;
  const parts: Pick<TMealOuting['parts'][number], 'id' | 'partNo' | 'title' | 'status'>[] = outing.data?.parts ?? [meal];
  const nextNo = Math.max(...parts.map((p) => p.partNo)) + 1;
  const firstTitle = parts[0]?.title ?? meal.title;
  return (
    <div className="grid gap-3" data-testid="outing-parts">
      <nav aria-label={o.ui.parts} className="flex flex-wrap items-center gap-2">
        {parts.map((p) => (
          <Link
            key={p.id}
            to={`/admin/services/meal/${p.id}`}
            aria-current={p.id === meal.id ? 'page' : undefined}
            data-testid={`outing-part-${p.partNo}`}
            className={cn(
              'inline-flex min-h-9 items-center rounded-full border px-3 text-sm break-keep',
              p.id === meal.id ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
            )}
          >
            {o.ui.partLabel(p.partNo)}
            {p.status !== 'open' ? <span className="ml-1 text-xs opacity-80">· {ko.meal.ui.status[p.status]}</span> : null}
          </Link>
        ))}
        {meal.canManage && !adding ? (
          <Button size="sm" variant="outline" onClick={() => setAdding(true)} data-testid="outing-add-part">
            <Plus aria-hidden="true" /> {o.ui.addPart(nextNo)}
          </Button>
        ) : null}
      </nav>
      {adding ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{o.ui.addPartTitle(nextNo)}</CardTitle>
          </CardHeader>
          <CardContent>
            <MealForm
              seedId={seedId}
              onDone={() => setAdding(false)}
              nextPart={{ mealId: meal.id, title: o.server.partTitle(firstTitle, nextNo).slice(0, 60), date: meal.date }}
            />
          </CardContent>
        </Card>
      ) : null}
      {outing.data && outing.data.parts.length > 1 ? <OutingSummary outing={outing.data} /> : null}
    </div>
  );
}
