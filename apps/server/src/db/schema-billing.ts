/**
 * Billing (issue 31, modules/billing): metered events, each seed's plan, payment methods, business details, invoices,
 * payment attempts, 세금계산서 and the webhooks received. Amounts are integers in KRW (원); the rounding rule lives
 * once in packages/shared/src/billing-money.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { seeds, users } from './schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const won = (name: string) => bigint(name, { mode: 'number' });

/**
 * One billable event, recorded once: `id` is unique (the meter and the caller's idempotency key or request id, the
 * chat message id, …), so a retried request or a replayed journal adds nothing. `period` is the Asia/Seoul month.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    seedId: uuid('seed_id').notNull(),
    meter: text('meter').notNull(),
    quantity: won('quantity').notNull().default(1),
    period: text('period').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('billing_events_seed_period_idx').on(t.seedId, t.period, t.meter), index('billing_events_created_idx').on(t.createdAt)],
);

/** A meter's aggregate per seed and month (count and sum add up, max keeps the largest), kept with the events it counted. */
export const billingUsage = pgTable(
  'billing_usage',
  {
    seedId: uuid('seed_id').notNull(),
    period: text('period').notNull(),
    meter: text('meter').notNull(),
    value: won('value').notNull().default(0),
    events: won('events').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.seedId, t.period, t.meter] })],
);

/** A seed's plan. No row = the free plan. A downgrade waits in `next_*` until `period_end`. */
export const billingSubscriptions = pgTable('billing_subscriptions', {
  seedId: uuid('seed_id')
    .primaryKey()
    .references(() => seeds.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull(),
  interval: text('interval').notNull().default('month'),
  periodStart: ts('period_start').notNull(),
  periodEnd: ts('period_end').notNull(),
  nextPlanId: text('next_plan_id'),
  nextInterval: text('next_interval'),
  /** 'active' | 'past_due' (a charge failed; the grace period runs until `grace_ends_at`). */
  status: text('status').notNull().default('active'),
  pastDueSince: ts('past_due_since'),
  graceEndsAt: ts('grace_ends_at'),
  /** Bumped by every change (two owners changing the plan at once: one wins, one proration). */
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** How a seed pays: a card (Toss billing key, sealed with ENCRYPTION_KEY) or bank transfer (a virtual account per invoice). */
export const billingPaymentMethods = pgTable(
  'billing_payment_methods',
  {
    seedId: uuid('seed_id')
      .primaryKey()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Toss `customerKey`: random, one per seed, never an e-mail or a seed id. */
    customerKey: text('customer_key').notNull(),
    billingKeySealed: text('billing_key_sealed'),
    cardCompany: text('card_company'),
    cardNumber: text('card_number'),
    cardType: text('card_type'),
    ownerType: text('owner_type'),
    /** 'YYYY-MM' when known (the card's last valid month), for the expiry notice. */
    cardExpiresOn: text('card_expires_on'),
    registeredBy: uuid('registered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_payment_methods_customer_key').on(t.customerKey)],
);

/** Who the invoices and 세금계산서 are made out to: a business (사업자) or an individual (cash receipt instead). */
export const billingBusinesses = pgTable('billing_businesses', {
  seedId: uuid('seed_id')
    .primaryKey()
    .references(() => seeds.id, { onDelete: 'cascade' }),
  businessNumber: text('business_number').notNull(),
  name: text('name').notNull(),
  ceo: text('ceo').notNull(),
  businessType: text('business_type').notNull(),
  businessItem: text('business_item').notNull(),
  address: text('address').notNull(),
  email: text('email').notNull(),
  /** From the NTS status API when configured: 'general' | 'simple' (간이과세자) | 'exempt' | null (not checked). */
  taxType: text('tax_type'),
  ntsCheckedAt: ts('nts_checked_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * An invoice. `order_id` is the Toss orderId (unique); `idempotency_key` is sent with every charge of it, so a charge
 * retried after a timeout is charged once. Lines: [{ kind, meter?, description, quantity, unitPrice, amount }].
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** No foreign key: invoices are accounting records kept after a seed is deleted (국세기본법: five years). */
    seedId: uuid('seed_id').notNull(),
    number: text('number').notNull(),
    /** 'period' (a month or year's plan fee and the last month's overage) | 'proration' (an upgrade's remainder). */
    kind: text('kind').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    lines: jsonb('lines').$type<Array<Record<string, unknown>>>().notNull().default([]),
    supply: won('supply').notNull(),
    vat: won('vat').notNull(),
    total: won('total').notNull(),
    /** 'open' | 'paid' | 'failed' | 'waiting_deposit' | 'void' | 'refunded' */
    status: text('status').notNull().default('open'),
    method: text('method'),
    orderId: text('order_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentKey: text('payment_key'),
    attempts: integer('attempts').notNull().default(0),
    /** A charge in flight holds the invoice until then (another instance or a concurrent retry waits or reuses its key). */
    chargingUntil: ts('charging_until'),
    nextAttemptAt: ts('next_attempt_at'),
    paidAt: ts('paid_at'),
    receiptUrl: text('receipt_url'),
    /** While waiting for a transfer: { bank, accountNumber, customerName, dueDate }. */
    virtualAccount: jsonb('virtual_account').$type<Record<string, unknown>>(),
    /** The virtual account's webhook secret (sealed): a DEPOSIT_CALLBACK must carry it. */
    depositSecretSealed: text('deposit_secret_sealed'),
    cashReceipt: jsonb('cash_receipt').$type<Record<string, unknown>>(),
    refundedAmount: won('refunded_amount').notNull().default(0),
    /** The 공급받는자 as it was when the invoice was created (the business details then; null = an individual). */
    buyer: jsonb('buyer').$type<Record<string, unknown>>(),
    /** The 공급자 as it was when the invoice was created ({ name, businessNumber }); null on invoices made before it was kept. */
    seller: jsonb('seller').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_invoices_number_key').on(t.number),
    uniqueIndex('billing_invoices_order_id_key').on(t.orderId),
    uniqueIndex('billing_invoices_period_key')
      .on(t.seedId, t.periodStart)
      .where(sql`kind = 'period'`),
    index('billing_invoices_seed_idx').on(t.seedId, t.createdAt),
    index('billing_invoices_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('open', 'failed')`),
  ],
);

/** Every charge attempt and its outcome ('paid' | 'declined' | 'error' | 'timeout'), for dunning and the admin's failed payments. */
export const billingPaymentAttempts = pgTable(
  'billing_payment_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => billingInvoices.id, { onDelete: 'cascade' }),
    seedId: uuid('seed_id').notNull(),
    attempt: integer('attempt').notNull(),
    amount: won('amount').notNull(),
    outcome: text('outcome').notNull(),
    code: text('code'),
    message: text('message'),
    paymentKey: text('payment_key'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_payment_attempts_invoice_attempt_key').on(t.invoiceId, t.attempt), index('billing_payment_attempts_at_idx').on(t.at)],
);

/**
 * A 세금계산서 (monthly total, 정발행) or a 수정세금계산서 (kind 'modify', pointing at the original). `mgt_key` is the
 * Popbill 문서번호; `state_code` is Popbill's (300 발행완료, 303 전송중, 304 전송성공, 305 전송실패, 600 취소, …).
 */
export const billingTaxInvoices = pgTable(
  'billing_tax_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** No foreign key, like the invoices: kept after a seed is deleted. */
    seedId: uuid('seed_id').notNull(),
    month: text('month').notNull(),
    kind: text('kind').notNull().default('normal'),
    originalId: uuid('original_id'),
    mgtKey: text('mgt_key').notNull(),
    invoiceIds: jsonb('invoice_ids').$type<string[]>().notNull().default([]),
    supply: won('supply').notNull(),
    tax: won('tax').notNull(),
    total: won('total').notNull(),
    /** 'pending' | 'issued' | 'sending' | 'sent' | 'failed' | 'cancelled' */
    state: text('state').notNull().default('pending'),
    stateCode: integer('state_code'),
    ntsConfirmNum: text('nts_confirm_num'),
    ntsResult: text('nts_result'),
    error: text('error'),
    issuedAt: ts('issued_at'),
    stateCheckedAt: ts('state_checked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_tax_invoices_mgt_key').on(t.mgtKey),
    uniqueIndex('billing_tax_invoices_month_key')
      .on(t.seedId, t.month)
      .where(sql`kind = 'normal'`),
  ],
);

/** Webhooks received (Toss, Popbill): `id` is unique per event, so the same event twice changes nothing. */
export const billingWebhookEvents = pgTable(
  'billing_webhook_events',
  {
    id: text('id').primaryKey(),
    source: text('source').notNull(),
    eventType: text('event_type').notNull(),
    /** 'applied' | 'ignored' | 'rejected' (forged, unknown payment, amount mismatch, …) */
    outcome: text('outcome').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [index('billing_webhook_events_received_idx').on(t.receivedAt)],
);
