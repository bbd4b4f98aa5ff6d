import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import type { TMealDeps } from './meal.deps.ts';

/**
 * The one amount check of the meal manager (issue 38): an amount is a whole number of won, at least 0 and at most
 * MEAL_AMOUNT_CAP. Anything else (negative, fractional, NaN, beyond a safe integer, over the cap) is a 400 field error
 * at `path`, with a Korean message naming the cap.
 */
export function assertAmount(deps: Pick<TMealDeps, 'amountCap'>, amount: number, path: string, min = 0): void {
  if (typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= min && amount <= deps.amountCap) return;
  const message = ko.meal.validation.amountInvalid(deps.amountCap, min);
  throw new AppError('BAD_REQUEST', message, { details: [{ path, message }] });
}

/**
 * `total` spread over `weights` in proportion (largest-remainder method): everyone gets the floor of their exact part,
 * then the won left over go one each to the largest fractional remainders (ties: the earlier entry, i.e. user-id order).
 * The result sums to `total` exactly; with `total` equal to the weights' sum it returns the weights unchanged. All
 * weights zero: an even split. Integer arithmetic only (no floating point rounding).
 */
export function allocateProportionally(total: number, weights: { userId: string; amount: number }[]): { userId: string; amount: number }[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, w) => a + w.amount, 0);
  if (sum <= 0) {
    const base = Math.floor(total / weights.length);
    const rest = total - base * weights.length;
    return weights.map((w, i) => ({ userId: w.userId, amount: base + (i < rest ? 1 : 0) }));
  }
  const exact = weights.map((w, i) => {
    const product = BigInt(total) * BigInt(w.amount);
    return { i, userId: w.userId, floor: Number(product / BigInt(sum)), remainder: Number(product % BigInt(sum)) };
  });
  let left = total - exact.reduce((a, e) => a + e.floor, 0);
  const order = [...exact].sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  const extra = new Set<number>();
  for (const e of order) {
    if (left <= 0) break;
    extra.add(e.i);
    left -= 1;
  }
  return exact.map((e) => ({ userId: e.userId, amount: e.floor + (extra.has(e.i) ? 1 : 0) }));
}
