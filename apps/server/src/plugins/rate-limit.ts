/**
 * Fixed-window rate limits on TSharedState (Redis when REDIS_URL is set, so every instance counts together), decision 033.
 *
 * A route's own limit is route configuration, through @fastify/rate-limit (registered once in buildApp):
 *
 *   app.post('/api/x', { config: { rateLimit: routeLimit((r) => `x:ip:${r.ip}`, { max: 30, windowMs: 5 * 60_000 }) } }, handler);
 *
 * Limits whose key or count depends on what the service finds (an account, a bot's shared budget, a day's total) stay
 * in the service, on the same counters:
 *
 *   const limiter = createRateLimiter(ctx.state);
 *   await limiter.consume(`signup:ip:${meta.ip}`, { max: 30, windowMs: 5 * 60_000 });   // throws 429 past the limit
 *
 * A refusal is an AppError with status 429, a Korean message and a `Retry-After` header in whole seconds.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
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

/**
 * @fastify/rate-limit's store on the shared state: one `rl:`-prefixed counter per key, whatever the route, so routes
 * that name the same key (the mailed-token routes' `token:ip:…`) count together as they did.
 */
function sharedStateStore(state: TSharedState) {
  return class SharedStateStore implements FastifyRateLimitStore {
    incr(key: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      state.hit(`rl:${key}`, timeWindow).then(
        ({ count, resetMs }) => done(null, { current: count, ttl: resetMs }),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child() {
      return this;
    }
  };
}

/**
 * Registers @fastify/rate-limit for the routes that carry `config.rateLimit` (none are limited otherwise). It runs
 * where a handler's own check ran before: after validation (preHandler), and answers only the refusal's headers.
 */
export async function registerRouteLimits(app: FastifyInstance, state: TSharedState): Promise<void> {
  const off = { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false } as const;
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    store: sharedStateStore(state),
    addHeaders: { ...off, 'retry-after': false },
    addHeadersOnExceeding: off,
    errorResponseBuilder: (_request, context) => tooMany('RATE_LIMITED', context.ttl),
  });
}

/** A route's `config.rateLimit`: `limit` per window for each `key(request)`, refused with `code` (429, Retry-After). */
export function routeLimit(key: (request: FastifyRequest) => string, limit: TLimit, code: TErrorCode = 'RATE_LIMITED'): RateLimitOptions {
  return { max: limit.max, timeWindow: limit.windowMs, keyGenerator: key, errorResponseBuilder: (_request, context) => tooMany(code, context.ttl) };
}
