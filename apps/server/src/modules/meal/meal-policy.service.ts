/**
 * The company meal policy at work (issue 38): who may book a round to the company, and at close who bears what.
 *
 * Per joined person the share S_i is computed by the round's split as before. The company covers min(S_i, the
 * person's subsidy left that day in the seed, across every round of that date) and then, of the rest, what is left of
 * the person's team budget this month (team rows locked FOR UPDATE, usage summed from meal_company_shares, so
 * concurrent closes cannot overspend the cap). The rest R_i is the person's own (meal_shares).
 *
 * Ledger: a member paid the restaurant → the company owes the payer Σ C_i (one charge row from null), R_i owed to the
 * payer as before. 법인카드 → the company paid: every R_i is owed to the company (to null); the company's part is its
 * expense (meal_company_shares only). Games: the company part comes off first, the drawn payers split the rest.
 * Σ C_i + Σ R_i = the bill, to the won.
 */
import { kstDay } from '../../lib/kst-day.ts';
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import { isGameSplit, type TCreateMealInput, type TMeal, type TMealSplit } from '@suite/shared/schemas/meal';
import type { TMealPayWith } from '@suite/shared/schemas/meal-policy';
import { AppError } from '../../lib/app-error.ts';
import { chargesFor, splitEvenly, type TShare } from './meal.ledger-math.ts';
import * as repo from './meal.repository.ts';
import * as policyRepo from './meal-policy.repository.ts';

const m = koMealPolicy.server;
const isManagerRole = (role: string) => role === 'owner' || role === 'admin';

/** A ledger edge where null is the company. */
export type TPartyEdge = { from: string | null; to: string | null; amount: number };
export type TCompanyPart = { userId: string; subsidy: number; team: number; teamId: string | null };
export type TRoundPlan = { personal: TShare[]; company: TCompanyPart[]; edges: TPartyEdge[] };

/** Whether the user may book rounds to the company (policy or 법인카드) under the seed's settings. */
export function maySpend(settings: policyRepo.TSettingsRow | undefined, userId: string, role: string): boolean {
  if (isManagerRole(role)) return true;
  if (!settings) return false;
  if (settings.companyCardHolderId === userId) return true;
  if (settings.spenders === 'everyone') return true;
  return settings.spenders === 'listed' && settings.spenderIds.includes(userId);
}

/** Keeps the company's meal accounts (the report, the company's settlements): seed admins and the company card holder. */
export function keepsAccounts(settings: policyRepo.TSettingsRow | undefined, userId: string, role: string): boolean {
  return isManagerRole(role) || (settings?.companyCardHolderId ?? null) === userId;
}

/** The seed has a policy worth applying by default: a subsidy or a team with a budget. */
export async function policyActive(db: repo.TTx, seedId: string, settings: policyRepo.TSettingsRow | undefined): Promise<boolean> {
  return (settings?.subsidyPerDay ?? 0) > 0 || (await policyRepo.hasBudgetedTeam(db, seedId));
}

/**
 * applyPolicy and payWith of a new round. Asked for explicitly by someone who may not spend: 403 naming the rule.
 * By default the policy applies when the seed has one and the host may spend; the restaurant is paid by a member.
 */
export async function roundPolicy(
  db: repo.TTx,
  seedId: string,
  actor: { id: string },
  role: string,
  input: Pick<TCreateMealInput, 'applyPolicy' | 'payWith' | 'date'>,
  now: Date,
): Promise<{ applyPolicy: boolean; payWith: TMealPayWith }> {
  const settings = await policyRepo.findSettings(db, seedId);
  const allowed = maySpend(settings, actor.id, role);
  const payWith = input.payWith ?? 'member';
  if (!allowed && (input.applyPolicy === true || payWith === 'company_card')) {
    throw new AppError('FORBIDDEN', settings?.spenders === 'listed' ? m.spendListed : m.spendAdmins);
  }
  // The round's date picks the day's subsidy and the month's team budget: company money only for dates near today,
  // so nobody spends a far month's budget (asked for explicitly → a Korean field error; by default → not applied).
  const near = Math.abs(Date.parse(`${input.date}T00:00:00+09:00`) - Date.parse(`${kstDay(now)}T00:00:00+09:00`)) <= POLICY_DATE_WINDOW_DAYS * 86_400_000;
  if (!near && (input.applyPolicy === true || payWith === 'company_card')) {
    const message = m.policyDateRange(POLICY_DATE_WINDOW_DAYS);
    throw new AppError('BAD_REQUEST', message, { details: [{ path: 'date', message }] });
  }
  const applyPolicy = input.applyPolicy ?? (near && allowed && (await policyActive(db, seedId, settings)));
  return { applyPolicy, payWith };
}

/** How far from today (Asia/Seoul) a round that spends company money may be dated, either way. */
export const POLICY_DATE_WINDOW_DAYS = 31;

const monthOf = (mealDate: string) => mealDate.slice(0, 7);

/** Company parts per person (in the order of `basis`), under the day's subsidy lock and the team rows' locks. */
async function companyParts(tx: repo.TTx, meal: repo.TMealRow, basis: TShare[]): Promise<TCompanyPart[]> {
  const ids = basis.map((s) => s.userId);
  const settings = await policyRepo.findSettings(tx, meal.seedId);
  const subsidyPerDay = settings?.subsidyPerDay ?? 0;
  const month = monthOf(meal.mealDate);
  const teamOf = await policyRepo.teamOfUsers(tx, meal.seedId, ids);
  await policyRepo.lockSubsidyDay(tx, meal.seedId, meal.mealDate);
  const teams = await policyRepo.lockTeams(tx, [...new Set(teamOf.values())]);
  const used = await policyRepo.teamUsage(
    tx,
    teams.map((t) => t.id),
    month,
  );
  const teamLeft = new Map(teams.map((t) => [t.id, Math.max(0, t.monthlyBudget - (used.get(t.id) ?? 0))]));
  const subsidyTaken = subsidyPerDay > 0 ? await policyRepo.subsidyUsed(tx, meal.seedId, meal.mealDate, ids) : new Map<string, number>();
  return basis.map((s) => {
    const subsidy = Math.min(s.amount, Math.max(0, subsidyPerDay - (subsidyTaken.get(s.userId) ?? 0)));
    const teamId = teamOf.get(s.userId) ?? null;
    const left = teamId ? (teamLeft.get(teamId) ?? 0) : 0;
    const team = Math.min(s.amount - subsidy, left);
    if (teamId) teamLeft.set(teamId, left - team);
    return { userId: s.userId, subsidy, team, teamId };
  });
}

const sum = (xs: { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);

/**
 * Who bears what for a closed (or drawn) round, inside the caller's transaction. `shares` are the split's shares as
 * before the policy (for games: the drawn payers' even split of the bill), `paidBy` the member who paid. A re-run (a
 * corrected bill) replaces the round's company shares.
 */
export async function planRound(tx: repo.TTx, meal: repo.TMealRow, shares: TShare[], paidBy: string): Promise<TRoundPlan> {
  await policyRepo.deleteCompanySharesOf(tx, meal.id);
  const card = meal.payWith === 'company_card';
  if (!meal.applyPolicy && !card) return { personal: shares, company: [], edges: chargesFor(shares, paidBy) };
  const bill = sum(shares);
  const game = isGameSplit(meal.split as TMealSplit);
  // Games: everyone who ate is a basis of the company's part (an even split of the bill); the payers split the rest.
  const eaters = game ? (await repo.participantsOf(tx, [meal.id])).filter((p) => p.status === 'joined').map((p) => p.userId) : shares.map((s) => s.userId);
  const basis = game ? splitEvenly(bill, [...eaters].sort()) : shares;
  const company = meal.applyPolicy ? await companyParts(tx, meal, basis) : [];
  const companyTotal = company.reduce((a, c) => a + c.subsidy + c.team, 0);
  const partOf = new Map(company.map((c) => [c.userId, c.subsidy + c.team]));
  const personal = game
    ? splitEvenly(
        bill - companyTotal,
        shares.map((s) => s.userId),
      )
    : shares.map((s) => ({ userId: s.userId, amount: s.amount - (partOf.get(s.userId) ?? 0) }));
  await policyRepo.insertCompanyShares(
    tx,
    company.flatMap((c) => {
      const row = { seedId: meal.seedId, mealId: meal.id, userId: c.userId, month: monthOf(meal.mealDate), mealDate: meal.mealDate };
      return [
        ...(c.subsidy > 0 ? [{ ...row, kind: 'subsidy', teamId: null, amount: c.subsidy }] : []),
        ...(c.team > 0 ? [{ ...row, kind: 'team_budget', teamId: c.teamId, amount: c.team }] : []),
      ];
    }),
  );
  const edges: TPartyEdge[] = card
    ? personal.filter((s) => s.amount > 0).map((s) => ({ from: s.userId, to: null, amount: s.amount }))
    : [...chargesFor(personal, paidBy), ...(companyTotal > 0 ? [{ from: null, to: paidBy, amount: companyTotal }] : [])];
  return { personal, company, edges };
}

/** The round as the API shows it, with its policy and (after close) what the company bore per person. */
export async function withPolicy(db: repo.TTx, rounds: TMeal[], rows: repo.TMealRow[]): Promise<TMeal[]> {
  const parts = await policyRepo.companySharesOf(
    db,
    rows.filter((r) => r.applyPolicy).map((r) => r.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rounds.map((round) => {
    const row = byId.get(round.id);
    if (!row) return round;
    const names = new Map([...round.participants, ...round.shares].map((p) => [p.userId, p.name]));
    const companyShares = parts
      .filter((p) => p.mealId === round.id)
      .map((p) => ({ userId: p.userId, name: names.get(p.userId) ?? '', amount: Number(p.amount) }));
    return { ...round, applyPolicy: row.applyPolicy, payWith: row.payWith === 'company_card' ? 'company_card' : 'member', companyShares };
  });
}
