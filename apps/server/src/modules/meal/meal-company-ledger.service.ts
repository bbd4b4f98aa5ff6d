/**
 * The company's settlements in the meal ledger (issue 38): the accountant (a seed admin or the company card holder)
 * records that the company paid a member back (회사가 정산할 금액) or that a member paid the company (회사에 낼 금액),
 * toward zero and at most what stands between them, under the seed's ledger lock. A row of kind 'settlement' with the
 * company (null) as one party; member-to-member settle-up is untouched.
 */
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import type { TMealLedger } from '@suite/shared/schemas/meal';
import type { TMealCompanySettlementInput } from '@suite/shared/schemas/meal-policy';
import { AppError } from '../../lib/app-error.ts';
import { membersOf, seedFor } from '../seeds/seeds.service.ts';
import { publishMeal, type TMealDeps } from './meal.deps.ts';
import { getLedger, splitCompany } from './meal-ledger.service.ts';
import { keepsAccounts } from './meal-policy.service.ts';
import * as policyRepo from './meal-policy.repository.ts';
import * as repo from './meal.repository.ts';
import type { TActor } from './meal.service.ts';

const m = koMealPolicy.server;

export async function recordCompanySettlement(deps: TMealDeps, actor: TActor, seedId: string, input: TMealCompanySettlementInput): Promise<TMealLedger> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  if (!keepsAccounts(await policyRepo.findSettings(deps.db, seedId), actor.id, seed.role)) throw new AppError('FORBIDDEN', m.companySettlementForbidden);
  const member = (await membersOf(deps.db, actor.id, seedId)).data.find((x) => x.user_id === input.userId);
  if (!member) throw new AppError('BAD_REQUEST', m.notMember, { details: [{ path: 'userId', message: m.notMember }] });
  await deps.db.transaction(async (tx) => {
    await repo.lockLedger(tx, seedId);
    // + : the company owes the member; − : the member owes the company.
    const net = splitCompany(await repo.ledgerOf(tx, seedId)).company.get(input.userId) ?? 0;
    if (input.amount > Math.abs(net)) {
      const message = net === 0 ? m.companyNoDebt(member.full_name) : m.companyTooMuch(member.full_name, Math.abs(net));
      throw new AppError('BAD_REQUEST', message, { details: [{ path: 'amount', message }] });
    }
    const [fromUserId, toUserId] = net > 0 ? [null, input.userId] : [input.userId, null];
    await repo.insertLedger(tx, [
      { seedId, mealId: null, kind: 'settlement', fromUserId, toUserId, amount: input.amount, createdById: actor.id, createdAt: deps.now() },
    ]);
  });
  await publishMeal(deps, seedId, { type: 'ledger', mealId: null });
  return getLedger(deps, actor, seedId);
}
