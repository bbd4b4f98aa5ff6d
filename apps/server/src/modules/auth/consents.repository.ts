/** The consents table (owned by the account system): every grant and withdrawal is its own row, never updated. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { consents, users } from '../../db/schema.ts';

export type TConsentRow = { kind: string; granted: boolean; termsVersion: string; createdAt: Date };

/** A person's consent rows, newest first (by id: rows of one transaction share their time; changes are serialised). */
export async function listConsents(db: TTx, userId: string): Promise<TConsentRow[]> {
  return db
    .select({ kind: consents.kind, granted: consents.granted, termsVersion: consents.termsVersion, createdAt: consents.createdAt })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.id));
}

/** The live account's marketing flag, its row locked until the transaction ends (two changes at once apply in turn). */
export async function lockMarketing(tx: TTx, userId: string): Promise<{ marketingConsent: boolean } | undefined> {
  const [row] = await tx
    .select({ marketingConsent: users.marketingConsent })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/** The latest row of one kind, or undefined when the person never gave or withdrew it. */
export async function latestConsent(tx: TTx, userId: string, kind: string): Promise<TConsentRow | undefined> {
  const [row] = await tx
    .select({ kind: consents.kind, granted: consents.granted, termsVersion: consents.termsVersion, createdAt: consents.createdAt })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, kind)))
    .orderBy(desc(consents.id))
    .limit(1);
  return row;
}
