/**
 * Meal rounds (issue 15). Members of a seed open rounds, join with a menu (and an optional client seed), decline;
 * the host or a seed manager edits, closes, draws and cancels. Membership and roles come from the seeds service.
 * Every multi-step write is one transaction; SSE events and notices (meal.notify.ts) go out after the commit.
 */
import { randomUUID } from 'node:crypto';
import { ko } from '@suite/shared';
import {
  isGameSplit,
  type TCreateMealInput,
  type TJoinMealInput,
  type TMeal,
  type TMealDraw,
  type TMealSplit,
  type TUpdateMealInput,
} from '@suite/shared/schemas/meal';
import { AppError } from '../../lib/app-error.ts';
import { seedFor } from '../seeds/seeds.service.ts';
import { mealJobKey, publishMeal, type TMealDeps } from './meal.deps.ts';
import { byUserId, commitmentOf, drawPayers, newServerSeed } from './meal.fairness.ts';
import { splitEvenly, type TShare } from './meal.ledger-math.ts';
import { planRound, roundPolicy, withPolicy } from './meal-policy.service.ts';
import { allocateProportionally } from './meal-amounts.ts';
import { formatSeoul, memberEmails, mealMail, noticeMembers, roundUrl, tellChat } from './meal.notify.ts';
import * as repo from './meal.repository.ts';
import { channelForNewRound, postCancelled, postCommitment, postReveal, slackOf } from './meal-slack.ts';

const m = ko.meal.server;
const n = ko.notifications.notices;
export type TActor = { id: string };
export const REMIND_KIND = 'meal.remind';
export const CLOSE_KIND = 'meal.close';
const REMIND_BEFORE_MS = 10 * 60_000;

const isManagerRole = (role: string) => role === 'owner' || role === 'admin';

async function loadMeal(deps: TMealDeps, tx: repo.TTx, seedId: string, mealId: string, lock = false) {
  const meal = await repo.findMeal(tx, seedId, mealId, lock);
  if (!meal) throw new AppError('NOT_FOUND', m.notFound);
  return meal;
}

function assertCanManage(meal: repo.TMealRow, actor: TActor, role: string) {
  if (meal.hostId !== actor.id && !isManagerRole(role)) throw new AppError('FORBIDDEN', m.hostOnly);
}

const labelOf = (meal: repo.TMealRow, p: { choice: string | null }) =>
  p.choice === null ? null : meal.mode === 'menu' ? (meal.options.find((o) => o.id === p.choice)?.name ?? p.choice) : p.choice;

function summaryOf(meal: repo.TMealRow, parts: repo.TParticipantRow[]) {
  const items = new Map<string, { label: string; quantity: number; amount: number }>();
  let total = 0;
  for (const p of parts) {
    if (p.status !== 'joined') continue;
    const label = labelOf(meal, p) ?? '';
    const item = items.get(label) ?? { label, quantity: 0, amount: 0 };
    item.quantity += 1;
    item.amount += p.price;
    total += p.price;
    items.set(label, item);
  }
  return { items: [...items.values()].sort((a, b) => b.quantity - a.quantity || a.label.localeCompare(b.label, 'ko')), total };
}

/** The bill of a round (issue 38): what the payer entered from the receipt, else the sum of the joined participants' items. */
export const billOf = (meal: repo.TMealRow, parts: repo.TParticipantRow[]) => meal.billAmount ?? summaryOf(meal, parts).total;

function drawOf(meal: repo.TMealRow, parts: repo.TParticipantRow[]): TMealDraw | undefined {
  if (meal.status !== 'drawn' || !meal.serverSeed || !meal.h || !meal.payers) return undefined;
  const joined = byUserId(parts.filter((p) => p.status === 'joined'));
  const names = new Map(parts.map((p) => [p.userId, p.name]));
  return {
    payers: meal.payers.map((p) => ({ userId: p.userId, name: names.get(p.userId) ?? '', index: p.index })),
    serverSeed: meal.serverSeed,
    commitment: meal.commitment ?? '',
    clientSeeds: joined.map((p) => ({ userId: p.userId, clientSeed: p.clientSeed ?? '' })),
    h: meal.h,
  };
}

type TPeople = Map<string, string>;

function toApi(
  meal: repo.TMealRow,
  parts: repo.TParticipantRow[],
  shares: { userId: string; amount: number }[],
  people: TPeople,
  actor: TActor,
  role: string,
): TMeal {
  const drawn = meal.status === 'drawn';
  const person = (id: string | null) => (id ? { userId: id, name: people.get(id) ?? '' } : null);
  const mine = parts.find((p) => p.userId === actor.id);
  const draw = drawOf(meal, parts);
  return {
    id: meal.id,
    seedId: meal.seedId,
    title: meal.title,
    date: meal.mealDate,
    deadline: meal.deadline.toISOString(),
    mode: meal.mode === 'free' ? 'free' : 'menu',
    restaurant: meal.restaurant,
    options: meal.options,
    split: meal.split as TMealSplit,
    sponsor: person(meal.sponsorId),
    payerCount: meal.payerCount,
    status: meal.status as TMeal['status'],
    host: person(meal.hostId)!,
    commitment: meal.commitment,
    participants: parts.map((p) => ({
      userId: p.userId,
      name: p.name,
      status: p.status === 'declined' ? 'declined' : 'joined',
      choice: p.choice,
      choiceLabel: labelOf(meal, p),
      price: p.price,
      clientSeed: drawn || p.userId === actor.id ? p.clientSeed : null,
      updatedAt: p.updatedAt.toISOString(),
    })),
    summary: summaryOf(meal, parts),
    shares: shares.map((s) => ({ userId: s.userId, name: people.get(s.userId) ?? '', amount: s.amount })),
    paidBy: person(meal.paidById),
    outingId: meal.outingId,
    partNo: meal.partNo,
    billAmount: meal.billAmount,
    ...(draw ? { draw } : {}),
    slack: slackOf(meal),
    myStatus: mine ? (mine.status === 'declined' ? 'declined' : 'joined') : 'none',
    canManage: meal.hostId === actor.id || isManagerRole(role),
    closedAt: meal.closedAt?.toISOString() ?? null,
    createdAt: meal.createdAt.toISOString(),
  };
}

async function present(deps: TMealDeps, meals: repo.TMealRow[], actor: TActor, role: string): Promise<TMeal[]> {
  const ids = meals.map((x) => x.id);
  const [parts, shares] = await Promise.all([repo.participantsOf(deps.db, ids), repo.sharesOf(deps.db, ids)]);
  const extra = meals.flatMap((x) => [x.hostId, x.sponsorId, x.paidById]).filter((x): x is string => Boolean(x));
  const people: TPeople = new Map((await repo.usersByIds(deps.db, [...new Set(extra)])).map((u) => [u.id, u.name]));
  for (const p of parts) people.set(p.userId, p.name);
  const rounds = meals.map((x) =>
    toApi(
      x,
      parts.filter((p) => p.mealId === x.id),
      shares.filter((s) => s.mealId === x.id),
      people,
      actor,
      role,
    ),
  );
  return withPolicy(deps.db, rounds, meals);
}

/** Refuses (AppError) unless the user is a member of the seed: the meal stream's re-check. */
export async function assertMember(deps: TMealDeps, seedId: string, userId: string): Promise<void> {
  await seedFor(deps.db, seedId, userId);
}

export async function getMeal(deps: TMealDeps, actor: TActor, seedId: string, mealId: string): Promise<TMeal> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const meal = await loadMeal(deps, deps.db, seedId, mealId);
  return (await present(deps, [meal], actor, seed.role))[0]!;
}

export async function listMeals(deps: TMealDeps, actor: TActor, seedId: string, status: 'open' | 'closed' | 'all'): Promise<TMeal[]> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  return present(deps, await repo.listMeals(deps.db, seedId, status), actor, seed.role);
}

async function scheduleJobs(deps: TMealDeps, tx: repo.TTx, meal: repo.TMealRow) {
  const key = mealJobKey(meal.id);
  const remindAt = new Date(meal.deadline.getTime() - REMIND_BEFORE_MS);
  if (remindAt > deps.now()) await deps.jobs.enqueue(tx, { kind: REMIND_KIND, key, payload: { mealId: meal.id }, runAt: remindAt });
  await deps.jobs.enqueue(tx, { kind: CLOSE_KIND, key, payload: { mealId: meal.id }, runAt: meal.deadline });
}

/** `outing` (issue 38, meal-outings.service.ts): inside the transaction, the outing and part number of a next part. */
export async function createMeal(
  deps: TMealDeps,
  actor: TActor,
  seedId: string,
  input: TCreateMealInput,
  outing?: (tx: repo.TTx) => Promise<{ outingId: string; partNo: number; title?: string }>,
): Promise<TMeal> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const deadline = new Date(input.deadline);
  if (deadline <= deps.now()) throw new AppError('BAD_REQUEST', m.deadlinePast);
  const mode = input.mode;
  const options = (input.options ?? []).map((o) => ({ id: randomUUID().slice(0, 8), name: o.name.trim(), price: o.price }));
  if (mode === 'menu' && options.length === 0) throw new AppError('BAD_REQUEST', m.menuNeedsOptions);
  if (input.split === 'sponsor') {
    await seedFor(deps.db, seedId, input.sponsorId!).catch(() => {
      throw new AppError('BAD_REQUEST', m.sponsorNotMember);
    });
  }
  const game = isGameSplit(input.split);
  const serverSeed = game ? newServerSeed() : null;
  const policy = await roundPolicy(deps.db, seedId, actor, seed.role, input, deps.now());
  const slackChannel = await channelForNewRound(deps, seedId, input.split, input.slackChannel);
  const meal = await deps.db.transaction(async (tx) => {
    const part = outing ? await outing(tx) : undefined;
    const row = await repo.insertMeal(tx, {
      seedId,
      ...(part ? { outingId: part.outingId, partNo: part.partNo } : {}),
      hostId: actor.id,
      title: part?.title ?? input.title.trim(),
      mealDate: input.date,
      deadline,
      mode,
      restaurant: input.restaurant?.trim() ?? '',
      options: mode === 'menu' ? options : [],
      split: input.split,
      sponsorId: input.split === 'sponsor' ? (input.sponsorId ?? null) : null,
      payerCount: game ? (input.payerCount ?? 1) : 1,
      serverSeed,
      commitment: serverSeed ? commitmentOf(serverSeed) : null,
      slackChannel,
      ...policy,
    });
    await scheduleJobs(deps, tx, row);
    return row;
  });
  // The commitment is in Slack before anyone is told of the round (and before the answer names its id).
  meal.slackTs = await postCommitment(deps, meal);
  await publishMeal(deps, seedId, { type: 'created', mealId: meal.id });
  const others = [...(await memberEmails(deps, meal)).keys()].filter((id) => id !== actor.id);
  const host = (await repo.usersByIds(deps.db, [actor.id]))[0]?.name ?? '';
  const closes = formatSeoul(meal.deadline);
  await noticeMembers(deps, 'meal.round-opened', meal, others, { title: n.mealOpenedTitle(meal.title), body: n.mealOpenedBody(meal.title, host, closes) });
  await tellChat(deps, meal, others, mealMail.openedBody(meal.title, host, closes, roundUrl(deps, meal)));
  return (await present(deps, [meal], actor, seed.role))[0]!;
}

export async function updateMeal(deps: TMealDeps, actor: TActor, seedId: string, mealId: string, input: TUpdateMealInput): Promise<TMeal> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const meal = await deps.db.transaction(async (tx) => {
    const current = await loadMeal(deps, tx, seedId, mealId, true);
    assertCanManage(current, actor, seed.role);
    if (current.status !== 'open') throw new AppError('CONFLICT', m.notOpen);
    const patch: Partial<repo.TMealRow> = {};
    if (input.title !== undefined) patch.title = input.title.trim();
    if (input.restaurant !== undefined) patch.restaurant = input.restaurant.trim();
    if (input.deadline !== undefined) {
      const deadline = new Date(input.deadline);
      if (deadline <= deps.now()) throw new AppError('BAD_REQUEST', m.deadlinePast);
      patch.deadline = deadline;
    }
    const row = await repo.updateMeal(tx, mealId, patch);
    if (patch.deadline) {
      await deps.jobs.cancel(tx, mealJobKey(mealId));
      await scheduleJobs(deps, tx, row);
    }
    return row;
  });
  await publishMeal(deps, seedId, { type: 'updated', mealId });
  return (await present(deps, [meal], actor, seed.role))[0]!;
}

export async function deleteMeal(deps: TMealDeps, actor: TActor, seedId: string, mealId: string): Promise<void> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const deleted = await deps.db.transaction(async (tx) => {
    const current = await loadMeal(deps, tx, seedId, mealId, true);
    assertCanManage(current, actor, seed.role);
    if (current.status !== 'open') throw new AppError('CONFLICT', m.cannotDeleteClosed);
    await deps.jobs.cancel(tx, mealJobKey(mealId));
    await repo.deleteMeal(tx, mealId);
    return current;
  });
  await publishMeal(deps, seedId, { type: 'deleted', mealId });
  await postCancelled(deps, deleted);
}

export async function joinMeal(deps: TMealDeps, actor: TActor, seedId: string, mealId: string, input: TJoinMealInput): Promise<TMeal> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const meal = await deps.db.transaction(async (tx) => {
    const current = await loadMeal(deps, tx, seedId, mealId, true);
    if (current.status !== 'open' || current.deadline <= deps.now()) throw new AppError('CONFLICT', m.notOpen);
    let price = input.price ?? 0;
    if (current.mode === 'menu') {
      const option = current.options.find((o) => o.id === input.choice);
      if (!option) throw new AppError('BAD_REQUEST', m.unknownOption);
      price = option.price;
    }
    await repo.upsertParticipant(
      tx,
      { mealId, userId: actor.id, status: 'joined', choice: input.choice.trim(), price, clientSeed: input.clientSeed ?? null },
      deps.now(),
    );
    return current;
  });
  await publishMeal(deps, seedId, { type: 'joined', mealId });
  return (await present(deps, [meal], actor, seed.role))[0]!;
}

export async function declineMeal(deps: TMealDeps, actor: TActor, seedId: string, mealId: string): Promise<TMeal> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const meal = await deps.db.transaction(async (tx) => {
    const current = await loadMeal(deps, tx, seedId, mealId, true);
    if (current.status !== 'open' || current.deadline <= deps.now()) throw new AppError('CONFLICT', m.notOpen);
    await repo.upsertParticipant(tx, { mealId, userId: actor.id, status: 'declined', choice: null, price: 0, clientSeed: null }, deps.now());
    return current;
  });
  await publishMeal(deps, seedId, { type: 'declined', mealId });
  return (await present(deps, [meal], actor, seed.role))[0]!;
}

/** Writes the round's shares (monthly spend) and charges (who owes the one who paid). Inside the caller's transaction. */
export async function writeLedger(tx: repo.TTx, meal: repo.TMealRow, shares: TShare[], paidBy: string, createdById: string | null) {
  // The company meal policy (issue 38, meal-policy.service.ts): the company's part comes off; null is the company.
  const plan = await planRound(tx, meal, shares, paidBy);
  await repo.insertShares(
    tx,
    plan.personal
      .filter((s) => s.amount > 0)
      .map((s) => ({ mealId: meal.id, seedId: meal.seedId, userId: s.userId, mealDate: meal.mealDate, amount: s.amount })),
  );
  await repo.insertLedger(
    tx,
    plan.edges.map((e) => ({
      seedId: meal.seedId,
      mealId: meal.id,
      kind: 'charge',
      fromUserId: e.from,
      toUserId: e.to,
      amount: e.amount,
      createdById,
    })),
  );
}

export function sharesAtClose(meal: repo.TMealRow, joined: repo.TParticipantRow[], total: number): { shares: TShare[]; paidBy: string } | null {
  const ids = joined.map((p) => p.userId);
  if (meal.split === 'even') return { shares: splitEvenly(total, ids), paidBy: meal.hostId };
  if (meal.split === 'itemised') {
    // A bill different from the items' sum (issue 38) is spread over the items in proportion, to the won.
    const items = joined.map((p) => ({ userId: p.userId, amount: p.price }));
    return { shares: allocateProportionally(total, items), paidBy: meal.hostId };
  }
  if (meal.split === 'sponsor' && meal.sponsorId) return { shares: [{ userId: meal.sponsorId, amount: total }], paidBy: meal.sponsorId };
  return null;
}

/** Closes an open round (host/manager, or the deadline job when `actor` is null). Returns false when it was not open. */
export async function closeRound(deps: TMealDeps, actor: TActor | null, seedId: string, mealId: string): Promise<boolean> {
  const role = actor ? (await seedFor(deps.db, seedId, actor.id)).role : 'owner';
  const closed = await deps.db.transaction(async (tx) => {
    const current = await loadMeal(deps, tx, seedId, mealId, true);
    if (actor) assertCanManage(current, actor, role);
    if (current.status !== 'open') {
      if (actor) throw new AppError('CONFLICT', m.notOpen);
      return null;
    }
    const parts = await repo.participantsOf(tx, [mealId]);
    const joined = byUserId(parts.filter((p) => p.status === 'joined'));
    const total = billOf(current, parts);
    const plan = sharesAtClose(current, joined, total);
    const row = await repo.updateMeal(tx, mealId, { status: 'closed', closedAt: deps.now(), paidById: plan && joined.length ? plan.paidBy : null });
    if (plan && joined.length) await writeLedger(tx, row, plan.shares, plan.paidBy, actor?.id ?? null);
    await deps.jobs.cancel(tx, mealJobKey(mealId));
    return { row, parts };
  });
  if (!closed) return false;
  await publishMeal(deps, seedId, { type: 'closed', mealId });
  const { row, parts } = closed;
  const summary = summaryOf(row, parts);
  const to = [row.hostId, ...parts.filter((p) => p.status === 'joined').map((p) => p.userId)];
  const lines = summary.items.map((i) => mealMail.summaryLine(i.label, i.quantity, i.amount));
  await noticeMembers(deps, 'meal.closed', row, to, { title: n.mealClosedTitle(row.title), body: n.mealClosedBody(row.title, lines, summary.total) });
  await tellChat(deps, row, to, mealMail.closedBody(row.title, lines, summary.total, roundUrl(deps, row)));
  return true;
}

export async function closeMeal(deps: TMealDeps, actor: TActor, seedId: string, mealId: string): Promise<TMeal> {
  await closeRound(deps, actor, seedId, mealId);
  return getMeal(deps, actor, seedId, mealId);
}

/** The draw: once, after closing, for game rounds. Reveals serverSeed and writes who owes the payer(s). */
export async function drawMeal(deps: TMealDeps, actor: TActor, seedId: string, mealId: string): Promise<TMealDraw> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const result = await deps.db.transaction(async (tx) => {
    const current = await loadMeal(deps, tx, seedId, mealId, true);
    assertCanManage(current, actor, seed.role);
    if (!isGameSplit(current.split as TMealSplit) || !current.serverSeed) throw new AppError('CONFLICT', m.notGame);
    if (current.status === 'drawn') throw new AppError('CONFLICT', m.alreadyDrawn);
    if (current.status !== 'closed') throw new AppError('CONFLICT', m.notClosed);
    const parts = await repo.participantsOf(tx, [mealId]);
    const joined = byUserId(parts.filter((p) => p.status === 'joined'));
    if (joined.length === 0) throw new AppError('CONFLICT', m.noParticipants);
    const { h, payerIndexes } = drawPayers(
      current.id,
      current.serverSeed,
      joined.map((p) => p.clientSeed ?? ''),
      current.payerCount,
    );
    const payers = payerIndexes.map((i) => ({ userId: joined[i]!.userId, index: i }));
    const total = billOf(current, parts);
    // The payers share the bill (remainder by draw order); the first one pays the restaurant.
    const shares = splitEvenly(
      total,
      payers.map((p) => p.userId),
    );
    const row = await repo.updateMeal(tx, mealId, { status: 'drawn', h, payers, drawnAt: deps.now(), paidById: payers[0]!.userId });
    await writeLedger(tx, row, shares, payers[0]!.userId, actor.id);
    return { row, parts };
  });
  await publishMeal(deps, seedId, { type: 'drawn', mealId });
  await postReveal(deps, result.row, result.parts);
  const draw = drawOf(result.row, result.parts)!;
  const joined = result.parts.filter((p) => p.status === 'joined').map((p) => p.userId);
  const payers = draw.payers.map((p) => p.name).join(', ');
  await noticeMembers(deps, 'meal.drawn', result.row, joined, { title: n.mealDrawnTitle(result.row.title), body: n.mealDrawnBody(result.row.title, payers) });
  await tellChat(deps, result.row, joined, mealMail.resultBody(result.row.title, payers, roundUrl(deps, result.row)));
  return draw;
}

/** Job: 10 minutes before the deadline, members who have neither joined nor declined. */
export async function remindUnanswered(deps: TMealDeps, mealId: string): Promise<void> {
  const meal = await repo.findMealById(deps.db, mealId);
  if (!meal || meal.status !== 'open') return;
  const answered = new Set((await repo.participantsOf(deps.db, [mealId])).map((p) => p.userId));
  const to = [...(await memberEmails(deps, meal)).keys()].filter((id) => !answered.has(id));
  const deadline = formatSeoul(meal.deadline);
  // Once per person per round (a moved deadline schedules the job again; nobody is told twice). A failure retries the job.
  await noticeMembers(
    deps,
    'meal.closing-soon',
    meal,
    to,
    { title: n.mealClosingSoonTitle(meal.title), body: n.mealClosingSoonBody(meal.title, deadline) },
    { strict: true },
  );
  await tellChat(deps, meal, to, mealMail.reminderBody(meal.title, deadline, roundUrl(deps, meal)));
}

/** Job: the deadline closes the round. */
export async function autoClose(deps: TMealDeps, mealId: string): Promise<void> {
  const meal = await repo.findMealById(deps.db, mealId);
  if (!meal || meal.status !== 'open') return;
  await closeRound(deps, null, meal.seedId, mealId);
}
