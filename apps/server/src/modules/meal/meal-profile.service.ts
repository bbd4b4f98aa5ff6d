/**
 * The meal profile (issue 38): one per account — where to send money (the 송금 links are built from it), dietary labels
 * and a note for the orderer, favourite menus. A person reads and writes only their own; others see parts of it
 * through the transfers (the account, to those who owe them) and the round's diet block (labels, to the seed's members).
 */
import { ko } from '@suite/shared';
import type { TMealDiet, TMealProfile, TMealProfileInput, TMealUsual } from '@suite/shared/schemas/meal-transfers';
import { ZMealProfileInput } from '@suite/shared/schemas/meal-transfers';
import { AppError } from '../../lib/app-error.ts';
import { seedFor } from '../seeds/seeds.service.ts';
import type { TMealDeps } from './meal.deps.ts';
import * as meals from './meal.repository.ts';
import type { TActor } from './meal.service.ts';
import * as repo from './meal-transfers.repository.ts';

const EMPTY: TMealProfile = {
  bankName: '',
  accountNumber: '',
  accountHolder: '',
  kakaoPayLink: '',
  dietary: [],
  dietaryNote: '',
  favourites: [],
  updatedAt: null,
};

export const toProfile = (row: repo.TProfileRow | undefined): TMealProfile =>
  row
    ? {
        bankName: row.bankName,
        accountNumber: row.accountNumber,
        accountHolder: row.accountHolder,
        kakaoPayLink: row.kakaoPayLink,
        dietary: row.dietary,
        dietaryNote: row.dietaryNote,
        favourites: row.favourites,
        updatedAt: row.updatedAt.toISOString(),
      }
    : EMPTY;

export async function getProfile(deps: TMealDeps, actor: TActor): Promise<TMealProfile> {
  return toProfile(await repo.profileOf(deps.db, actor.id));
}

export async function saveProfile(deps: TMealDeps, actor: TActor, input: TMealProfileInput): Promise<TMealProfile> {
  // The route parsed it already; parsed again here so the service never stores an unchecked profile.
  const parsed = ZMealProfileInput.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new AppError('BAD_REQUEST', details[0]!.message, { details });
  }
  return toProfile(await repo.upsertProfile(deps.db, { userId: actor.id, ...parsed.data, updatedAt: deps.now() }));
}

/** Joined participants' dietary labels and notes (only those who set any), for the seed's members. */
export async function roundDiet(deps: TMealDeps, actor: TActor, seedId: string, mealId: string): Promise<TMealDiet> {
  await seedFor(deps.db, seedId, actor.id);
  const meal = await meals.findMeal(deps.db, seedId, mealId);
  if (!meal) throw new AppError('NOT_FOUND', ko.meal.server.notFound);
  const joined = (await meals.participantsOf(deps.db, [meal.id])).filter((p) => p.status === 'joined');
  const profiles = new Map(
    (
      await repo.profilesOf(
        deps.db,
        joined.map((p) => p.userId),
      )
    ).map((p) => [p.userId, p]),
  );
  return joined
    .map((p) => ({ userId: p.userId, name: p.name, dietary: profiles.get(p.userId)?.dietary ?? [], dietaryNote: profiles.get(p.userId)?.dietaryNote ?? '' }))
    .filter((p) => p.dietary.length > 0 || p.dietaryNote !== '')
    .sort((a, b) => a.name.localeCompare(b.name, 'ko'));
}

/** The viewer's favourites and their five most chosen menu names in the seed's past rounds (ties: most recent first). */
export async function usualMenus(deps: TMealDeps, actor: TActor, seedId: string): Promise<TMealUsual> {
  await seedFor(deps.db, seedId, actor.id);
  const [profile, choices] = await Promise.all([repo.profileOf(deps.db, actor.id), repo.choicesOf(deps.db, seedId, actor.id)]);
  const counts = new Map<string, number>();
  for (const c of choices) {
    if (!c.choice) continue;
    const name = (c.mode === 'menu' ? c.options.find((o) => o.id === c.choice)?.name : c.choice)?.trim();
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  // Map order is first-seen order, i.e. most recent first: a stable sort keeps that among equal counts.
  const frequent = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 5);
  return { favourites: profile?.favourites ?? [], frequent: frequent.map(([name, count]) => ({ name, count })) };
}
