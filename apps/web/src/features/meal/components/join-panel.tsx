import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast, toastError } from '@/lib/toast';
import { ko } from '@suite/shared';
import { ZJoinMealInput, type TJoinMealInput, type TMeal } from '@suite/shared/schemas/meal';
import type { TMealUsual } from '@suite/shared/schemas/meal-transfers';
import { usualFirst } from '../lib/usual-menus';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSession } from '@/lib/session';
import { useDeclineMeal, useJoinMeal } from '../api/round-actions';

const t = ko.meal.ui;
// Blank boxes are left out of the request, as the schema's optional fields.
const optionalNumber = (v: string) => (v === '' ? undefined : Number(v));
const optionalText = (v: string) => v || undefined;

/** Join (or change the menu) with an optional client seed, or decline; until the deadline. */
export function JoinPanel({ meal, seedId, usual }: { meal: TMeal; seedId: string; usual?: TMealUsual | undefined }) {
  const { user } = useSession();
  const mine = meal.participants.find((p) => p.userId === user?.id && p.status === 'joined');
  const join = useJoinMeal(seedId, meal.id);
  const decline = useDeclineMeal(seedId, meal.id);
  const { register, handleSubmit, setError, formState } = useForm<TJoinMealInput, unknown, z.output<typeof ZJoinMealInput>>({
    resolver: zodResolver(ZJoinMealInput),
    defaultValues: {
      choice: mine?.choice ?? '', // nothing preselected: a member picks their own menu
      // A price is asked (and sent) only for a free choice.
      price: meal.mode === 'free' ? mine?.price : undefined,
      clientSeed: mine?.clientSeed ?? undefined,
    },
  });
  const submit = handleSubmit((body) =>
    join.mutate(body, { onSuccess: (r) => toast.success(r.message), onError: (e) => setError('root', { message: e.message }) }),
  );
  const err = (k: keyof TJoinMealInput) =>
    formState.errors[k]?.message ? <p className="text-sm text-destructive break-keep">{formState.errors[k]?.message}</p> : null;
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border p-4" noValidate aria-label={t.join}>
      {meal.mode === 'menu' ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t.fields.choice}</legend>
          {usualFirst(meal.options, usual).map(({ option: o, mark }) => (
            <label
              key={o.id}
              className="flex cursor-pointer items-center justify-between gap-3 rounded-md border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <span className="flex items-center gap-2">
                <input type="radio" value={o.id} {...register('choice')} className="size-4 accent-[hsl(var(--primary))]" />
                <span className="break-keep">{o.name}</span>
                {mark ? (
                  <span className="rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary break-keep" data-testid="usual-mark">
                    {mark === 'favourite' ? ko.meal.profile.ui.usualFavourite : ko.meal.profile.ui.usualFrequent}
                  </span>
                ) : null}
              </span>
              <span className="text-sm tabular-nums text-muted-foreground">{t.won(o.price)}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
          <div className="grid gap-1.5">
            <Label htmlFor="join-choice">{t.fields.choice}</Label>
            <Input id="join-choice" placeholder="참치김밥" {...register('choice')} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="join-price">{t.fields.price}</Label>
            <Input id="join-price" inputMode="numeric" {...register('price', { setValueAs: optionalNumber })} />
          </div>
        </div>
      )}
      {err('choice')}
      {err('price')}
      {meal.commitment ? (
        <div className="grid gap-1.5">
          <Label htmlFor="join-seed">{t.fields.clientSeed}</Label>
          <Input id="join-seed" autoComplete="off" {...register('clientSeed', { setValueAs: optionalText })} aria-describedby="join-seed-help" />
          <p id="join-seed-help" className="text-xs text-muted-foreground break-keep">
            {t.fields.clientSeedHelp}
          </p>
          {err('clientSeed')}
        </div>
      ) : null}
      {formState.errors.root?.message ? (
        <p role="alert" className="text-sm text-destructive break-keep">
          {formState.errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={decline.isPending}
          onClick={() => decline.mutate(undefined, { onSuccess: (r) => toast.success(r.message), onError: (e) => toastError(e) })}
        >
          {t.decline}
        </Button>
        <Button type="submit" disabled={join.isPending}>
          {meal.myStatus === 'joined' ? t.update : t.join}
        </Button>
      </div>
    </form>
  );
}
