// Meal manager, round two (issue 38): outings of several parts (1차, 2차 …), the bill amount, receipts.
import { z } from 'zod';
import { koMeal } from '../messages/ko-meal.ts';
import { ZCreateMealInput, ZMealPerson } from './meal.ts';

const v = koMeal.validation;
const o = koMeal.outing.validation;

/** Receipts a round may carry, and the types an upload may be (checked by magic bytes on the server). */
export const MEAL_RECEIPT_MAX = 5;
export const MEAL_RECEIPT_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type TMealReceiptUploadType = (typeof MEAL_RECEIPT_UPLOAD_TYPES)[number];

export const ZMealOutingParams = z.object({ seedId: z.uuid(v.id), outingId: z.uuid(v.id) });
export const ZMealReceiptParams = z.object({ seedId: z.uuid(v.id), mealId: z.uuid(v.id), receiptId: z.uuid(v.id) });

/**
 * POST …/meals/:mealId/next-part: the same fields as opening a round; the title defaults to "<outing title> N차" and
 * the date to the outing's date.
 */
export const ZNextPartInput = z
  .object({ ...ZCreateMealInput.shape, title: ZCreateMealInput.shape.title.optional(), date: ZCreateMealInput.shape.date.optional() })
  .refine((r) => r.mode !== 'menu' || r.options.length > 0, { message: v.options, path: ['options'] })
  .refine((r) => r.split !== 'sponsor' || Boolean(r.sponsorId), { message: v.sponsor, path: ['sponsorId'] });
export type TNextPartInput = z.input<typeof ZNextPartInput>;

/** PUT …/meals/:mealId/bill: the bill in whole won as the payer read it from the receipt; null goes back to the items' sum. */
export const ZMealBillInput = z.object({
  amount: z.number({ error: o.bill }).int(o.bill).min(0, o.bill).max(Number.MAX_SAFE_INTEGER, o.bill).nullable(),
});
export type TMealBillInput = z.input<typeof ZMealBillInput>;

export const ZMealOutingPart = z.object({
  id: z.string(),
  partNo: z.number().int(),
  title: z.string(),
  restaurant: z.string(),
  status: z.enum(['open', 'closed', 'drawn', 'cancelled']),
  /** The bill: bill_amount when the payer entered it, else the sum of the joined participants' items. */
  total: z.number().int(),
});

export const ZMealOuting = z.object({
  outingId: z.string(),
  parts: z.array(ZMealOutingPart),
  /** Per person over the parts: meal_shares of closed/drawn parts; for parts not settled yet, the planned amount (`planned`). */
  people: z.array(
    ZMealPerson.extend({
      parts: z.array(z.object({ mealId: z.string(), amount: z.number().int(), planned: z.boolean() })),
      total: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type TMealOuting = z.infer<typeof ZMealOuting>;
export const ZMealOutingResponse = z.object({ data: ZMealOuting });

export const ZMealReceipt = z.object({
  id: z.string(),
  mealId: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  sha256: z.string(),
  uploadedBy: ZMealPerson.nullable(),
  canDelete: z.boolean(),
  createdAt: z.string(),
});
export type TMealReceipt = z.infer<typeof ZMealReceipt>;
export const ZMealReceiptResponse = z.object({ success: z.literal(true), message: z.string(), data: ZMealReceipt });
export const ZMealReceiptListResponse = z.object({ data: z.array(ZMealReceipt) });

/** GET /api/seeds/:seedId/meal-receipts: the rounds that have receipts, for the ledger's links. */
export const ZMealReceiptRounds = z.object({
  data: z.array(
    z.object({
      mealId: z.string(),
      title: z.string(),
      date: z.string(),
      partNo: z.number().int(),
      total: z.number().int(),
      receipts: z.array(z.object({ id: z.string(), contentType: z.string() })),
    }),
  ),
});
export type TMealReceiptRounds = z.infer<typeof ZMealReceiptRounds>['data'];
