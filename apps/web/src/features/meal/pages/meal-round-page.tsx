import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast, toastError } from '@/lib/toast';
import { ArrowLeft, Dices, Lock, Trash2 } from 'lucide-react';
import { ko } from '@suite/shared';
import { isGameSplit, type TMeal } from '@suite/shared/schemas/meal';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSession } from '@/lib/session';
import { useSeeds } from '@/lib/seed-context';
import { useMeal } from '../api/get-meal';
import { useDrawMeal } from '../api/draw-meal';
import { useCloseMeal, useDeleteMeal } from '../api/round-actions';
import { useMealStream } from '../api/use-meal-stream';
import { FairnessPanel } from '../components/fairness-panel';
import { GamePanel } from '../components/game-panel';
import { JoinPanel } from '../components/join-panel';
import { DietBlock } from '../components/diet-block';
import { useMealUsual } from '../api/meal-profile';
import { CompanyParts } from '../components/company-parts';
import { MealStatusBadge, NoSeed } from '../components/meal-status';
import { OutingParts } from '../components/outing-parts';
import { ReceiptPanel } from '../components/receipt-panel';
import { useGameSeen } from '../lib/game-seen';
import { deadlineBeside } from '../lib/seoul-date';

const t = ko.meal.ui;

/** /admin/services/meal/:mealId — one round: join, who is in, the order summary, the game and its verification. */
export function MealRoundPage() {
  const { selected } = useSeeds();
  const { mealId = '' } = useParams();
  if (!selected) return <NoSeed />;
  return <Round seedId={selected.id} mealId={mealId} />;
}

function Round({ seedId, mealId }: { seedId: string; mealId: string }) {
  useMealStream(seedId);
  const q = useMeal(seedId, mealId);
  if (q.isLoading) return <p className="text-sm text-muted-foreground">{t.loading}</p>;
  if (q.error || !q.data) return <p className="text-sm text-destructive">{q.error?.message}</p>;
  return <RoundView seedId={seedId} meal={q.data} />;
}

function HostActions({ seedId, meal }: { seedId: string; meal: TMeal }) {
  const navigate = useNavigate();
  const close = useCloseMeal(seedId, meal.id);
  const draw = useDrawMeal(seedId, meal.id);
  const del = useDeleteMeal(seedId, meal.id);
  const [confirming, setConfirming] = useState(false);
  if (!meal.canManage) return null;
  const game = isGameSplit(meal.split);
  return (
    <div className="flex flex-wrap gap-2">
      {meal.status === 'open' ? (
        <>
          <Button
            onClick={() => close.mutate(undefined, { onSuccess: (r) => toast.success(r.message), onError: (e) => toastError(e) })}
            disabled={close.isPending}
          >
            <Lock aria-hidden="true" /> {t.close}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" /> {t.delete}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t.delete}
            description={t.confirmDelete}
            confirmLabel={t.delete}
            destructive
            pending={del.isPending}
            onConfirm={() =>
              del.mutate(undefined, {
                onSuccess: (r) => (setConfirming(false), toast.success(r.message), void navigate('/admin/services/meal')),
                onError: (e) => toastError(e),
              })
            }
          />
        </>
      ) : null}
      {meal.status === 'closed' && game ? (
        <Button onClick={() => draw.mutate(undefined, { onError: (e) => toastError(e) })} disabled={draw.isPending}>
          <Dices aria-hidden="true" /> {t.draw}
        </Button>
      ) : null}
    </div>
  );
}

function RoundView({ seedId, meal }: { seedId: string; meal: TMeal }) {
  const { user } = useSession();
  const [seen, markSeen] = useGameSeen(user?.id ?? '', meal.id);
  // A drawn game's payer and shares stay hidden until this user has played or skipped the game.
  const hideResult = isGameSplit(meal.split) && !!meal.draw && !seen;
  const joined = meal.participants.filter((p) => p.status === 'joined');
  const declined = meal.participants.filter((p) => p.status === 'declined');
  const usual = useMealUsual(seedId).data;
  return (
    <div className="grid gap-4">
      <Link to="/admin/services/meal" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> {t.back}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold">
            {meal.title} <MealStatusBadge status={meal.status} />
          </h2>
          <p className="text-sm text-muted-foreground break-keep">
            {meal.date} · {t.deadlineAt(deadlineBeside(meal.date, meal.deadline))} · {t.split[meal.split]}
            {meal.payerCount > 1 ? ` ${meal.payerCount}${t.members}` : ''}
            {meal.restaurant ? ` · ${meal.restaurant}` : ''} · {t.host} {meal.host.name}
          </p>
        </div>
        <HostActions seedId={seedId} meal={meal} />
      </div>
      <OutingParts seedId={seedId} meal={meal} />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          {meal.status === 'open' ? <JoinPanel meal={meal} seedId={seedId} usual={usual} /> : null}
          <Card>
            <CardHeader>
              <CardTitle className="text-base">
                {t.participants} {joined.length}
                {t.members}
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <ul className="grid gap-1.5" data-testid="participants">
                {joined.map((p) => (
                  <li key={p.userId} className="flex items-center justify-between gap-2 text-sm">
                    <span className="font-medium">{p.name}</span>
                    <span className="text-right text-muted-foreground break-keep">
                      {p.choiceLabel} · {t.won(p.price)}
                    </span>
                  </li>
                ))}
              </ul>
              {declined.length ? (
                <p className="text-sm text-muted-foreground break-keep">
                  {t.declinedList}: {declined.map((p) => p.name).join(', ')}
                </p>
              ) : null}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t.summary}</CardTitle>
            </CardHeader>
            <CardContent>
              <table className="w-full text-sm">
                <tbody>
                  {meal.summary.items.map((i) => (
                    <tr key={i.label} className="border-b last:border-0">
                      <td className="py-1.5 break-keep">{i.label}</td>
                      <td className="py-1.5 text-right tabular-nums">{t.quantity(i.quantity)}</td>
                      <td className="py-1.5 text-right tabular-nums">{t.won(i.amount)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="font-semibold">
                    <td className="pt-2">{t.total}</td>
                    <td />
                    <td className="pt-2 text-right tabular-nums" data-testid="total">
                      {t.won(meal.summary.total)}
                    </td>
                  </tr>
                </tfoot>
              </table>
              {meal.shares.length && hideResult ? (
                <p className="mt-4 text-sm text-muted-foreground break-keep" data-testid="shares-hidden">
                  {t.sharesHidden}
                </p>
              ) : null}
              {meal.shares.length && !hideResult ? (
                <div className="mt-4 grid gap-1.5">
                  <p className="text-sm font-medium">{t.shares}</p>
                  {meal.paidBy ? <p className="text-xs text-muted-foreground">{t.paidBy(meal.paidBy.name)}</p> : null}
                  <ul className="grid gap-1 text-sm">
                    {meal.shares.map((s) => (
                      <li key={s.userId} className="flex justify-between">
                        <span>{s.name}</span>
                        <span className="tabular-nums">{t.won(s.amount)}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {hideResult ? null : <CompanyParts meal={meal} />}
              <DietBlock seedId={seedId} mealId={meal.id} />
            </CardContent>
          </Card>
        </div>
        <div className="grid content-start gap-4">
          <ReceiptPanel seedId={seedId} meal={meal} />
          {meal.draw ? <GamePanel meal={meal} seen={seen} onSeen={markSeen} /> : null}
          {meal.commitment ? <FairnessPanel meal={meal} /> : null}
        </div>
      </div>
    </div>
  );
}
