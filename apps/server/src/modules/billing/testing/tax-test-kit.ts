/** Helpers for the business-details and 세금계산서 tests (not a test file itself): seeds with roles, paid invoices. */
import { randomBytes } from 'node:crypto';
import { vatOf } from '@suite/shared';
import { seedMembers, seeds, users } from '../../../db/schema.ts';
import { billingInvoices, billingTaxInvoices } from '../../../db/schema-billing.ts';
import { eq } from 'drizzle-orm';
import type { TTestContext } from '../../../test/helpers.ts';
import { call } from '../../auth/testing/auth-test-kit.ts';
import { signedIn } from '../../admin-users/testing/console-test-kit.ts';

type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** app.inject with a bearer token, PUT included: req(t, token)('PUT', url, body). */
export function req(t: TTestContext, token?: string) {
  return (method: TMethod, url: string, body?: unknown) => call(t, { method, url, ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });
}

/** A seed with an owner, an admin and a member, each signed in. */
export async function seedWithTeam(t: TTestContext, opts: { ownerPhone?: string } = {}) {
  const owner = await signedIn(t);
  const admin = await signedIn(t);
  const member = await signedIn(t);
  const db = t.database.db;
  if (opts.ownerPhone !== undefined) await db.update(users).set({ phone: opts.ownerPhone }).where(eq(users.id, owner.id));
  const [seed] = await db.insert(seeds).values({ seedName: '세금 시드', ownerId: owner.id }).returning({ id: seeds.id });
  await db.insert(seedMembers).values([
    { seedId: seed!.id, userId: owner.id, role: 'owner' },
    { seedId: seed!.id, userId: admin.id, role: 'admin' },
    { seedId: seed!.id, userId: member.id, role: 'member' },
  ]);
  return { seedId: seed!.id, owner, admin, member };
}

export const businessBody = (businessNumber: string, overrides: Record<string, unknown> = {}) => ({
  businessNumber,
  name: '주식회사 씨앗',
  ceo: '김씨앗',
  businessType: '서비스업',
  businessItem: '소프트웨어 개발',
  address: '서울특별시 마포구 월드컵북로 1',
  email: 'tax@seed.example.com',
  ...overrides,
});

let counter = 0;
/** An invoice as the cycle would leave it: `supply` 원 plus VAT, paid at `paidAt` by `method`. */
export async function paidInvoice(
  t: TTestContext,
  seedId: string,
  o: { supply: number; paidAt: Date; method?: 'card' | 'transfer'; status?: string; refundedAmount?: number },
): Promise<{ id: string; number: string; supply: number; vat: number; total: number }> {
  counter += 1;
  const vat = vatOf(o.supply);
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}${counter}`;
  const [row] = await t.database.db
    .insert(billingInvoices)
    .values({
      seedId,
      number: `T-${tag}`,
      kind: 'proration',
      periodStart: new Date(o.paidAt.getTime() - 86_400_000),
      periodEnd: new Date(o.paidAt.getTime() + 29 * 86_400_000),
      lines: [],
      supply: o.supply,
      vat,
      total: o.supply + vat,
      status: o.status ?? 'paid',
      method: o.method ?? 'card',
      orderId: `order-${tag}`,
      idempotencyKey: `idem-${tag}`,
      paidAt: o.paidAt,
      refundedAmount: o.refundedAmount ?? 0,
    })
    .returning({ id: billingInvoices.id, number: billingInvoices.number });
  return { ...row!, supply: o.supply, vat, total: o.supply + vat };
}

/** Marks an invoice refunded by `amount` (what the payments part does before it calls onInvoiceRefunded). */
export async function refund(t: TTestContext, invoiceId: string, amount: number, full: boolean): Promise<void> {
  await t.database.db
    .update(billingInvoices)
    .set({ refundedAmount: amount, ...(full ? { status: 'refunded' } : {}) })
    .where(eq(billingInvoices.id, invoiceId));
}

export async function taxRows(t: TTestContext, seedId: string) {
  return t.database.db.select().from(billingTaxInvoices).where(eq(billingTaxInvoices.seedId, seedId)).orderBy(billingTaxInvoices.createdAt);
}

export async function invoiceRow(t: TTestContext, id: string) {
  const [row] = await t.database.db.select().from(billingInvoices).where(eq(billingInvoices.id, id));
  return row!;
}
