import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';

export async function pruneExpired(db: TDb): Promise<void> {
  await db.execute(sql`delete from refresh_tokens where expires_at < now()`);
  await db.execute(sql`delete from auth_sessions where coalesce(revoked_at, expires_at) < now() - interval '30 days'`);
  await db.execute(sql`delete from auth_tokens where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from auth_flows where expires_at < now() - interval '1 day'`);
}
