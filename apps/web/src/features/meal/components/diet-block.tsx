import { Leaf } from 'lucide-react';
import { ko } from '@suite/shared';
import { useMealDiet } from '../api/meal-profile';

const t = ko.meal.profile.ui;

/** 식이 참고 in the order summary: joined participants' allergies and notes, for whoever places the order. */
export function DietBlock({ seedId, mealId }: { seedId: string; mealId: string }) {
  const q = useMealDiet(seedId, mealId);
  if (!q.data) return null;
  return (
    <div
      className="mt-4 grid gap-1.5 rounded-md border border-amber-300/60 bg-amber-50 p-3 text-sm dark:border-amber-500/30 dark:bg-amber-950/30"
      data-testid="diet-block"
    >
      <p className="flex items-center gap-1.5 font-medium">
        <Leaf className="size-4" aria-hidden="true" /> {t.dietBlock}
      </p>
      {q.data.length === 0 ? <p className="text-muted-foreground break-keep">{t.dietEmpty}</p> : null}
      <ul className="grid gap-1">
        {q.data.map((p) => (
          <li key={p.userId} className="break-keep">
            <span className="font-medium">{p.name}</span>
            {p.dietary.length ? <span> · {p.dietary.join(', ')}</span> : null}
            {p.dietaryNote ? <span className="block text-xs text-muted-foreground">{p.dietaryNote}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
