// Billing (issue 31): the pinned HTTP API's requests and answers, shared by server and web.
import { z } from 'zod';
import { koBilling } from '../messages/ko-billing.ts';
import { koBillingDunning } from '../messages/ko-billing-dunning.ts';
import { koBillingPayments } from '../messages/ko-billing-payments.ts';
import { koBillingTax } from '../messages/ko-billing-tax.ts';
import { isValidBusinessNumber } from '../billing-money.ts';
import { METER_NAMES, PLAN_IDS } from '../plans.ts';

const v = koBilling.validation;

export const ZPlanId = z.enum(PLAN_IDS, { error: v.planId });
export const ZBillingInterval = z.enum(['month', 'year'], { error: v.interval });
export const ZMeter = z.enum(METER_NAMES);

const ZOverage = z.object({ per: z.number().int(), price: z.number().int() });

/** GET /api/billing/plans: the public catalogue. */
export const ZPublicPlan = z.object({
  id: ZPlanId,
  name: z.string(),
  description: z.string(),
  monthlyPrice: z.number().int(),
  yearlyPrice: z.number().int(),
  meters: z.array(z.object({ meter: ZMeter, included: z.number().int(), overage: ZOverage.nullable() })),
});
export type TPublicPlan = z.infer<typeof ZPublicPlan>;
export const ZPlansResponse = z.object({ data: z.array(ZPublicPlan), vatPercent: z.number().int(), configured: z.boolean() });
export type TPlansResponse = z.infer<typeof ZPlansResponse>;

export const ZMoney = z.object({ supply: z.number().int(), vat: z.number().int(), total: z.number().int() });
export type TMoney = z.infer<typeof ZMoney>;

export const ZPaymentMethod = z.object({
  kind: z.enum(['card', 'transfer']),
  cardCompany: z.string().nullable(),
  cardNumber: z.string().nullable(),
  cardExpiresOn: z.string().nullable(),
});
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

export const ZBusiness = z.object({
  businessNumber: z.string(),
  name: z.string(),
  ceo: z.string(),
  businessType: z.string(),
  businessItem: z.string(),
  address: z.string(),
  email: z.string(),
  /** From the NTS status API when configured: 'general' | 'simple' (간이과세자) | 'exempt' | null (checksum only). */
  taxType: z.enum(['general', 'simple', 'exempt']).nullable(),
});
export type TBusiness = z.infer<typeof ZBusiness>;

/** GET /api/seeds/{seedId}/billing */
export const ZBillingOverview = z.object({
  configured: z.boolean(),
  plan: z.object({ id: ZPlanId, name: z.string(), interval: ZBillingInterval, price: z.number().int() }),
  status: z.enum(['active', 'past_due']),
  graceEndsAt: z.string().nullable(),
  /** A downgrade (or interval change) waiting for the period's end. */
  next: z.object({ planId: ZPlanId, interval: ZBillingInterval, at: z.string() }).nullable(),
  period: z.object({ start: z.string(), end: z.string() }),
  usage: z.array(
    z.object({
      meter: ZMeter,
      used: z.number().int(),
      included: z.number().int(),
      /** Straight-line projection of `used` to the month's end (max meters: `used`). */
      projected: z.number().int(),
      overage: z.number().int(),
    }),
  ),
  /** The next invoice if the month goes on as so far: the plan fee (when due) and projected overage, VAT apart. */
  projection: ZMoney,
  paymentMethod: ZPaymentMethod.nullable(),
  business: ZBusiness.nullable(),
  /** What the caller may do: owners change billing, admins read. */
  canManage: z.boolean(),
});
export type TBillingOverview = z.infer<typeof ZBillingOverview>;

/** PUT …/plan: the server prices everything (amounts are never taken from the browser). */
export const ZChangePlanInput = z.strictObject({ planId: ZPlanId, interval: ZBillingInterval.default('month') });
export type TChangePlanInput = z.infer<typeof ZChangePlanInput>;

/** POST …/payment-methods/card: what Toss's billing-auth window hands back to the success URL. */
export const ZCardInput = z.strictObject({
  authKey: z.string({ error: v.authKey }).min(1, v.authKey).max(300, v.authKey),
  customerKey: z.string({ error: v.customerKey }).regex(/^[A-Za-z0-9\-_=.@]{2,300}$/, v.customerKey),
});
export type TCardInput = z.infer<typeof ZCardInput>;

/** GET …/payment-methods/card/auth: what the browser hands to Toss's billing-auth window (never the secret key). */
/** PUT …/payment-methods/card/expiry: the card's last valid month, entered by the owner (Toss does not give it), for the expiry notice. */
export const ZCardExpiryInput = z.strictObject({
  expiresOn: z.string({ error: v.cardExpiry }).regex(/^20\d{2}-(0[1-9]|1[0-2])$/, v.cardExpiry),
});
export type TCardExpiryInput = z.infer<typeof ZCardExpiryInput>;

export const ZCardAuth = z.object({ clientKey: z.string(), customerKey: z.string(), sdkUrl: z.string(), successUrl: z.string(), failUrl: z.string() });
export type TCardAuth = z.infer<typeof ZCardAuth>;

export const ZInvoiceStatus = z.enum(['open', 'paid', 'failed', 'waiting_deposit', 'void', 'refunded']);
export const ZTaxInvoiceState = z.enum(['none', 'pending', 'issued', 'sending', 'sent', 'failed', 'cancelled', 'cash-receipt']);

export const ZInvoiceLine = z.object({
  kind: z.enum(['plan', 'overage', 'proration', 'credit']),
  meter: ZMeter.nullable(),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

export const ZInvoiceSummary = ZMoney.extend({
  id: z.uuid(),
  number: z.string(),
  kind: z.enum(['period', 'proration']),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: ZInvoiceStatus,
  method: z.enum(['card', 'transfer']).nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  taxInvoice: z.object({ state: ZTaxInvoiceState, ntsConfirmNum: z.string().optional() }),
  /** Added for 결제 내역's list (a failed invoice shows "n회 시도" and its next try); the invoice answer always has them. */
  attempts: z.number().int().optional(),
  nextAttemptAt: z.string().nullable().optional(),
  /** 원 refunded of the 합계 (0 = none; equal to it = 환불, less = 부분 환불); the invoice answer always has it. */
  refundedAmount: z.number().int().optional(),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

/** GET …/invoices/{id} */
export const ZInvoice = ZInvoiceSummary.extend({
  lines: z.array(ZInvoiceLine),
  receiptUrl: z.string().nullable(),
  virtualAccount: z.object({ bank: z.string(), accountNumber: z.string(), customerName: z.string(), dueDate: z.string() }).nullable(),
  cashReceipt: z.object({ type: z.string(), receiptUrl: z.string().nullable() }).nullable(),
  refundedAmount: z.number().int(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  seller: z.object({ name: z.string(), businessNumber: z.string().nullable() }),
  buyer: ZBusiness.nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;
export const ZInvoiceList = z.object({ data: z.array(ZInvoiceSummary) });
export const ZInvoiceParams = z.object({ seedId: z.uuid(), invoiceId: z.uuid({ error: v.invoiceId }) });

const text = (max: number, msg: string) => z.string({ error: msg }).trim().min(1, msg).max(max, msg);

/** PUT …/business */
export const ZBusinessInput = z.strictObject({
  businessNumber: z
    .string({ error: v.businessNumber })
    .trim()
    .refine((s) => isValidBusinessNumber(s), v.businessNumber)
    .transform((s) => s.replace(/-/g, '')),
  name: text(100, v.businessName),
  ceo: text(50, v.ceo),
  businessType: text(50, v.businessType),
  businessItem: text(50, v.businessItem),
  address: text(200, v.address),
  email: z.email({ error: v.email }).max(254, v.email),
});
export type TBusinessInput = z.input<typeof ZBusinessInput>;

/** GET /api/admin/billing/revenue (platform admin): revenue per month and failed payments. */
export const ZRevenueResponse = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      invoices: z.number().int(),
      /** The 합계s of the invoices paid in the month, as paid (refunds not subtracted). */
      paid: ZMoney,
      /** Of those, the 원 refunded since (whenever the refund was made); paid.total − refunded is what the month kept. */
      refunded: z.number().int().optional(),
      outstanding: z.number().int(),
    }),
  ),
  failed: z.array(
    z.object({
      invoiceId: z.uuid(),
      seedId: z.uuid(),
      seedName: z.string(),
      number: z.string(),
      total: z.number().int(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
    }),
  ),
});
export type TRevenueResponse = z.infer<typeof ZRevenueResponse>;

/** POST /api/admin/billing/invoices/{invoiceId}/refund (platform admin): all of what is left, or `amount` 원 of it. */
const refund = koBillingDunning.admin;
const rv = koBillingPayments.validation;
/** Toss's refundReceiveAccount: where a virtual-account (transfer) payment is refunded to (required for those). */
export const ZRefundReceiveAccount = z.strictObject({
  bank: z
    .string({ error: rv.refundBank })
    .trim()
    .regex(/^\d{2}$/, rv.refundBank),
  accountNumber: z
    .string({ error: rv.refundAccountNumber })
    .trim()
    .regex(/^\d{6,20}$/, rv.refundAccountNumber),
  holderName: z.string({ error: rv.refundHolderName }).trim().min(1, rv.refundHolderName).max(60, rv.refundHolderName),
});
export const ZRefundInput = z.strictObject({
  amount: z.number({ error: refund.refundAmount }).int(refund.refundAmount).min(1, refund.refundAmount).optional(),
  reason: z.string({ error: refund.refundReason }).trim().min(1, refund.refundReason).max(200, refund.refundReason),
  refundReceiveAccount: ZRefundReceiveAccount.optional(),
});
export type TRefundInput = z.infer<typeof ZRefundInput>;
export const ZRefundParams = z.object({ invoiceId: z.uuid({ error: v.invoiceId }) });

/** PUT …/business answers the saved details and, when the NTS said something worth knowing (간이, 휴업, 면세, not checked), a note. */
export const ZBusinessSaved = ZBusiness.extend({ note: z.string().nullable() });
export type TBusinessSaved = z.infer<typeof ZBusinessSaved>;

/**
 * POST /api/billing/webhooks/popbill: Popbill's 세금계산서 event (TAXINVOICE.STATE). Only the document number is used;
 * the state is fetched again from Popbill (GetInfo), never taken from the body.
 */
const pw = koBillingTax.webhook;
export const ZPopbillWebhookBody = z
  .object(
    {
      invoicerMgtKey: z.string({ error: pw.mgtKey }).min(1, pw.mgtKey).max(24, pw.mgtKey).optional(),
      mgtKey: z.string({ error: pw.mgtKey }).min(1, pw.mgtKey).max(24, pw.mgtKey).optional(),
      eventType: z.string({ error: pw.eventType }).max(40, pw.eventType).optional(),
      stateCode: z.union([z.number(), z.string()], { error: pw.stateCode }).optional(),
    },
    { error: pw.badBody },
  )
  .loose()
  .refine((b) => Boolean(b.invoicerMgtKey ?? b.mgtKey), { message: koBillingTax.webhook.badBody });
export type TPopbillWebhookBody = z.infer<typeof ZPopbillWebhookBody>;
