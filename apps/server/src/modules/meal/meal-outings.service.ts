/**
 * Outings of several parts (issue 38): a round gets a next part (2차, 3차 …) with its own restaurant, bill, split and
 * participants; the outing's summary adds the parts up per person. Each part closes and writes its ledger as any round.
 */
import { ko } from '@suite/shared';
import { isGameSplit, type TMeal, type TMealSplit } from '@suite/shared/schemas/meal';
import type { TMealOuting, TNextPartInput } from '@suite/shared/schemas/meal-outings';
import { AppError } from '../../lib/app-error.ts';
import { seedFor } from '../seeds/seeds.service.ts';
import type { TMealDeps } from './meal.deps.ts';
import { byUserId } from './meal.fairness.ts';
import * as repo from './meal.repository.ts';
import * as outings from './meal-outings.repository.ts';
import { billOf, createMeal, sharesAtClose, type TActor } from './meal.service.ts';

const m = ko.meal.server;
const o = ko.meal.outing.server;
const TITLE_MAX = 60;
export const isManagerRole = (role: string) => role === 'owner' || role === 'admin';

/** POST …/meals/:mealId/next-part (the round's host or a seed manager): the next part of the round's outing. */
export async function addNextPart(deps: TMealDeps, actor: TActor, seedId: string, mealId: string, input: TNextPartInput): Promise<TMeal> {
  const seed = await seedFor(deps.db, seedId, actor.id);
  const prev = await repo.findMeal(deps.db, seedId, mealId);
  if (!prev) throw new AppError('NOT_FOUND', m.notFound);
  if (prev.hostId !== actor.id && !isManagerRole(seed.role)) throw new AppError('FORBIDDEN', m.hostOnly);
  const outingId = prev.outingId ?? prev.id;
  const first = outingId === prev.id ? prev : ((await repo.findMeal(deps.db, seedId, outingId)) ?? prev);
  const expected = (await outings.maxPartNo(deps.db, outingId)) + 1;
  const title = input.title ?? o.partTitle(first.title, expected).slice(0, TITLE_MAX);
  return createMeal(deps, actor, seedId, { ...input, title, date: input.date ?? first.mealDate }, async (tx) => {
    // The first round's row lock serialises concurrent next parts of one outing (part numbers stay unique).
    // (A cancelled first part is gone while the later ones keep its id as their outing's: the given round's lock then.)
    const head = (await repo.findMeal(tx, seedId, outingId, true)) ?? (await repo.findMeal(tx, seedId, mealId, true));
    if (!head) throw new AppError('NOT_FOUND', m.notFound);
    if (head.id === outingId && head.outingId === null) await repo.updateMeal(tx, head.id, { outingId: head.id });
    const partNo = (await outings.maxPartNo(tx, outingId)) + 1;
    // The default title names the part number taken under the lock (the one read above may be stale by now).
    return { outingId, partNo, ...(input.title === undefined ? { title: o.partTitle(first.title, partNo).slice(0, TITLE_MAX) } : {}) };
  });
}

type TPersonLine = { userId: string; name: string; parts: { mealId: string; amount: number; planned: boolean }[]; total: number };

/** GET /api/seeds/:seedId/meal-outings/:outingId (members): the parts and, per person, the sum over them. */
export async function getOuting(deps: TMealDeps, actor: TActor, seedId: string, outingId: string): Promise<TMealOuting> {
  await seedFor(deps.db, seedId, actor.id);
  let parts = await outings.partsOf(deps.db, seedId, outingId);
  // The id of a later part leads to its outing.
  const outer = parts[0]?.outingId;
  if (parts.length === 1 && outer && outer !== outingId) parts = await outings.partsOf(deps.db, seedId, outer);
  if (parts.length === 0) throw new AppError('NOT_FOUND', o.outingNotFound);
  const ids = parts.map((p) => p.id);
  const [participants, shares] = await Promise.all([repo.participantsOf(deps.db, ids), repo.sharesOf(deps.db, ids)]);
  const names = new Map(participants.map((p) => [p.userId, p.name]));
  const unnamed = [...new Set([...shares.map((s) => s.userId), ...parts.flatMap((p) => (p.sponsorId ? [p.sponsorId] : []))])].filter((id) => !names.has(id));
  for (const u of await repo.usersByIds(deps.db, unnamed)) names.set(u.id, u.name);

  const people = new Map<string, TPersonLine>();
  const line = (userId: string) => {
    let p = people.get(userId);
    if (!p) people.set(userId, (p = { userId, name: names.get(userId) ?? '', parts: [], total: 0 }));
    return p;
  };
  const out: TMealOuting['parts'] = [];
  for (const part of parts) {
    const mine = participants.filter((p) => p.mealId === part.id);
    const joined = byUserId(mine.filter((p) => p.status === 'joined'));
    const total = billOf(part, mine);
    out.push({ id: part.id, partNo: part.partNo, title: part.title, restaurant: part.restaurant, status: part.status as TMeal['status'], total });
    const game = isGameSplit(part.split as TMealSplit);
    const settled = part.status === 'drawn' || (part.status === 'closed' && !game);
    const amounts = new Map<string, number>();
    if (settled) {
      for (const s of shares.filter((x) => x.mealId === part.id)) amounts.set(s.userId, s.amount);
    } else {
      // Not settled yet ("예정"): what closing now would charge; for a game, each one's own item until the draw.
      const plan = game ? null : sharesAtClose(part, joined, total);
      for (const s of plan?.shares ?? joined.map((p) => ({ userId: p.userId, amount: p.price }))) amounts.set(s.userId, s.amount);
    }
    for (const p of joined) if (!amounts.has(p.userId)) amounts.set(p.userId, 0);
    for (const [userId, amount] of amounts) {
      const person = line(userId);
      person.parts.push({ mealId: part.id, amount, planned: !settled });
      person.total += amount;
    }
  }
  return {
    outingId: parts[0]!.outingId ?? parts[0]!.id,
    parts: out,
    people: [...people.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, 'ko') || (a.userId < b.userId ? -1 : 1)),
    total: out.reduce((a, p) => a + p.total, 0),
  };
}
