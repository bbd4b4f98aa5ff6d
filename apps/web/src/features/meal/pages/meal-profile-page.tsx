import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ko } from '@suite/shared';
import { MEAL_BANKS, ZMealProfileInput, type TMealProfile } from '@suite/shared/schemas/meal-transfers';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { toast, toastError } from '@/lib/toast';
import { useMealProfile, useSaveMealProfile } from '../api/meal-profile';

const t = ko.meal.profile.ui;

/** The form's fields: the profile with the two label lists as comma-separated text. */
type TForm = Omit<TMealProfile, 'updatedAt' | 'dietary' | 'favourites'> & { dietary: string; favourites: string };
const FIELDS = ['bankName', 'accountNumber', 'accountHolder', 'kakaoPayLink', 'dietary', 'dietaryNote', 'favourites'] as const;
const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** /admin/services/meal/profile — 내 식사 프로필: the account to be paid into, Kakao Pay 송금코드, dietary notes, favourites. */
export function MealProfilePage() {
  const q = useMealProfile();
  if (q.isLoading) return <p className="text-sm text-muted-foreground">{ko.meal.ui.loading}</p>;
  if (q.error || !q.data) return <p className="text-sm text-destructive">{q.error?.message}</p>;
  return <ProfileForm profile={q.data} />;
}

function ProfileForm({ profile }: { profile: TMealProfile }) {
  const save = useSaveMealProfile();
  const { register, handleSubmit, setError, formState } = useForm<TForm>({
    defaultValues: { ...profile, dietary: profile.dietary.join(', '), favourites: profile.favourites.join(', ') },
  });
  // The same schema as the server's: field errors shown under their fields, before and after the request.
  const fieldErrors = (issues: { path: string; message: string }[]) => {
    for (const i of issues) {
      const field = FIELDS.find((f) => i.path === f || i.path.startsWith(`${f}.`));
      setError(field ?? 'root', { message: i.message });
    }
  };
  const submit = handleSubmit((form) => {
    const body = { ...form, dietary: list(form.dietary), favourites: list(form.favourites) };
    const parsed = ZMealProfileInput.safeParse(body);
    if (!parsed.success) return fieldErrors(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    save.mutate(parsed.data, {
      onSuccess: (r) => toast.success(r.message),
      onError: (e) => (e instanceof ApiError && e.details?.length ? fieldErrors(e.details) : toastError(e)),
    });
  });
  const err = (k: keyof TForm) => <FieldError message={formState.errors[k]?.message} />;
  return (
    <div className="grid max-w-2xl gap-4">
      <Link to="/admin/services/meal" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> {ko.meal.ui.back}
      </Link>
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">{t.title}</h2>
        <p className="text-sm text-muted-foreground break-keep">{t.description}</p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t.title}>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t.account}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="profile-bank">{t.bankName}</Label>
              <NativeSelect id="profile-bank" {...register('bankName')}>
                <option value="">{t.bankPlaceholder}</option>
                {MEAL_BANKS.map((b) => (
                  <option key={b} value={b}>
                    {b}
                  </option>
                ))}
              </NativeSelect>
              {err('bankName')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="profile-holder">{t.accountHolder}</Label>
              <Input id="profile-holder" autoComplete="name" {...register('accountHolder')} />
              {err('accountHolder')}
            </div>
            <div className="grid gap-1.5 sm:col-span-2">
              <Label htmlFor="profile-account">{t.accountNumber}</Label>
              <Input id="profile-account" inputMode="numeric" autoComplete="off" placeholder="110-123-456789" {...register('accountNumber')} />
              {err('accountNumber')}
            </div>
            <div className="grid gap-1.5 sm:col-span-2">
              <Label htmlFor="profile-kakao">{t.kakaoPayLink}</Label>
              <Input
                id="profile-kakao"
                type="url"
                inputMode="url"
                placeholder="https://qr.kakaopay.com/…"
                {...register('kakaoPayLink')}
                aria-describedby="profile-kakao-help"
              />
              <p id="profile-kakao-help" className="text-xs text-muted-foreground break-keep">
                {t.kakaoPayHelp}
              </p>
              {err('kakaoPayLink')}
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t.diet}</CardTitle>
            <CardDescription className="break-keep">{t.dietaryHelp}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="profile-dietary">{t.dietary}</Label>
              <Input id="profile-dietary" placeholder="땅콩 알레르기, 돼지고기 안 먹음" {...register('dietary')} />
              {err('dietary')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="profile-note">{t.dietaryNote}</Label>
              <Textarea id="profile-note" rows={3} maxLength={200} {...register('dietaryNote')} />
              {err('dietaryNote')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="profile-favourites">{t.favourites}</Label>
              <Input id="profile-favourites" placeholder="김치찌개, 제육볶음" {...register('favourites')} aria-describedby="profile-favourites-help" />
              <p id="profile-favourites-help" className="text-xs text-muted-foreground break-keep">
                {t.favouritesHelp}
              </p>
              {err('favourites')}
            </div>
          </CardContent>
        </Card>
        {formState.errors.root?.message ? (
          <p role="alert" className="text-sm text-destructive break-keep">
            {formState.errors.root.message}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {t.save}
          </Button>
        </div>
      </form>
    </div>
  );
}
