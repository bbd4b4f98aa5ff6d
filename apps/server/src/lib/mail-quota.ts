/**
 * Hourly mail quotas for every mail a user's action sends directly (booking minutes, seed invitations, chatbot ticket
 * answers): one counter per user and one per seed, counted in mails (one per recipient) in the shared rate limiter,
 * so every instance counts together. Over a quota → 429 with a Korean message and Retry-After. Mails of notices
 * (the notification service) are not reserved by the caller: the delivery counts them on the seed (below).
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

/**
 * Notice mails (the notification service's deliveries, decision 057) are counted when they are sent, not by the
 * caller: only on the seed's quota (never the recipient's own "mails I triggered"). `seedMailWait` says how long a
 * notice mail of `seedId` must wait (ms; 0 = send now); urgent (security) notices and notices without a seed never
 * wait. `countSentMail` counts one sent mail on the seed's quota and tells the observer once.
 */
export async function seedMailWait(limiter: TRateLimiter, quotas: TMailQuotas, seedId: string | null, urgent: boolean): Promise<number> {
  if (!seedId || urgent) return 0;
  const seed = await limiter.state.peek(`rl:mail-quota:seed:${seedId}`);
  return seed.count + 1 > quotas.perSeedHourly ? seed.resetMs || HOUR : 0;
}

export async function countSentMail(limiter: TRateLimiter, seedId: string | null): Promise<void> {
  if (seedId) await limiter.state.hit(`rl:mail-quota:seed:${seedId}`, HOUR, 1);
  observers.get(limiter.state)?.(seedId, 1);
}

/** Who hears of counted mails, per app (its shared state): the monitoring page's traffic recorder (issue 30). */
const observers = new WeakMap<object, (seedId: string | null, count: number) => void>();

export function observeMailReservations(state: object, listener: (seedId: string | null, count: number) => void): void {
  observers.set(state, listener);
}
