/**
 * The public verify API of a game round's draw (issue 38): anyone with the link, no sign-in. Before the draw only the
 * commitment and the status; after it the server seed, the client seeds by user id, h and the payers. Names masked
 * (meal-slack.ts maskName), never e-mail addresses. Rounds that are not games answer 404 like unknown ids.
 */
import { isGameSplit, type TMealSplit } from '@suite/shared/schemas/meal';
import type { TMealVerify } from '@suite/shared/schemas/meal-verify';
import { koMealFairness } from '@suite/shared/messages/ko-meal-fairness';
import { AppError } from '../../lib/app-error.ts';
import type { TMealDeps } from './meal.deps.ts';
import { byUserId } from './meal.fairness.ts';
import { publicLabels } from './meal-slack.ts';
import * as repo from './meal.repository.ts';

export async function publicDraw(deps: TMealDeps, mealId: string): Promise<TMealVerify> {
  const meal = await repo.findMealById(deps.db, mealId);
  const split = meal?.split as TMealSplit | undefined;
  if (!meal || !split || !isGameSplit(split) || !meal.commitment) throw new AppError('NOT_FOUND', koMealFairness.server.verifyNotFound);
  const base: TMealVerify = {
    id: meal.id,
    title: meal.title,
    date: meal.mealDate,
    status: meal.status as TMealVerify['status'],
    split: split === 'ladder' ? 'ladder' : 'roulette',
    commitment: meal.commitment,
    payerCount: meal.payerCount,
    participants: [],
    slack: meal.slackChannel ? { channel: meal.slackChannel, posted: Boolean(meal.slackTs) } : null,
  };
  // The server seed exists from the start; it leaves the server only once the round is drawn.
  if (meal.status !== 'drawn' || !meal.serverSeed || !meal.h || !meal.payers) return base;
  const joined = byUserId((await repo.participantsOf(deps.db, [meal.id])).filter((p) => p.status === 'joined'));
  const labels = publicLabels(joined);
  return {
    ...base,
    participants: joined.map((p, i) => ({ userId: p.userId, label: labels[i]!, clientSeed: p.clientSeed ?? '' })),
    serverSeed: meal.serverSeed,
    h: meal.h,
    payers: meal.payers.map((p) => ({ userId: p.userId, label: labels[p.index] ?? '', index: p.index })),
  };
}
