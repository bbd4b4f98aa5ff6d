/**
 * Hourly clean-up of dead rows: refresh tokens past their expiry (reuse detection needs a rotated token only until
 * then), sessions that ended or expired more than 30 days ago, and mail tokens and sign-in flows past expiry for a day.
 * With several instances, a claim in the shared state lets one of them do it per hour.
 */
import type { TDb } from '../../db/client.ts';
import { pruneExpired } from './maintenance.repository.ts';
import type { TSharedState } from '../../state/shared-state.ts';

const HOUR = 3_600_000;

export { pruneExpired };

export function schedulePruning(db: TDb, state: TSharedState, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => {
    void (async () => {
      if (await state.claim('auth:prune', HOUR - 60_000)) await pruneExpired(db);
    })().catch(onError);
  }, HOUR);
  timer.unref();
  return () => clearInterval(timer);
}
