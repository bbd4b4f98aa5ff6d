/** Helpers for the payments tests (not a test file itself): an app on the fake Toss, seeds with owners, invoices. */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { withVat } from '@suite/shared/billing-money';
import { seedMembers } from '../../../db/schema.ts';
import { billingInvoices, billingPaymentAttempts } from '../../../db/schema-billing.ts';
import { createTestApp, movableClock, type TClock, type TTestApp } from '../../../test/helpers.ts';
import { api, signedIn } from '../../admin-users/testing/console-test-kit.ts';
import { createTossClient } from '../../../adapters/toss.ts';
import { billingOf } from '../billing.module.ts';
import type { TBillingDeps } from '../billing.deps.ts';
import { FAKE_TOSS_KEYS, startFakeToss, type TFakeToss } from './fake-toss.ts';

export type TPaymentsTest = { t: TTestApp; toss: TFakeToss; deps: TBillingDeps; clock: TClock; close: () => Promise<void> };

/**
 * An app whose Toss is the fake on loopback, on a movable clock, the job runner not polling (tests run jobs with
 * `t.app.jobs.runDue()`). The Toss client's timeout is `tossTimeoutMs` (short, so the fake's delayed answer times out).
 */
export async function paymentsTestApp(kind: 'pglite' | 'postgres', opts: { tossTimeoutMs?: number } = {}): Promise<TPaymentsTest> {
  const clock = movableClock(Date.parse('2026-11-10T03:00:00Z'));
  const toss = await startFakeToss({ ...FAKE_TOSS_KEYS, now: clock.now });
  const t = await createTestApp(kind, { env: { ...toss.env, APP_URL: 'http://app.test' }, now: clock.now, jobs: false });
  const deps = billingOf(t.app.ctx)!;
  deps.toss = createTossClient(t.config.billing.toss!, { timeoutMs: opts.tossTimeoutMs ?? 1_000 });
  return {
    t,
    toss,
    deps,
    clock,
    close: async () => {
      await t.close();
      await toss.close();
    },
  };
}

/** A signed-in owner with a new seed. */
export async function ownerWithSeed(t: TTestApp) {
  const owner = await signedIn(t);
  const res = await api(t, owner.token)('POST', '/api/seeds', { seed_name: `결제 시드 ${randomBytes(3).toString('hex')}` });
  if (res.status !== 201 && res.status !== 200) throw new Error(`seed ${res.status} ${JSON.stringify(res.body)}`);
  return { owner, seedId: res.body.data.id as string };
}

/** A signed-in user with `role` in the seed (inserted directly). */
export async function memberOf(t: TTestApp, seedId: string, role: 'admin' | 'member') {
  const user = await signedIn(t);
  await t.database.db.insert(seedMembers).values({ seedId, userId: user.id, role });
  return user;
}

let seq = 0;
/** An open invoice of `supply` 원 (VAT added by the money rules), as the invoices part would make it. */
export async function insertInvoice(t: TTestApp, seedId: string, supply = 29_000, status = 'open') {
  seq += 1;
  const money = withVat(supply);
  const start = new Date(Date.UTC(2020, 0, 1) + seq * 86_400_000 + Math.floor(Math.random() * 1e6) * 60_000);
  const [row] = await t.database.db
    .insert(billingInvoices)
    .values({
      seedId,
      number: `CT-TEST-${randomBytes(5).toString('hex')}`,
      kind: 'period',
      periodStart: start,
      periodEnd: new Date(start.getTime() + 30 * 86_400_000),
      lines: [{ kind: 'plan', meter: null, description: '스타터 요금제', quantity: 1, unitPrice: supply, amount: supply }],
      ...money,
      status,
      orderId: `inv_${randomUUID().replace(/-/g, '')}`,
      idempotencyKey: `invoice-${randomUUID()}`,
    })
    .returning();
  return row!;
}

export async function invoiceRow(t: TTestApp, id: string) {
  const [row] = await t.database.db.select().from(billingInvoices).where(eq(billingInvoices.id, id));
  return row!;
}

export async function attemptsOf(t: TTestApp, invoiceId: string) {
  return t.database.db.select().from(billingPaymentAttempts).where(eq(billingPaymentAttempts.invoiceId, invoiceId)).orderBy(billingPaymentAttempts.attempt);
}

export async function setInvoiceTotal(t: TTestApp, id: string, total: number) {
  await t.database.db.update(billingInvoices).set({ total }).where(eq(billingInvoices.id, id));
}

/** Registers a card as the browser would after Toss's window (the fake issues the authKey). */
export async function registerCard(s: TPaymentsTest, token: string, seedId: string, cardNumber = '4330123412341234') {
  const call = api(s.t, token);
  const auth = await call('GET', `/api/seeds/${seedId}/billing/payment-methods/card/auth`);
  if (auth.status !== 200) throw new Error(`card auth ${auth.status} ${JSON.stringify(auth.body)}`);
  const authKey = s.toss.control.authKeyFor(auth.body.customerKey, cardNumber);
  return call('POST', `/api/seeds/${seedId}/billing/payment-methods/card`, { authKey, customerKey: auth.body.customerKey });
}
