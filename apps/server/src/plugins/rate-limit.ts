/**
 * Fixed-window rate limits on TSharedState (Redis when REDIS_URL is set, so every instance counts together).
 *
 *   const limiter = createRateLimiter(ctx.state);
 *   await limiter.consume(`signup:ip:${request.ip}`, { max: 30, windowMs: 5 * 60_000 });   // throws 429 past the limit
 *
 * A refusal is an AppError with status 429, a Korean message and a `Retry-After` header in whole seconds.
 */
import type { TErrorCode } from '@suite/shared';
import { AppError } from '../lib/app-error.ts';
import type { TSharedState } from '../state/shared-state.ts';

export type TLimit = { max: number; windowMs: number };

export type TRateLimiter = {
  /** Counts one request; throws 429 once the count exceeds `max` within the window. */
  consume: (key: string, limit: TLimit, code?: TErrorCode) => Promise<void>;
  /** Counts one event without refusing; returns the new count and the ms left in the window. */
  count: (key: string, windowMs: number) => Promise<{ count: number; resetMs: number }>;
  /** Throws 429 if the counter already reached `max` (the event itself is counted elsewhere). */
  check: (key: string, max: number, code?: TErrorCode) => Promise<void>;
  reset: (key: string) => Promise<void>;
  state: TSharedState;
};

export function retryAfterSeconds(resetMs: number): string {
  return String(Math.max(1, Math.ceil(resetMs / 1000)));
}

export function tooMany(code: TErrorCode, resetMs: number, message?: string): AppError {
  return new AppError(code, message, { status: 429, headers: { 'retry-after': retryAfterSeconds(resetMs) } });
}

export function createRateLimiter(state: TSharedState): TRateLimiter {
  return {
    state,
    async consume(key, { max, windowMs }, code = 'RATE_LIMITED') {
      const { count, resetMs } = await state.hit(`rl:${key}`, windowMs);
      if (count > max) throw tooMany(code, resetMs);
    },
    async count(key, windowMs) {
      return state.hit(`rl:${key}`, windowMs);
    },
    async check(key, max, code = 'RATE_LIMITED') {
      const { count, resetMs } = await state.peek(`rl:${key}`);
      if (count >= max) throw tooMany(code, resetMs);
    },
    async reset(key) {
      await state.reset(`rl:${key}`);
    },
  };
}
