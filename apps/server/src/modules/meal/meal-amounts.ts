import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import type { TMealDeps } from './meal.deps.ts';

/**
 * The one amount check of the meal manager (issue 38): an amount is a whole number of won, at least 0 and at most
 * MEAL_AMOUNT_CAP. Anything else (negative, fractional, NaN, beyond a safe integer, over the cap) is a 400 field error
 * at `path`, with a Korean message naming the cap.
 */
export function assertAmount(deps: Pick<TMealDeps, 'amountCap'>, amount: number, path: string): void {
  if (typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= 0 && amount <= deps.amountCap) return;
  const message = ko.meal.validation.amountInvalid(deps.amountCap);
  throw new AppError('BAD_REQUEST', message, { details: [{ path, message }] });
}
