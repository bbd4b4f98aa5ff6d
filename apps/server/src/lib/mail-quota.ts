/**
 * Hourly mail quotas for every mail a user can trigger (booking minutes, seed invitations; later meal notices and
 * chatbot hand-offs): one counter per user and one per seed, counted in mails (one per recipient) in the shared
 * rate limiter, so every instance counts together. Over a quota → 429 with a Korean message and Retry-After.
 *
 *   await reserveMails(limiter, quotas, { userId: actor.id, seedId, count: recipients.length });
 *   ...commit, then send...
 */
import { ko } from '@suite/shared';
import { tooMany, type TRateLimiter } from '../plugins/rate-limit.ts';

export type TMailQuotas = { perUserHourly: number; perSeedHourly: number };

const HOUR = 3_600_000;

export async function reserveMails(
  limiter: TRateLimiter,
  quotas: TMailQuotas,
  who: { userId: string; seedId?: string | null | undefined; count: number },
): Promise<void> {
  if (who.count <= 0) return;
  const userKey = `rl:mail-quota:user:${who.userId}`;
  const seedKey = who.seedId ? `rl:mail-quota:seed:${who.seedId}` : undefined;
  const [user, seed] = await Promise.all([limiter.state.peek(userKey), seedKey ? limiter.state.peek(seedKey) : undefined]);
  const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
  if (user.count + who.count > quotas.perUserHourly) {
    throw tooMany('MAIL_QUOTA', user.resetMs || HOUR, ko.security.mailQuotaUser(minutes(user.resetMs || HOUR)));
  }
  if (seed && seed.count + who.count > quotas.perSeedHourly) {
    throw tooMany('MAIL_QUOTA', seed.resetMs || HOUR, ko.security.mailQuotaSeed(minutes(seed.resetMs || HOUR)));
  }
  await Promise.all([limiter.state.hit(userKey, HOUR, who.count), seedKey ? limiter.state.hit(seedKey, HOUR, who.count) : undefined]);
  observers.get(limiter.state)?.(who.seedId ?? null, who.count);
}

/** Who hears of counted mails, per app (its shared state): the monitoring page's traffic recorder (issue 30). */
const observers = new WeakMap<object, (seedId: string | null, count: number) => void>();

export function observeMailReservations(state: object, listener: (seedId: string | null, count: number) => void): void {
  observers.set(state, listener);
}
