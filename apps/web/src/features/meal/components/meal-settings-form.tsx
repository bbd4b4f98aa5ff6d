import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import { MEAL_SPENDERS, ZMealSettingsInput, type TMealSettings } from '@suite/shared/schemas/meal-policy';
import type { TSeedMember } from '@suite/shared';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useSaveMealSettings } from '../api/meal-settings';

const t = koMealPolicy.ui;

/** Numbers typed as text, turned into the request the shared schema checks (the same schema as the server). */
const ZSettingsForm = z
  .object({
    reminderEveryDays: z.string(),
    reminderHour: z.string(),
    subsidyPerDay: z.string(),
    companyCardHolderId: z.string(),
    spenders: ZMealSettingsInput.shape.spenders,
    spenderIds: z.array(z.string()),
  })
  .transform((v): z.input<typeof ZMealSettingsInput> => ({
    reminderEveryDays: Number(v.reminderEveryDays || NaN),
    reminderHour: Number(v.reminderHour || NaN),
    subsidyPerDay: Number(v.subsidyPerDay.replace(/,/g, '') || NaN),
    companyCardHolderId: v.companyCardHolderId || null,
    spenders: v.spenders,
    spenderIds: v.spenders === 'listed' ? v.spenderIds : [],
  }))
  .pipe(ZMealSettingsInput);

type TFields = z.input<typeof ZSettingsForm>;
const FIELDS = ['reminderEveryDays', 'reminderHour', 'subsidyPerDay', 'companyCardHolderId', 'spenders', 'spenderIds'] as const;

/** The seed's meal settings (issue 38): the policy and reminders. Read-only for members who may not manage. */
export function MealSettingsForm({ seedId, settings, members }: { seedId: string; settings: TMealSettings; members: TSeedMember[] }) {
  const save = useSaveMealSettings(seedId);
  const { register, handleSubmit, watch, setError, formState } = useForm<TFields, unknown, z.output<typeof ZSettingsForm>>({
    resolver: zodResolver(ZSettingsForm),
    defaultValues: {
      reminderEveryDays: String(settings.reminderEveryDays),
      reminderHour: String(settings.reminderHour),
      subsidyPerDay: String(settings.subsidyPerDay),
      companyCardHolderId: settings.companyCardHolderId ?? '',
      spenders: settings.spenders,
      spenderIds: settings.spenderIds,
    },
  });
  const errors = formState.errors;
  const spenders = watch('spenders');
  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (r) => toast.success(r.message),
      onError: (err) => {
        const details = err instanceof ApiError ? (err.details ?? []) : [];
        for (const d of details) {
          const field = FIELDS.find((f) => d.path === f || d.path.startsWith(`${f}.`));
          if (field) setError(field, { message: d.message });
        }
        if (details.length === 0) setError('root', { message: err.message });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t.settingsTitle} className="grid gap-4">
      <fieldset disabled={!settings.canManage} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-1.5">
            <Label htmlFor="meal-subsidy">{t.subsidyPerDay}</Label>
            <Input id="meal-subsidy" inputMode="numeric" {...register('subsidyPerDay')} aria-invalid={Boolean(errors.subsidyPerDay)} />
            <p className="text-xs text-muted-foreground break-keep">{t.subsidyHelp}</p>
            <FieldError message={errors.subsidyPerDay?.message} />
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor="meal-card-holder">{t.companyCardHolder}</Label>
            <NativeSelect id="meal-card-holder" {...register('companyCardHolderId')}>
              <option value="">{t.noHolder}</option>
              {members.map((m) => (
                <option key={m.user_id} value={m.user_id}>
                  {m.full_name}
                </option>
              ))}
            </NativeSelect>
            <FieldError message={errors.companyCardHolderId?.message} />
          </div>
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor="meal-spenders">{t.spenders}</Label>
          <NativeSelect id="meal-spenders" {...register('spenders')}>
            {MEAL_SPENDERS.map((s) => (
              <option key={s} value={s}>
                {t.spenderOptions[s]}
              </option>
            ))}
          </NativeSelect>
          <FieldError message={errors.spenders?.message} />
        </div>
        {spenders === 'listed' ? (
          <fieldset className="grid gap-1.5">
            <legend className="mb-1 text-sm font-medium">{t.spenderIds}</legend>
            <div className="grid gap-1.5 sm:grid-cols-2 lg:grid-cols-3">
              {members.map((m) => (
                <label key={m.user_id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" value={m.user_id} className="size-4 accent-primary" {...register('spenderIds')} />
                  <span className="truncate">{m.full_name}</span>
                </label>
              ))}
            </div>
            <FieldError message={errors.spenderIds?.message ?? errors.spenderIds?.root?.message} />
          </fieldset>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-1.5">
            <Label htmlFor="meal-remind-days">{t.reminderEveryDays}</Label>
            <Input id="meal-remind-days" type="number" min={0} max={30} {...register('reminderEveryDays')} />
            <FieldError message={errors.reminderEveryDays?.message} />
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor="meal-remind-hour">{t.reminderHour}</Label>
            <Input id="meal-remind-hour" type="number" min={0} max={23} {...register('reminderHour')} />
            <FieldError message={errors.reminderHour?.message} />
          </div>
        </div>
      </fieldset>
      <FieldError message={errors.root?.message} />
      {settings.canManage ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t.saving : t.save}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground break-keep">{t.readOnly}</p>
      )}
    </form>
  );
}
