/**
 * The bill amount (issue 38): the payer enters or corrects what the receipt says. Before the ledger is written it is
 * simply kept (closing uses it instead of the items' sum); on a closed or drawn round the round's charges, shares and
 * company shares are written again from it in one transaction, through the same writeLedger closing uses.
 */
import { ko } from '@suite/shared';
import { isGameSplit, type TMeal, type TMealSplit } from '@suite/shared/schemas/meal';
import { AppError } from '../../lib/app-error.ts';
import { seedFor } from '../seeds/seeds.service.ts';
import { publishMeal, type TMealDeps } from './meal.deps.ts';
import { byUserId } from './meal.fairness.ts';
import { splitEvenly } from './meal.ledger-math.ts';
import * as repo from './meal.repository.ts';
import { assertAmount } from './meal-amounts.ts';
import * as outings from './meal-outings.repository.ts';
import { isManagerRole } from './meal-outings.service.ts';
import { billOf, getMeal, sharesAtClose, writeLedger, type TActor } from './meal.service.ts';

const m = ko.meal.server;
const o = ko.meal.outing.server;

/** Who pays the round: the one who paid (once known), else its host (or its sponsor) before the ledger is written. */
function isPayer(meal: repo.TMealRow, userId: string): boolean {
  if (meal.paidById) return meal.paidById === userId;
  return meal.hostId === userId || meal.sponsorId === userId;
}

/** PUT …/meals/:mealId/bill { amount } (the payer or a seed manager). Returns the round and whether the ledger was rewritten. */
export async function setBill(
  deps: TMealDeps,
  actor: TActor,
  seedId: string,
  mealId: string,
  amount: number | null,
): Promise<{ meal: TMeal; rewritten: boolean }> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  if (amount !== null) assertAmount(deps, amount, 'amount');
  const rewritten = await deps.db.transaction(async (tx) => {
    const current = await repo.findMeal(tx, seedId, mealId, true);
    if (!current) throw new AppError('NOT_FOUND', m.notFound);
    if (!isManagerRole(seed.role) && !isPayer(current, actor.id)) throw new AppError('FORBIDDEN', o.billPayerOnly);
    const row = await repo.updateMeal(tx, mealId, { billAmount: amount });
    const game = isGameSplit(row.split as TMealSplit);
    const written = row.status === 'drawn' || (row.status === 'closed' && !game);
    if (!written) return false;
    // Settlements are checked against the balances: hold the seed's ledger while the round's charges change.
    await repo.lockLedger(tx, seedId);
    await outings.deleteRoundLedger(tx, mealId);
    const parts = await repo.participantsOf(tx, [mealId]);
    const joined = byUserId(parts.filter((p) => p.status === 'joined'));
    const total = billOf(row, parts);
    if (row.status === 'drawn' && row.payers?.length) {
      const payers = row.payers.map((p) => p.userId);
      await writeLedger(tx, row, splitEvenly(total, payers), payers[0]!, actor.id);
      return true;
    }
    const plan = sharesAtClose(row, joined, total);
    if (plan && joined.length) await writeLedger(tx, row, plan.shares, plan.paidBy, actor.id);
    return true;
  });
  await publishMeal(deps, seedId, { type: 'updated', mealId });
  if (rewritten) await publishMeal(deps, seedId, { type: 'ledger', mealId });
  return { meal: await getMeal(deps, actor, seedId, mealId), rewritten };
}
