/** Helpers for the plans and invoices tests (not a test file itself). */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TMeter } from '@suite/shared/plans';
import { seedMembers } from '../../../db/schema.ts';
import { billingEvents, billingInvoices, billingSubscriptions } from '../../../db/schema-billing.ts';
import { createTestApp, movableClock, type TClock, type TTestApp, type TTestContext } from '../../../test/helpers.ts';
import { call, loginAs } from '../../auth/testing/auth-test-kit.ts';
import { signedIn } from '../../admin-users/testing/console-test-kit.ts';
import { billingOf } from '../billing.module.ts';
import type { TBillingDeps } from '../billing.deps.ts';
import { FAKE_TOSS_KEYS, startFakeToss, type TFakeToss } from './fake-toss.ts';

export type TBillingTest = { t: TTestApp; toss: TFakeToss; clock: TClock; close: () => Promise<void> };

/** An app whose Toss is the fake on loopback (helper C's), on a movable clock starting at `start`, jobs not polling. */
export async function billingTestApp(kind: 'pglite' | 'postgres', start: Date): Promise<TBillingTest> {
  const clock = movableClock(start.getTime());
  const toss = await startFakeToss({ ...FAKE_TOSS_KEYS, now: clock.now });
  const t = await createTestApp(kind, { env: toss.env, now: clock.now, jobs: false });
  return {
    t,
    toss,
    clock,
    close: async () => {
      await t.close();
      await toss.close();
    },
  };
}

/** The billing deps of a test app (to call rollPeriods / dropToFree as the cycle does). */
export function depsOf(t: TTestContext): TBillingDeps {
  const deps = billingOf(t.app.ctx);
  if (!deps) throw new Error('billing module not registered');
  return deps;
}

type TPerson = { id: string; email: string; token: string };
export type TBillingSeed = { seedId: string; owner: TPerson; admin: TPerson; member: TPerson; outsider: TPerson };

/** A seed with an owner, an admin and a member (and an outsider), each signed in. */
export async function billingSeed(t: TTestContext, name = '결제 상사'): Promise<TBillingSeed> {
  const [owner, admin, member, outsider] = await Promise.all([signedIn(t), signedIn(t), signedIn(t), signedIn(t)]);
  const created = await call(t, { method: 'POST', url: '/api/seeds', token: owner.token, body: { seed_name: name } });
  if (created.status !== 201) throw new Error(`seed: ${created.status} ${JSON.stringify(created.body)}`);
  const seedId = (created.body as { data: { id: string } }).data.id;
  await t.database.db.insert(seedMembers).values([
    { seedId, userId: admin.id, role: 'admin' },
    { seedId, userId: member.id, role: 'member' },
  ]);
  return { seedId, owner, admin, member, outsider };
}

/** A fresh session for someone (after the test clock jumped past the idle timeout). */
export async function freshToken(t: TTestContext, person: TPerson): Promise<void> {
  person.token = (await loginAs(t, person.email)).tokens.access_token;
}

/** app.inject with a bearer token, PUT included. */
export function billingApi(t: TTestContext, token?: string) {
  return (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
    call(t, { method, url, ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });
}

/** Bank transfer as the seed's payment method, through the payments API (each invoice then gets a virtual account). */
export async function chooseTransfer(t: TTestContext, x: TBillingSeed): Promise<void> {
  const res = await billingApi(t, x.owner.token)('POST', `/api/seeds/${x.seedId}/billing/payment-methods/transfer`);
  if (res.status !== 200) throw new Error(`transfer: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A card registered as the browser does after Toss's window (the fake issues the authKey; a number ending 0000 is declined). */
export async function registerCard(s: TBillingTest, x: TBillingSeed, cardNumber = '4330123412341234'): Promise<void> {
  const api = billingApi(s.t, x.owner.token);
  const auth = await api('GET', `/api/seeds/${x.seedId}/billing/payment-methods/card/auth`);
  if (auth.status !== 200) throw new Error(`card auth: ${auth.status} ${JSON.stringify(auth.body)}`);
  const customerKey = (auth.body as { customerKey: string }).customerKey;
  const res = await api('POST', `/api/seeds/${x.seedId}/billing/payment-methods/card`, {
    authKey: s.toss.control.authKeyFor(customerKey, cardNumber),
    customerKey,
  });
  if (res.status !== 200) throw new Error(`card: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * Billable events recorded through the app's metering (helper A's journal, then its flush into billing_events and
 * billing_usage), each with a unique id, at `at` (its KST month is the usage period).
 */
export async function recordEvents(t: TTestContext, seedId: string, meter: TMeter, quantities: number[], at: Date): Promise<void> {
  for (const quantity of quantities) t.app.ctx.meter.record({ id: `kit:${randomUUID()}`, seedId, meter, quantity, at });
  await t.app.ctx.meter.flush();
}

/** The raw events of a seed's month. */
export async function rawEvents(t: TTestContext, seedId: string, period: string) {
  return t.database.db
    .select({ meter: billingEvents.meter, quantity: billingEvents.quantity })
    .from(billingEvents)
    .where(and(eq(billingEvents.seedId, seedId), eq(billingEvents.period, period)));
}

export async function invoicesOf(t: TTestContext, seedId: string) {
  return t.database.db.select().from(billingInvoices).where(eq(billingInvoices.seedId, seedId));
}

export async function subscriptionOf(t: TTestContext, seedId: string) {
  const [row] = await t.database.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.seedId, seedId));
  return row;
}

/** A KST wall-clock time as an instant: kst('2026-11-10T12:00') = 03:00 UTC. */
export function kst(local: string): Date {
  return new Date(`${local}:00+09:00`);
}
