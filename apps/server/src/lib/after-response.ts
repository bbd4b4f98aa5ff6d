/**
 * Work that must not change what (or when) a request answers — e.g. looking up an address and mailing it in
 * forgot-password, whose answer must not tell whether the account exists. The work starts after the current
 * response has been handed to the socket (setImmediate) and its failures are logged, never thrown.
 *
 *   afterResponse(log, async () => { ...lookup, reserve, mail... });
 *
 * `settleAfterResponse()` waits for all work started so far (tests call it before reading the outbox; shutdown may too).
 */
import type { FastifyBaseLogger } from 'fastify';

const pending = new Set<Promise<void>>();

export function afterResponse(log: FastifyBaseLogger, work: () => Promise<void>, what = 'background work'): void {
  const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((err: unknown) => log.error({ err }, `${what} failed`))
    .finally(() => pending.delete(p));
  pending.add(p);
}

export async function settleAfterResponse(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}
