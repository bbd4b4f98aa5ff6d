import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { toast } from '@/lib/toast';
import { Plus, Trash2 } from 'lucide-react';
import { ko } from '@suite/shared';
import { MEAL_SPLITS, ZCreateMealInput } from '@suite/shared/schemas/meal';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useCreateMeal } from '../api/create-meal';
import { useNextPart } from '../api/meal-outings';
import { useSeedMembers } from '../api/seed-members';
import { seoulLocalIn, seoulLocalToIso, seoulToday } from '../lib/seoul-date';
import { FieldError } from '@/components/ui/field-error';
import { SlackChannelField } from './slack-channel-field';
import { PolicyFields } from './policy-fields';

const t = ko.meal.ui;

/** The form's fields as typed (a Seoul wall time, prices and counts as text), turned into the request the shared schema checks. */
const ZMealForm = z
  .object({
    title: z.string(),
    date: z.string(),
    deadline: z.string(),
    mode: ZCreateMealInput.shape.mode,
    restaurant: z.string(),
    options: z.array(z.object({ name: z.string(), price: z.string() })),
    split: ZCreateMealInput.shape.split,
    sponsorId: z.string(),
    payerCount: z.string(),
    slackChannel: z.string(),
    /** Issue 38: the company meal policy (sent only when the viewer may spend: `policy`). */
    policy: z.boolean(),
    applyPolicy: z.boolean(),
    payWith: z.enum(['member', 'company_card']),
  })
  .transform((v): z.input<typeof ZCreateMealInput> => ({
    title: v.title,
    date: v.date,
    deadline: v.deadline ? seoulLocalToIso(v.deadline) : '',
    mode: v.mode,
    restaurant: v.restaurant,
    options: v.mode === 'menu' ? v.options.map((o) => ({ name: o.name, price: Number(o.price || NaN) })) : [],
    split: v.split,
    ...(v.split === 'sponsor' && v.sponsorId ? { sponsorId: v.sponsorId } : {}),
    payerCount: Number(v.payerCount),
    ...((v.split === 'ladder' || v.split === 'roulette') && v.slackChannel.trim() ? { slackChannel: v.slackChannel.trim() } : {}),
    ...(v.policy ? { applyPolicy: v.applyPolicy, payWith: v.payWith } : {}),
  }))
  .pipe(ZCreateMealInput);

/** Opens a round. The values are checked with the same zod schema as the server before sending. */
/** `nextPart` (issue 38): the form opens the next part (2차 …) of that round's outing, prefilled with its title and date. */
export function MealForm({ seedId, onDone, nextPart }: { seedId: string; onDone: () => void; nextPart?: { mealId: string; title: string; date: string } }) {
  const navigate = useNavigate();
  const created = useCreateMeal(seedId);
  const next = useNextPart(seedId, nextPart?.mealId ?? '');
  const create = nextPart ? next : created;
  const members = useSeedMembers(seedId);
  const { register, control, handleSubmit, watch, setError, setValue, formState } = useForm<z.input<typeof ZMealForm>, unknown, z.output<typeof ZMealForm>>({
    resolver: zodResolver(ZMealForm),
    defaultValues: {
      title: nextPart?.title ?? '',
      date: nextPart?.date ?? seoulToday(),
      deadline: seoulLocalIn(60),
      mode: 'menu',
      restaurant: '',
      options: [{ name: '', price: '' }],
      split: 'ladder',
      sponsorId: '',
      payerCount: '1',
      slackChannel: '',
      policy: false,
      applyPolicy: false,
      payWith: 'member',
    },
  });
  const options = useFieldArray({ control, name: 'options' });
  const mode = watch('mode');
  const split = watch('split');

  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (r) => {
        toast.success(r.message);
        onDone();
        void navigate(`/admin/services/meal/${r.data.id}`);
      },
      onError: (err) => setError('root', { message: err.message }),
    }),
  );
  const errors = formState.errors;
  // One message under the options: the list's own, else the first option's.
  const optionsError = errors.options?.message ?? errors.options?.map?.((o) => o?.name?.message ?? o?.price?.message).find(Boolean);

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label={nextPart ? nextPart.title : t.newRound}>
      <div className="grid gap-1.5">
        <Label htmlFor="meal-title">{t.fields.title}</Label>
        <Input id="meal-title" placeholder="금요일 점심" {...register('title')} />
        <FieldError message={errors.title?.message} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="meal-date">{t.fields.date}</Label>
          <Input id="meal-date" type="date" {...register('date')} />
          <FieldError message={errors.date?.message} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="meal-deadline">{t.fields.deadline}</Label>
          <Input id="meal-deadline" type="datetime-local" {...register('deadline')} />
          <FieldError message={errors.deadline?.message} />
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
          <FieldError message={errors.restaurant?.message} />
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
          <FieldError message={optionsError} />
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
            <FieldError message={errors.sponsorId?.message} />
          </div>
        ) : null}
        {split === 'ladder' || split === 'roulette' ? (
          <div className="grid gap-1.5">
            <Label htmlFor="meal-payers">{t.fields.payerCount}</Label>
            <Input id="meal-payers" type="number" min={1} max={10} {...register('payerCount')} />
            <FieldError message={errors.payerCount?.message} />
          </div>
        ) : null}
        {split === 'ladder' || split === 'roulette' ? (
          <SlackChannelField seedId={seedId} field={register('slackChannel')} error={errors.slackChannel?.message} />
        ) : null}
      </div>
      <PolicyFields
        seedId={seedId}
        applyPolicy={register('applyPolicy')}
        payWith={register('payWith')}
        onReady={(s) => {
          setValue('policy', s.canSpend);
          setValue('applyPolicy', s.canSpend && s.policyActive);
        }}
      />
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
