/**
 * Transfers that happen (issue 38): the settle-up suggestions with 송금 links built from the receiver's profile, and
 * a transfer's states — the payer marks it sent, the receiver (or a seed manager) confirms it, which writes the
 * settlement row in the ledger under the ledger lock with the same cap as a recorded settlement; either party or a
 * manager cancels a sent one. A receiver may record money received directly. Notices go out after the commit.
 */
import { ko } from '@suite/shared';
import type {
  TMealTransferInput,
  TMealTransferLinks,
  TMealTransferReceivedInput,
  TMealTransferRecord,
  TMealTransfersView,
} from '@suite/shared/schemas/meal-transfers';
import { AppError } from '../../lib/app-error.ts';
import { notify } from '../notifications/notifications.service.ts';
import { membersOf, seedFor } from '../seeds/seeds.service.ts';
import { assertAmount } from './meal-amounts.ts';
import { COMPANY, seedBalances, settlementCap } from './meal-ledger.service.ts';
import { publishMeal, type TMealDeps } from './meal.deps.ts';
import { settleUp } from './meal.ledger-math.ts';
import { LEDGER_LINK } from './meal.notify.ts';
import * as meals from './meal.repository.ts';
import type { TActor } from './meal.service.ts';
import * as repo from './meal-transfers.repository.ts';

const m = ko.meal.server;
const tm = ko.meal.transfers;
const isManager = (role: string) => role === 'owner' || role === 'admin';

/**
 * Toss's 송금 deep link. Toss does not document it; `supertoss://send` with `bank` (the bank's Korean name),
 * `accountNo` (digits) and `amount` is the form in wide use (wedding-invitation and 정산 pages), and opens Toss's
 * transfer screen filled in. A browser without Toss does nothing with it, so the account is always shown beside it.
 */
export function tossLink(bankName: string, accountNumber: string, amount: number): string {
  const q = new URLSearchParams({ amount: String(amount), bank: bankName, accountNo: accountNumber.replace(/\D/g, '') });
  return `supertoss://send?${q.toString()}`;
}

/** The links for sending `amount` to the owner of `profile` (nothing for a receiver without a profile). */
export function linksFor(profile: repo.TProfileRow | undefined, amount: number): TMealTransferLinks {
  if (!profile) return {};
  const links: TMealTransferLinks = {};
  if (profile.bankName && profile.accountNumber) {
    links.toss = tossLink(profile.bankName, profile.accountNumber, amount);
    links.bank = { bankName: profile.bankName, accountNumber: profile.accountNumber, accountHolder: profile.accountHolder };
  }
  // The 송금코드 link as saved: Kakao Pay documents no amount parameter for it, so the payer types the amount.
  if (profile.kakaoPayLink) links.kakaoPay = profile.kakaoPayLink;
  return links;
}

async function namesOf(db: meals.TTx, ids: string[]) {
  return new Map((await meals.usersByIds(db, [...new Set(ids)])).map((u) => [u.id, u.name]));
}

async function present(deps: TMealDeps, rows: repo.TTransferRow[]): Promise<TMealTransferRecord[]> {
  const names = await namesOf(
    deps.db,
    rows.flatMap((r) => [r.fromUserId, r.toUserId]),
  );
  return rows.map((r) => ({
    id: r.id,
    from: { userId: r.fromUserId, name: names.get(r.fromUserId) ?? '' },
    to: { userId: r.toUserId, name: names.get(r.toUserId) ?? '' },
    amount: r.amount,
    status: r.status as TMealTransferRecord['status'],
    method: r.method,
    sentAt: r.sentAt?.toISOString() ?? null,
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The seed's suggested transfers between members (the company's part has its own accounts), with links only on the
 * viewer's own payments: a receiver's account goes only to a member who owes them. Pending and recent transfers: the
 * viewer's own, or all of the seed's for a manager.
 */
export async function getTransfers(deps: TMealDeps, actor: TActor, seedId: string): Promise<TMealTransfersView> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const suggestions = settleUp(await seedBalances(deps.db, seedId)).filter((t) => t.from !== COMPANY && t.to !== COMPANY);
  const mine = suggestions.filter((t) => t.from === actor.id);
  const profiles = new Map(
    (
      await repo.profilesOf(
        deps.db,
        mine.map((t) => t.to),
      )
    ).map((p) => [p.userId, p]),
  );
  const names = await namesOf(
    deps.db,
    suggestions.flatMap((t) => [t.from, t.to]),
  );
  const scope = isManager(seed.role) ? null : actor.id;
  const [pending, recent] = await Promise.all([
    repo.transfersOf(deps.db, seedId, ['sent'], scope, 100),
    repo.transfersOf(deps.db, seedId, ['confirmed', 'cancelled'], scope, 20),
  ]);
  return {
    suggested: suggestions.map((t) => ({
      from: { userId: t.from, name: names.get(t.from) ?? '' },
      to: { userId: t.to, name: names.get(t.to) ?? '' },
      amount: t.amount,
      links: t.from === actor.id ? linksFor(profiles.get(t.to), t.amount) : {},
    })),
    pending: await present(deps, pending),
    recent: await present(deps, recent),
  };
}

async function assertMembers(deps: TMealDeps, actor: TActor, seedId: string, ids: string[]) {
  const members = new Set((await membersOf(deps.db, actor.id, seedId)).data.map((x) => x.user_id));
  if (!ids.every((id) => members.has(id))) throw new AppError('BAD_REQUEST', tm.server.member);
}

/** Refuses more than `from` owes `to` now (the ledger's settlementCap), with the ledger's Korean messages. */
async function assertWithinDebt(deps: TMealDeps, tx: meals.TTx, seedId: string, from: string, to: string, amount: number) {
  const cap = settlementCap(await seedBalances(tx, seedId), from, to);
  if (amount <= cap) return;
  const names = await namesOf(tx, [from, to]);
  const [a, b] = [names.get(from) ?? '', names.get(to) ?? ''];
  const message = cap === 0 ? m.settlementNoDebt(a, b) : m.settlementTooMuch(a, b, cap);
  throw new AppError('BAD_REQUEST', message, { details: [{ path: 'amount', message }] });
}

async function tell(deps: TMealDeps, seedId: string, userId: string, key: string, title: string, body: string) {
  try {
    await notify(deps.notifications, 'meal.transfer', { userId, seedId, title, body, link: LEDGER_LINK, dedupeKey: key });
  } catch (err) {
    deps.log.warn({ err }, 'meal: transfer notice failed');
  }
}

/** The payer marks a transfer sent; the receiver is told to confirm. At most the debt left now. */
export async function markSent(deps: TMealDeps, actor: TActor, seedId: string, input: TMealTransferInput): Promise<TMealTransferRecord> {
  if (input.toUserId === actor.id) throw new AppError('BAD_REQUEST', tm.validation.self, { details: [{ path: 'toUserId', message: tm.validation.self }] });
  assertAmount(deps, input.amount, 'amount', 1);
  await assertMembers(deps, actor, seedId, [actor.id, input.toUserId]);
  const row = await deps.db.transaction(async (tx) => {
    // Under the ledger lock: at most one transfer waiting per payer and receiver (no pile of stale 'sent' rows to
    // confirm later, no notice spam), and never more than the debt left now.
    await meals.lockLedger(tx, seedId);
    if ((await repo.pendingBetween(tx, seedId, actor.id, input.toUserId)) > 0) throw new AppError('CONFLICT', tm.server.alreadyPending);
    await assertWithinDebt(deps, tx, seedId, actor.id, input.toUserId, input.amount);
    const now = deps.now();
    return repo.insertTransfer(tx, {
      seedId,
      fromUserId: actor.id,
      toUserId: input.toUserId,
      amount: input.amount,
      status: 'sent',
      method: input.method,
      sentAt: now,
      createdAt: now,
    });
  });
  const [record] = await present(deps, [row]);
  const n = tm.notices;
  await tell(
    deps,
    seedId,
    row.toUserId,
    `meal.transfer:sent:${row.id}`,
    n.sentTitle(record!.from.name, row.amount),
    n.sentBody(record!.from.name, row.amount, tm.methods[input.method]),
  );
  await publishMeal(deps, seedId, { type: 'ledger', mealId: null });
  return record!;
}

/** Writes the settlement of a confirmed transfer (caller holds the transaction); its ledger row id. */
async function settle(deps: TMealDeps, tx: meals.TTx, seedId: string, actor: TActor, from: string, to: string, amount: number): Promise<string> {
  // Checked and written under the seed's ledger lock, as recordSettlement does: two confirmations cannot pay one debt twice.
  await meals.lockLedger(tx, seedId);
  await assertWithinDebt(deps, tx, seedId, from, to, amount);
  return repo.insertSettlement(tx, { seedId, fromUserId: from, toUserId: to, amount, createdById: actor.id, createdAt: deps.now() });
}

async function afterConfirm(deps: TMealDeps, seedId: string, row: repo.TTransferRow): Promise<TMealTransferRecord> {
  const [record] = await present(deps, [row]);
  const n = tm.notices;
  await tell(
    deps,
    seedId,
    row.fromUserId,
    `meal.transfer:confirmed:${row.id}`,
    n.confirmedTitle(record!.to.name, row.amount),
    n.confirmedBody(record!.to.name, row.amount),
  );
  await publishMeal(deps, seedId, { type: 'ledger', mealId: null });
  return record!;
}

/** The receiver or a seed manager confirms a sent transfer: one settlement row, once (a second confirmation is 409). */
export async function confirmTransfer(deps: TMealDeps, actor: TActor, seedId: string, transferId: string): Promise<TMealTransferRecord> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const row = await deps.db.transaction(async (tx) => {
    const t = await repo.findTransfer(tx, seedId, transferId, true);
    if (!t) throw new AppError('NOT_FOUND', tm.server.notFound);
    // The payer never confirms their own transfer, not even as a seed manager.
    if (actor.id === t.fromUserId) throw new AppError('FORBIDDEN', tm.server.notOwnConfirm);
    if (actor.id !== t.toUserId && !isManager(seed.role)) throw new AppError('FORBIDDEN', tm.server.confirmOnly);
    if (t.status !== 'sent') throw new AppError('CONFLICT', tm.server.notSent(tm.server.statusWord[t.status] ?? t.status));
    const ledgerId = await settle(deps, tx, seedId, actor, t.fromUserId, t.toUserId, t.amount);
    return repo.updateTransfer(tx, t.id, { status: 'confirmed', confirmedAt: deps.now(), confirmedById: actor.id, ledgerId });
  });
  return afterConfirm(deps, seedId, row);
}

/** Either party or a seed manager cancels a sent transfer (nothing was written to the ledger yet). */
export async function cancelTransfer(deps: TMealDeps, actor: TActor, seedId: string, transferId: string): Promise<TMealTransferRecord> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const row = await deps.db.transaction(async (tx) => {
    const t = await repo.findTransfer(tx, seedId, transferId, true);
    if (!t) throw new AppError('NOT_FOUND', tm.server.notFound);
    if (actor.id !== t.fromUserId && actor.id !== t.toUserId && !isManager(seed.role)) throw new AppError('FORBIDDEN', tm.server.cancelOnly);
    if (t.status !== 'sent') throw new AppError('CONFLICT', tm.server.notSent(tm.server.statusWord[t.status] ?? t.status));
    return repo.updateTransfer(tx, t.id, { status: 'cancelled' });
  });
  await publishMeal(deps, seedId, { type: 'ledger', mealId: null });
  return (await present(deps, [row]))[0]!;
}

/** The receiver records money received with no prior 'sent': confirmed at once, with its settlement row. */
export async function recordReceived(deps: TMealDeps, actor: TActor, seedId: string, input: TMealTransferReceivedInput): Promise<TMealTransferRecord> {
  if (input.fromUserId === actor.id) throw new AppError('BAD_REQUEST', tm.validation.self, { details: [{ path: 'fromUserId', message: tm.validation.self }] });
  assertAmount(deps, input.amount, 'amount', 1);
  await assertMembers(deps, actor, seedId, [actor.id, input.fromUserId]);
  const row = await deps.db.transaction(async (tx) => {
    const ledgerId = await settle(deps, tx, seedId, actor, input.fromUserId, actor.id, input.amount);
    const now = deps.now();
    return repo.insertTransfer(tx, {
      seedId,
      fromUserId: input.fromUserId,
      toUserId: actor.id,
      amount: input.amount,
      status: 'confirmed',
      method: input.method ?? null,
      confirmedAt: now,
      confirmedById: actor.id,
      ledgerId,
      createdAt: now,
    });
  });
  return afterConfirm(deps, seedId, row);
}
