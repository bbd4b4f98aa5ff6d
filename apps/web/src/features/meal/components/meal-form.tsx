import { useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Plus, Trash2 } from 'lucide-react';
import { ko } from '@suite/shared';
import { MEAL_SPLITS, ZCreateMealInput, type TMealSplit } from '@suite/shared/schemas/meal';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useCreateMeal } from '../api/create-meal';
import { useSeedMembers } from '../api/seed-members';
import { seoulLocalIn, seoulLocalToIso, seoulToday } from '../lib/seoul-date';

const t = ko.meal.ui;

type TFormValues = {
  title: string;
  date: string;
  deadlineLocal: string;
  mode: 'menu' | 'free';
  restaurant: string;
  options: { name: string; price: string }[];
  split: TMealSplit;
  sponsorId: string;
  payerCount: string;
};

/** Opens a round. The values are checked with the same zod schema as the server before sending. */
export function MealForm({ seedId, onDone }: { seedId: string; onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateMeal(seedId);
  const members = useSeedMembers(seedId);
  const { register, control, handleSubmit, watch, setError, formState } = useForm<TFormValues>({
    defaultValues: {
      title: '',
      date: seoulToday(),
      deadlineLocal: seoulLocalIn(60),
      mode: 'menu',
      restaurant: '',
      options: [{ name: '', price: '' }],
      split: 'ladder',
      sponsorId: '',
      payerCount: '1',
    },
  });
  const options = useFieldArray({ control, name: 'options' });
  const mode = watch('mode');
  const split = watch('split');

  const submit = handleSubmit((v) => {
    const body = {
      title: v.title,
      date: v.date,
      deadline: v.deadlineLocal ? seoulLocalToIso(v.deadlineLocal) : '',
      mode: v.mode,
      restaurant: v.restaurant,
      options: v.mode === 'menu' ? v.options.map((o) => ({ name: o.name, price: Number(o.price || NaN) })) : [],
      split: v.split,
      ...(v.split === 'sponsor' && v.sponsorId ? { sponsorId: v.sponsorId } : {}),
      payerCount: Number(v.payerCount),
    };
    const parsed = ZCreateMealInput.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'title');
        const name = (field === 'deadline' ? 'deadlineLocal' : field === 'options' ? 'options.0.name' : field) as 'title';
        setError(name, { message: issue.message });
      }
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (r) => {
        toast.success(r.message);
        onDone();
        void navigate(`/admin/services/meal/${r.data.id}`);
      },
      onError: (err) => setError('root', { message: err.message }),
    });
  });

  const err = (name: string) => {
    const e = name.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], formState.errors) as { message?: string } | undefined;
    return e?.message ? <p className="text-sm text-destructive break-keep">{e.message}</p> : null;
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label={t.newRound}>
      <div className="grid gap-1.5">
        <Label htmlFor="meal-title">{t.fields.title}</Label>
        <Input id="meal-title" placeholder="금요일 점심" {...register('title')} />
        {err('title')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="meal-date">{t.fields.date}</Label>
          <Input id="meal-date" type="date" {...register('date')} />
          {err('date')}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="meal-deadline">{t.fields.deadline}</Label>
          <Input id="meal-deadline" type="datetime-local" {...register('deadlineLocal')} />
          {err('deadlineLocal')}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="meal-mode">{t.fields.mode}</Label>
          <NativeSelect id="meal-mode" {...register('mode')}>
            <option value="menu">{t.fields.modeMenu}</option>
            <option value="free">{t.fields.modeFree}</option>
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="meal-restaurant">{t.fields.restaurant}</Label>
          <Input id="meal-restaurant" placeholder="김밥천국" {...register('restaurant')} />
          {err('restaurant')}
        </div>
      </div>
      {mode === 'menu' ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t.fields.options}</legend>
          {options.fields.map((f, i) => (
            <div key={f.id} className="flex items-start gap-2">
              <Input
                aria-label={`${t.fields.optionName} ${i + 1}`}
                placeholder={t.fields.optionName}
                className="min-w-0 flex-1"
                {...register(`options.${i}.name`)}
              />
              <Input
                aria-label={`${t.fields.optionPrice} ${i + 1}`}
                placeholder={t.fields.optionPrice}
                inputMode="numeric"
                className="w-28"
                {...register(`options.${i}.price`)}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`${t.fields.removeOption} ${i + 1}`}
                onClick={() => options.remove(i)}
                disabled={options.fields.length <= 1}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          {err('options.0.name')}
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => options.append({ name: '', price: '' })}>
            <Plus aria-hidden="true" /> {t.fields.addOption}
          </Button>
        </fieldset>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="meal-split">{t.fields.split}</Label>
          <NativeSelect id="meal-split" {...register('split')}>
            {MEAL_SPLITS.map((s) => (
              <option key={s} value={s}>
                {t.split[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {split === 'sponsor' ? (
          <div className="grid gap-1.5">
            <Label htmlFor="meal-sponsor">{t.fields.sponsor}</Label>
            <NativeSelect id="meal-sponsor" {...register('sponsorId')}>
              <option value="">—</option>
              {(members.data ?? []).map((m) => (
                <option key={m.user_id} value={m.user_id}>
                  {m.full_name}
                </option>
              ))}
            </NativeSelect>
            {err('sponsorId')}
          </div>
        ) : null}
        {split === 'ladder' || split === 'roulette' ? (
          <div className="grid gap-1.5">
            <Label htmlFor="meal-payers">{t.fields.payerCount}</Label>
            <Input id="meal-payers" type="number" min={1} max={10} {...register('payerCount')} />
            {err('payerCount')}
          </div>
        ) : null}
      </div>
      {formState.errors.root?.message ? (
        <p role="alert" className="text-sm text-destructive break-keep">
          {formState.errors.root.message}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {t.create}
        </Button>
      </div>
    </form>
  );
}
