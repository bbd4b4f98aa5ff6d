/**
 * The unpaid-share check (issue 30, `meal.unpaid-shares`, hourly on the job runner): a member who still owes in the
 * seed's meal ledger three days after a round's bill was settled (closed, or drawn) — and who owes for that round —
 * gets one notice for it, linking to the ledger. Once per person per round (the notice's key), however often the
 * check runs; the rounds looked at are those settled between four and three days ago, so each is checked for a day
 * (a missed hour is caught by the next) and never again.
 */
import { ko } from '@suite/shared';
import { seedBalances } from './meal-ledger.service.ts';
import type { TMealDeps } from './meal.deps.ts';
import { LEDGER_LINK, noticeMembers } from './meal.notify.ts';
import * as repo from './meal.repository.ts';

const n = ko.notifications.notices;
const DAY_MS = 86_400_000;
/** A share still owed this long after the round's bill is called unpaid. */
export const UNPAID_AFTER_MS = 3 * DAY_MS;

/** One pass of the check; returns how many notices it asked for (repeats are no-ops in the notification service). */
export async function noticeUnpaidShares(deps: TMealDeps): Promise<number> {
  const until = new Date(deps.now().getTime() - UNPAID_AFTER_MS);
  const charges = await repo.chargesOfRoundsEnded(deps.db, new Date(until.getTime() - DAY_MS), until);
  // Per round and debtor: what they owe for it, and to whom.
  const owed = new Map<string, { charge: (typeof charges)[number]; amount: number; to: Set<string> }>();
  for (const c of charges) {
    const key = `${c.mealId}:${c.fromUserId}`;
    const entry = owed.get(key) ?? { charge: c, amount: 0, to: new Set<string>() };
    entry.amount += c.amount;
    entry.to.add(c.toUserId);
    owed.set(key, entry);
  }
  const balances = new Map<string, Map<string, number>>();
  const names = new Map((await repo.usersByIds(deps.db, [...new Set(charges.map((c) => c.toUserId))])).map((u) => [u.id, u.name]));
  let asked = 0;
  for (const { charge: c, amount, to } of owed.values()) {
    if (!balances.has(c.seedId)) balances.set(c.seedId, await seedBalances(deps.db, c.seedId));
    const debt = -(balances.get(c.seedId)!.get(c.fromUserId) ?? 0);
    if (debt <= 0) continue;
    const payees = [...to].map((id) => names.get(id) ?? '').join(', ');
    const meal = { id: c.mealId, seedId: c.seedId } as repo.TMealRow;
    await noticeMembers(
      deps,
      'meal.unpaid-share',
      meal,
      [c.fromUserId],
      { title: n.mealUnpaidTitle(c.title), body: n.mealUnpaidBody(c.title, c.mealDate, payees, Math.min(amount, debt), debt), link: LEDGER_LINK },
      { strict: true },
    );
    asked += 1;
  }
  return asked;
}
