/** The notification tables (db/schema-notifications.ts): the only file of the module that knows Drizzle. */
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { notificationDeliveries, notificationPreferences, notifications } from '../../db/schema-notifications.ts';

export type { TTx } from '../../db/client.ts';
export type TPreferencesRow = typeof notificationPreferences.$inferSelect;
export type TNoticeRow = typeof notifications.$inferSelect;
export type TDeliveryRow = typeof notificationDeliveries.$inferSelect;
export type TNewDelivery = typeof notificationDeliveries.$inferInsert;

export async function findPreferences(db: TTx, userId: string, scope: string): Promise<TPreferencesRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.scope, scope)));
  return row;
}

/** The seed's settings when the person has some, else the personal ones (at most two rows, one query). */
export async function preferencesFor(db: TTx, userId: string, seedId: string | null): Promise<TPreferencesRow | undefined> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), inArray(notificationPreferences.scope, seedId ? ['', seedId] : [''])));
  return rows.find((r) => r.scope !== '') ?? rows[0];
}

export async function savePreferences(
  db: TTx,
  values: Pick<TPreferencesRow, 'userId' | 'scope' | 'events' | 'quietStart' | 'quietEnd' | 'digest' | 'updatedAt'>,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.scope],
      set: { events: values.events, quietStart: values.quietStart, quietEnd: values.quietEnd, digest: values.digest, updatedAt: values.updatedAt },
    });
}

/** Stores a notice unless the person already has one with this dedupe key; undefined = a repeat. */
export async function insertNotice(db: TTx, values: typeof notifications.$inferInsert): Promise<TNoticeRow | undefined> {
  const [row] = await db.insert(notifications).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertDelivery(db: TTx, values: TNewDelivery): Promise<number> {
  const [row] = await db.insert(notificationDeliveries).values(values).returning({ id: notificationDeliveries.id });
  return row!.id;
}

export async function listNotices(db: TTx, userId: string, q: { unread: boolean; limit: number; cursor?: string | undefined }): Promise<TNoticeRow[]> {
  let after;
  if (q.cursor) {
    const [c] = await db
      .select({ createdAt: notifications.createdAt, id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, q.cursor), eq(notifications.userId, userId)));
    if (!c) return [];
    after = or(lt(notifications.createdAt, c.createdAt), and(eq(notifications.createdAt, c.createdAt), lt(notifications.id, c.id)));
  }
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.inbox, true), q.unread ? isNull(notifications.readAt) : undefined, after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(q.limit);
}

export async function unreadCount(db: TTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.inbox, true), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks the person's own unread notices among `ids`; ids of other people's notices match nothing. */
export async function markRead(db: TTx, userId: string, ids: string[], now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), eq(notifications.inbox, true), inArray(notifications.id, ids), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export type TClaimedDelivery = TDeliveryRow & { notice: TNoticeRow };

/**
 * Takes one delivery for sending: only from a state that still needs it (never a sent one), and a `sending` one only
 * when its lease has expired (the runner that had it died). One UPDATE, so two runners never both take it.
 * `retryFailed`: a `failed` one too (its job was retried from the monitoring page).
 */
export async function claimDelivery(db: TTx, id: number, now: Date, leaseMs: number, retryFailed = false): Promise<TClaimedDelivery | undefined> {
  const [row] = await db
    .update(notificationDeliveries)
    .set({ status: 'sending', attempts: sql`${notificationDeliveries.attempts} + 1`, lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(notificationDeliveries.id, id),
        or(
          inArray(notificationDeliveries.status, retryFailed ? ['pending', 'held', 'retrying', 'failed'] : ['pending', 'held', 'retrying']),
          and(eq(notificationDeliveries.status, 'sending'), lt(notificationDeliveries.lockedUntil, now)),
        ),
      ),
    )
    .returning();
  if (!row) return undefined;
  const [notice] = await db.select().from(notifications).where(eq(notifications.id, row.noticeId));
  return notice ? { ...row, notice } : undefined;
}

/** Takes every held digest mail of a person that is due (one UPDATE: one runner gets them); `retryFailed` as above. */
export async function claimDigest(db: TTx, userId: string, now: Date, leaseMs: number, retryFailed = false): Promise<TClaimedDelivery[]> {
  const rows = await db
    .update(notificationDeliveries)
    .set({ status: 'sending', attempts: sql`${notificationDeliveries.attempts} + 1`, lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(notificationDeliveries.userId, userId),
        eq(notificationDeliveries.digest, true),
        sql`${notificationDeliveries.runAt} <= ${now.toISOString()}::timestamptz`,
        or(
          inArray(notificationDeliveries.status, retryFailed ? ['held', 'retrying', 'failed'] : ['held', 'retrying']),
          and(eq(notificationDeliveries.status, 'sending'), lt(notificationDeliveries.lockedUntil, now)),
        ),
      ),
    )
    .returning();
  if (!rows.length) return [];
  const found = await db
    .select()
    .from(notifications)
    .where(
      inArray(
        notifications.id,
        rows.map((r) => r.noticeId),
      ),
    )
    .orderBy(notifications.createdAt);
  const byId = new Map(found.map((n) => [n.id, n]));
  return rows.flatMap((r) => (byId.has(r.noticeId) ? [{ ...r, notice: byId.get(r.noticeId)! }] : []));
}

export async function markSent(db: TTx, ids: number[], now: Date, status: 'sent' | 'digested' = 'sent'): Promise<void> {
  if (!ids.length) return;
  await db.update(notificationDeliveries).set({ status, sentAt: now, lockedUntil: null, lastError: null }).where(inArray(notificationDeliveries.id, ids));
}

/** Puts a claimed mail back to wait until `runAt` (the seed's mail quota is spent): `held`, with the reason logged. */
export async function holdDelivery(db: TTx, id: number, runAt: Date, reason: string): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ status: 'held', runAt, lockedUntil: null, lastError: reason })
    .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.status, 'sending')));
}

/** A failed attempt: `retrying` (the job runner tries again), or `failed` for good. */
export async function markFailed(db: TTx, ids: number[], error: string, final: boolean): Promise<void> {
  if (!ids.length) return;
  await db
    .update(notificationDeliveries)
    .set({ status: final ? 'failed' : 'retrying', lockedUntil: null, lastError: error.slice(0, 500) })
    .where(inArray(notificationDeliveries.id, ids));
}

/**
 * Sets (or clears, with nulls) where a person's webhook deliveries go: one address per person, kept on the personal
 * row (scope ''), whichever seed a notice is about. `secret` is the sealed signing secret.
 */
export async function setWebhook(db: TTx, userId: string, url: string | null, secret: string | null, now: Date): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, scope: '', webhookUrl: url, webhookSecret: secret, quietStart: '22:00', quietEnd: '08:00', updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.scope],
      set: { webhookUrl: url, webhookSecret: secret, updatedAt: now },
    });
}

/** The person's webhook address and sealed secret (personal row), or undefined. */
export async function webhookOf(db: TTx, userId: string): Promise<{ url: string; secret: string } | undefined> {
  const row = await findPreferences(db, userId, '');
  return row?.webhookUrl && row.webhookSecret ? { url: row.webhookUrl, secret: row.webhookSecret } : undefined;
}

export async function listDeliveries(db: TTx, q: { status?: string | undefined; channel?: string | undefined; limit: number }): Promise<TDeliveryRow[]> {
  return db
    .select()
    .from(notificationDeliveries)
    .where(and(q.status ? eq(notificationDeliveries.status, q.status) : undefined, q.channel ? eq(notificationDeliveries.channel, q.channel) : undefined))
    .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
    .limit(q.limit);
}

/** Forgets notices (and their deliveries) older than `before`; returns how many. */
export async function purgeBefore(db: TTx, before: Date): Promise<number> {
  const rows = await db.delete(notifications).where(lt(notifications.createdAt, before)).returning({ id: notifications.id });
  return rows.length;
}
