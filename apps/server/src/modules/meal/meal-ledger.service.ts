/** The seed's meal ledger: balances (sum to zero), settle-up suggestion, settlements, monthly spend, CSV. */
import { ko } from '@suite/shared';
import { csvDocument } from '../../lib/csv.ts';
import type { TMealLedger, TMealSettlementInput } from '@suite/shared/schemas/meal';
import { AppError } from '../../lib/app-error.ts';
import { kstDay } from '../../lib/kst-day.ts';
import { membersOf, seedFor } from '../seeds/seeds.service.ts';
import { publishMeal, type TMealDeps } from './meal.deps.ts';
import { balancesOf, settleUp } from './meal.ledger-math.ts';
import * as repo from './meal.repository.ts';
import type { TActor } from './meal.service.ts';
import { keepsAccounts } from './meal-policy.service.ts';
import * as policyRepo from './meal-policy.repository.ts';

const m = ko.meal.server;

async function names(db: repo.TTx, ids: string[]) {
  return new Map((await repo.usersByIds(db, [...new Set(ids)])).map((u) => [u.id, u.name]));
}

type TLedgerRow = Awaited<ReturnType<typeof repo.ledgerOf>>[number];

/** The company as a ledger party (issue 38): a null user id in meal_ledger. */
export const COMPANY = 'company';
const party = (id: string | null) => id ?? COMPANY;

// A charge: from owes to. A settlement: from paid to, which counts as `to` now owing `from` back the same amount.
function balancesOfRows(rows: TLedgerRow[]) {
  return balancesOf(
    rows.map((r) =>
      r.kind === 'settlement'
        ? { from: party(r.toUserId), to: party(r.fromUserId), amount: r.amount }
        : { from: party(r.fromUserId), to: party(r.toUserId), amount: r.amount },
    ),
  );
}

/** Every member's balance toward other members in the seed's meal ledger (negative: owes); the company's rows left out (issue 38). */
export async function seedBalances(db: repo.TTx, seedId: string): Promise<Map<string, number>> {
  return splitCompany(await repo.ledgerOf(db, seedId)).members;
}

/**
 * The most `from` may record as paid to `to`: a settlement only pays down debt, so `from` must owe (balance < 0),
 * `to` must be owed (balance > 0), and neither may cross zero. Without this a member could put anyone in debt.
 */
export function settlementCap(balances: Map<string, number>, from: string, to: string): number {
  return Math.max(0, Math.min(-(balances.get(from) ?? 0), balances.get(to) ?? 0));
}

/**
 * Member-to-member balances: every row with the company as a party left out (they sum to zero on their own), and
 * per member what stands between them and the company (+: the company owes them; −: they owe the company).
 */
export function splitCompany(rows: TLedgerRow[]): { members: Map<string, number>; company: Map<string, number> } {
  const members = balancesOfRows(rows.filter((r) => r.fromUserId !== null && r.toUserId !== null));
  const company = new Map<string, number>();
  for (const [id, v] of balancesOfRows(rows.filter((r) => r.fromUserId === null || r.toUserId === null))) if (id !== COMPANY && v !== 0) company.set(id, v);
  return { members, company };
}

export async function getLedger(deps: TMealDeps, actor: TActor, seedId: string): Promise<TMealLedger> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const canSettle = keepsAccounts(await policyRepo.findSettings(deps.db, seedId), actor.id, seed.role);
  const [rows, monthly] = await Promise.all([repo.ledgerOf(deps.db, seedId), repo.monthlySpend(deps.db, seedId)]);
  const balances = balancesOfRows(rows);
  const split = splitCompany(rows);
  const people = await names(
    deps.db,
    [...balances.keys(), ...monthly.map((x) => x.userId)].filter((id) => id !== COMPANY),
  );
  const companyName = ko.meal.csv.company;
  const person = (id: string) => (id === COMPANY ? { userId: COMPANY, name: companyName } : { userId: id, name: people.get(id) ?? '' });
  const byAmount = (a: { amount: number; name: string }, b: { amount: number; name: string }) => b.amount - a.amount || a.name.localeCompare(b.name, 'ko');
  return {
    balances: [...balances]
      .map(([id, balance]) => ({ ...person(id), balance, ...(id === COMPANY ? { company: true } : {}) }))
      .sort((a, b) => b.balance - a.balance || a.name.localeCompare(b.name, 'ko')),
    // Settle-up stays between members; the company's accounts are listed apart (the accountant pays or collects them).
    transfers: settleUp(split.members).map((t) => ({ from: person(t.from), to: person(t.to), amount: t.amount })),
    settlements: rows
      .filter((r) => r.kind === 'settlement')
      .reverse()
      .map((r) => ({ id: r.id, from: person(party(r.fromUserId)), to: person(party(r.toUserId)), amount: r.amount, createdAt: r.createdAt.toISOString() })),
    monthly: monthly.map((x) => ({ ...person(x.userId), month: x.month, amount: Number(x.amount) })),
    company: {
      canSettle,
      reimbursements: [...split.company]
        .filter(([, v]) => v > 0)
        .map(([id, v]) => ({ ...person(id), amount: v }))
        .sort(byAmount),
      dues: [...split.company]
        .filter(([, v]) => v < 0)
        .map(([id, v]) => ({ ...person(id), amount: -v }))
        .sort(byAmount),
    },
  };
}

/** Marks a transfer paid: the payer, the receiver or a seed manager; both must be members; at most the debt left (settlementCap). */
export async function recordSettlement(deps: TMealDeps, actor: TActor, seedId: string, input: TMealSettlementInput): Promise<TMealLedger> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const members = new Set((await membersOf(deps.db, actor.id, seedId)).data.map((x) => x.user_id));
  if (!members.has(input.fromUserId) || !members.has(input.toUserId)) throw new AppError('BAD_REQUEST', m.settlementMember);
  const manager = seed.role === 'owner' || seed.role === 'admin';
  if (!manager && actor.id !== input.fromUserId && actor.id !== input.toUserId) throw new AppError('FORBIDDEN', m.settlementParty);
  await deps.db.transaction(async (tx) => {
    // Checked and written under the seed's ledger lock, so two settlements at once cannot both pay the same debt.
    await repo.lockLedger(tx, seedId);
    // Member-to-member debt only: what someone owes the company (법인카드) is not paid to a member (issue 38).
    const cap = settlementCap(splitCompany(await repo.ledgerOf(tx, seedId)).members, input.fromUserId, input.toUserId);
    if (input.amount > cap) {
      const people = await names(tx, [input.fromUserId, input.toUserId]);
      const [from, to] = [people.get(input.fromUserId) ?? '', people.get(input.toUserId) ?? ''];
      const message = cap === 0 ? m.settlementNoDebt(from, to) : m.settlementTooMuch(from, to, cap);
      throw new AppError('BAD_REQUEST', message, { details: [{ path: 'amount', message }] });
    }
    await repo.insertLedger(tx, [
      {
        seedId,
        mealId: null,
        kind: 'settlement',
        fromUserId: input.fromUserId,
        toUserId: input.toUserId,
        amount: input.amount,
        createdById: actor.id,
        createdAt: deps.now(),
      },
    ]);
  });
  await publishMeal(deps, seedId, { type: 'ledger', mealId: null });
  return getLedger(deps, actor, seedId);
}

/** Every ledger row as CSV (UTF-8 with BOM so spreadsheet apps read Hangul). */
export async function ledgerCsv(deps: TMealDeps, actor: TActor, seedId: string): Promise<string> {
  await seedFor(deps.db, seedId, actor.id);
  const rows = await repo.ledgerWithMeals(deps.db, seedId);
  const people = await names(
    deps.db,
    rows.flatMap((r) => [r.l.fromUserId, r.l.toUserId]).filter((x): x is string => x !== null),
  );
  const c = ko.meal.csv;
  const lines = rows.map((r) => [
    r.mealDate ?? kstDay(r.l.createdAt), // a settlement's day in Asia/Seoul, as meal dates are
    r.title ?? '',
    r.l.kind === 'charge' ? c.charge : c.settlement,
    r.l.fromUserId ? (people.get(r.l.fromUserId) ?? '') : c.company,
    r.l.toUserId ? (people.get(r.l.toUserId) ?? '') : c.company,
    r.l.amount,
  ]);
  return csvDocument(c.header.split(','), lines);
}
