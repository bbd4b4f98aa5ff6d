/** Helpers for the cycle and dunning tests: seeds, subscriptions and invoices inserted directly, notices read back. */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { withVat } from '@suite/shared';
import { seedMembers, seeds } from '../../../db/schema.ts';
import { notifications } from '../../../db/schema-notifications.ts';
import { billingInvoices, billingPaymentAttempts, billingPaymentMethods, billingSubscriptions } from '../../../db/schema-billing.ts';
import type { TTestContext } from '../../../test/helpers.ts';

export async function makeSeed(t: TTestContext, ownerId: string, name = '테스트 시드'): Promise<string> {
  const [row] = await t.database.db.insert(seeds).values({ seedName: name, ownerId }).returning({ id: seeds.id });
  await t.database.db.insert(seedMembers).values({ seedId: row!.id, userId: ownerId, role: 'owner' });
  return row!.id;
}

export async function addMember(t: TTestContext, seedId: string, userId: string, role = 'member'): Promise<void> {
  await t.database.db.insert(seedMembers).values({ seedId, userId, role });
}

export async function subscribe(t: TTestContext, seedId: string, s: { planId: string; start: Date; end: Date }): Promise<void> {
  await t.database.db.insert(billingSubscriptions).values({ seedId, planId: s.planId, interval: 'month', periodStart: s.start, periodEnd: s.end });
}

let n = 0;
/** An invoice of `supply` 원 (VAT added by the money rules), status and next attempt as given. */
export async function insertInvoice(
  t: TTestContext,
  v: {
    seedId: string;
    supply: number;
    status: string;
    start: Date;
    end: Date;
    createdAt?: Date;
    paidAt?: Date;
    nextAttemptAt?: Date;
    attempts?: number;
    virtualAccount?: Record<string, unknown>;
    kind?: string;
    refundedAmount?: number;
  },
): Promise<string> {
  n += 1;
  const money = withVat(v.supply);
  const [row] = await t.database.db
    .insert(billingInvoices)
    .values({
      seedId: v.seedId,
      number: `T-${Date.now().toString(36)}-${n}`,
      kind: v.kind ?? 'period',
      periodStart: v.start,
      periodEnd: v.end,
      lines: [],
      ...money,
      status: v.status,
      method: v.virtualAccount ? 'transfer' : 'card',
      orderId: `order_${randomUUID().replace(/-/g, '')}`,
      idempotencyKey: randomUUID(),
      attempts: v.attempts ?? 0,
      nextAttemptAt: v.nextAttemptAt ?? null,
      paidAt: v.paidAt ?? null,
      virtualAccount: v.virtualAccount ?? null,
      refundedAmount: v.refundedAmount ?? 0,
      ...(v.createdAt ? { createdAt: v.createdAt } : {}),
    })
    .returning({ id: billingInvoices.id });
  return row!.id;
}

export async function recordAttempt(
  t: TTestContext,
  a: { invoiceId: string; seedId: string; attempt: number; amount: number; outcome: string; code?: string; message?: string },
) {
  await t.database.db.insert(billingPaymentAttempts).values({ ...a, code: a.code ?? null, message: a.message ?? null });
}

export async function cardOf(t: TTestContext, seedId: string, card: { cardNumber: string; cardExpiresOn: string; cardCompany?: string }): Promise<void> {
  await t.database.db.insert(billingPaymentMethods).values({
    seedId,
    kind: 'card',
    customerKey: `ck_${randomUUID().replace(/-/g, '')}`,
    cardCompany: card.cardCompany ?? '신한',
    cardNumber: card.cardNumber,
    cardExpiresOn: card.cardExpiresOn,
  });
}

export async function noticesOf(t: TTestContext, userId: string, event?: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(event ? and(eq(notifications.userId, userId), eq(notifications.event, event)) : eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.dedupeKey));
}

export async function invoiceRow(t: TTestContext, id: string) {
  const [row] = await t.database.db.select().from(billingInvoices).where(eq(billingInvoices.id, id));
  return row!;
}

export async function subscriptionRow(t: TTestContext, seedId: string) {
  const [row] = await t.database.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.seedId, seedId));
  return row;
}
