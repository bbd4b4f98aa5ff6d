import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';

/**
 * Hourly clean-up of dead rows: refresh tokens past their expiry (reuse detection needs a rotated token only until
 * then), sessions that ended or expired more than 30 days ago, and mail tokens and sign-in flows past expiry for a day.
 * Scheduled on the app's job runner ('auth.prune-expired', one instance per hour).
 */
export async function pruneExpired(db: TDb): Promise<void> {
  await db.execute(sql`delete from refresh_tokens where expires_at < now()`);
  await db.execute(sql`delete from auth_sessions where coalesce(revoked_at, expires_at) < now() - interval '30 days'`);
  await db.execute(sql`delete from auth_tokens where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from auth_flows where expires_at < now() - interval '1 day'`);
}
