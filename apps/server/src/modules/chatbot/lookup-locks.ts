/**
 * Failed lookup verifications across conversations (review F1): the per-conversation cap alone let a customer open
 * new conversations and try every last-4 of one order. Failures are counted on the shared state (Redis with several
 * instances) per (bot, lookup, key) and per (bot, address) for an hour; past LOOKUP_LOCK's numbers the key (or the
 * address) is locked for the rest of that hour and the bot gives the same refusal as for wrong digits (no oracle),
 * without querying.
 *
 * A failure is reserved BEFORE the query (one atomic increment on each counter), so parallel messages from many
 * conversations cannot all pass the check; a found row, a failed query or a locked refusal gives its reservation back.
 */
import { createHmac } from 'node:crypto';
import { addressKey } from './chatbot-address.ts';
import type { TChatbotDeps } from './chatbot.deps.ts';

/** Failed verifications per key and per address in one window; the window (an hour) is fixed from its first failure. */
export const LOOKUP_LOCK = { perKey: 5, perAddress: 20, windowMs: 60 * 60_000 };

/**
 * The key as the counter knows it: NFKC, lower case, and an all-digit key without leading zeros (a numeric key column
 * finds '01001' and '1001' alike, so they must share one counter).
 */
export function normalKey(key: string): string {
  const k = key.normalize('NFKC').trim().toLowerCase();
  return /^\d+$/.test(k) ? k.replace(/^0+(?=\d)/, '') : k;
}

/** The counter's name for a key: an HMAC, so the shared state never holds an order number. */
const keyCounter = (secret: Buffer, botId: string, lookupId: string, key: string) =>
  `chatbot:lookup-fail:key:${createHmac('sha256', secret)
    .update(`${botId}\0${lookupId}\0${normalKey(key)}`)
    .digest('base64url')
    .slice(0, 24)}`;
const addressCounter = (botId: string, ip: string) => `chatbot:lookup-fail:address:${botId}:${addressKey(ip)}`;
/** Locked refusals of a lookup in the current hour (the owner's list shows it). */
const lockedCounter = (lookupId: string) => `chatbot:lookup-locked:${lookupId}`;

export type TReservation = { locked: true } | { locked: false; giveBack: () => Promise<void> };

/**
 * Reserves one failure for this verification on the key's and the address's counters. Over either limit → locked
 * (both reservations given back, the locked refusal counted); else the caller queries and gives the reservation back
 * unless the verification failed.
 */
export async function reserveFailure(
  deps: Pick<TChatbotDeps, 'limiter' | 'config'>,
  botId: string,
  lookupId: string,
  key: string,
  ip: string,
): Promise<TReservation> {
  const { windowMs } = LOOKUP_LOCK;
  const counters = [keyCounter(deps.config.encryptionKey, botId, lookupId, key), addressCounter(botId, ip)];
  const [k, a] = await Promise.all(counters.map((c) => deps.limiter.count(c, windowMs)));
  const giveBack = async () => {
    await Promise.all(counters.map((c) => deps.limiter.state.hit(`rl:${c}`, windowMs, -1)));
  };
  if (k!.count > LOOKUP_LOCK.perKey || a!.count > LOOKUP_LOCK.perAddress) {
    await giveBack();
    await deps.limiter.count(lockedCounter(lookupId), windowMs);
    return { locked: true };
  }
  return { locked: false, giveBack };
}

/** Locked refusals per lookup in the current hour (0 when none), for the owner's list. */
export async function lockedCounts(deps: Pick<TChatbotDeps, 'limiter'>, lookupIds: string[]): Promise<number[]> {
  return deps.limiter.state.counts(lookupIds.map((id) => `rl:${lockedCounter(id)}`));
}
