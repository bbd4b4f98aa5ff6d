// Meal manager, round two (issue 38): the meal profile, 송금 links and transfer states, dietary notes and usual menus.
import { z } from 'zod';
import { koMealProfile, koMealTransfers } from '../messages/ko-meal-transfers.ts';

const v = koMealTransfers.validation;
const pv = koMealProfile.validation;
const id = z.uuid('올바른 ID가 아닙니다.');

/** The banks a profile may name (the 송금 link passes the name as Toss's `bank=` parameter). */
export const MEAL_BANKS = [
  '카카오뱅크',
  '토스뱅크',
  '케이뱅크',
  'KB국민은행',
  '신한은행',
  '우리은행',
  '하나은행',
  'NH농협은행',
  'IBK기업은행',
  'SC제일은행',
  '한국씨티은행',
  'KDB산업은행',
  '수협은행',
  '새마을금고',
  '신협',
  '우체국',
  '부산은행',
  'iM뱅크(대구은행)',
  '광주은행',
  '전북은행',
  '경남은행',
  '제주은행',
] as const;
export type TMealBank = (typeof MEAL_BANKS)[number];

/** Control and invisible formatting characters (bidi overrides, zero-width): a name shown to payers must read as it is. */
const HIDDEN_CHARS = /[\p{Cc}\p{Cf}]/u;
const visible = (s: string) => !HIDDEN_CHARS.test(s.replace(/\n/g, ''));
const label = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message).refine(visible, message);
const labels = (max: number, each: number, message: string) =>
  z
    .array(label(each, message), { error: message })
    .max(max, message)
    .transform((xs) => [...new Set(xs)]);

/** Digits and hyphens, 8–20 digits (hyphens do not count), no leading or trailing hyphen. */
const ACCOUNT_NUMBER = /^\d[\d-]*\d$/;
const digitCount = (s: string) => s.replace(/\D/g, '').length;
/** The Kakao Pay 송금코드 link as the app copies it. */
export const KAKAO_PAY_LINK = /^https:\/\/qr\.kakaopay\.com\/[A-Za-z0-9_-]{4,64}$/;

/** PUT /api/meal-profile (also the profile form). Empty strings clear a field; the account is all three or none. */
export const ZMealProfileInput = z
  .strictObject({
    bankName: z.union([z.literal(''), z.enum(MEAL_BANKS)], { error: pv.bankName }).default(''),
    accountNumber: z
      .string({ error: pv.accountNumber })
      .trim()
      .max(30, pv.accountNumber)
      .refine((s) => s === '' || (ACCOUNT_NUMBER.test(s) && digitCount(s) >= 8 && digitCount(s) <= 20), pv.accountNumber)
      .default(''),
    accountHolder: z.string({ error: pv.accountHolder }).trim().max(30, pv.accountHolder).refine(visible, pv.accountHolder).default(''),
    kakaoPayLink: z
      .string({ error: pv.kakaoPayLink })
      .trim()
      .refine((s) => s === '' || KAKAO_PAY_LINK.test(s), pv.kakaoPayLink)
      .default(''),
    dietary: labels(10, 20, pv.dietary).default([]),
    dietaryNote: z.string({ error: pv.dietaryNote }).trim().max(200, pv.dietaryNote).refine(visible, pv.dietaryNote).default(''),
    favourites: labels(10, 40, pv.favourites).default([]),
  })
  .superRefine((p, ctx) => {
    const given = [p.bankName, p.accountNumber, p.accountHolder].filter(Boolean).length;
    if (given === 0 || given === 3) return;
    for (const path of ['bankName', 'accountNumber', 'accountHolder'] as const)
      if (!p[path]) ctx.addIssue({ code: 'custom', message: pv.accountIncomplete, path: [path] });
  });
export type TMealProfileInput = z.input<typeof ZMealProfileInput>;

export const ZMealProfile = z.object({
  bankName: z.string(),
  accountNumber: z.string(),
  accountHolder: z.string(),
  kakaoPayLink: z.string(),
  dietary: z.array(z.string()),
  dietaryNote: z.string(),
  favourites: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type TMealProfile = z.infer<typeof ZMealProfile>;
export const ZMealProfileResponse = z.object({ data: ZMealProfile });
export const ZMealProfileSaved = z.object({ success: z.literal(true), message: z.string(), data: ZMealProfile });

const person = z.object({ userId: z.string(), name: z.string() });

/** What the payer needs to send money to the receiver (only for the viewer's own suggested transfers). */
export const ZMealTransferLinks = z.object({
  toss: z.string().optional(),
  kakaoPay: z.string().optional(),
  bank: z.object({ bankName: z.string(), accountNumber: z.string(), accountHolder: z.string() }).optional(),
});
export type TMealTransferLinks = z.infer<typeof ZMealTransferLinks>;

export const MEAL_TRANSFER_METHODS = ['toss', 'kakaopay', 'bank', 'cash'] as const;
export type TMealTransferMethod = (typeof MEAL_TRANSFER_METHODS)[number];

export const ZMealTransferRecord = z.object({
  id: z.string(),
  from: person,
  to: person,
  amount: z.number().int(),
  status: z.enum(['sent', 'confirmed', 'cancelled']),
  method: z.string().nullable(),
  sentAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TMealTransferRecord = z.infer<typeof ZMealTransferRecord>;

/** GET /api/seeds/:seedId/meal-transfers */
export const ZMealTransfersView = z.object({
  suggested: z.array(z.object({ from: person, to: person, amount: z.number().int(), links: ZMealTransferLinks })),
  /** Transfers marked sent and waiting for the receiver (the viewer's own; every one for a seed manager). */
  pending: z.array(ZMealTransferRecord),
  recent: z.array(ZMealTransferRecord),
});
export type TMealTransfersView = z.infer<typeof ZMealTransfersView>;
export const ZMealTransfersResponse = z.object({ data: ZMealTransfersView });
export const ZMealTransferSaved = z.object({ success: z.literal(true), message: z.string(), data: ZMealTransferRecord });

/** Whole won, at least 1; the upper bound is MEAL_AMOUNT_CAP, checked by the server (assertAmount). */
const amount = z.number({ error: v.amount }).int(v.amount).min(1, v.amount);

/** POST /api/seeds/:seedId/meal-transfers: the payer marks a transfer sent. */
export const ZMealTransferInput = z.strictObject({
  toUserId: z.uuid(v.toUser),
  amount,
  method: z.enum(MEAL_TRANSFER_METHODS, { error: v.method }),
});
export type TMealTransferInput = z.input<typeof ZMealTransferInput>;

/** POST /api/seeds/:seedId/meal-transfers/received: the receiver records money received (confirmed at once). */
export const ZMealTransferReceivedInput = z.strictObject({
  fromUserId: z.uuid(v.fromUser),
  amount,
  method: z.enum(MEAL_TRANSFER_METHODS, { error: v.method }).optional(),
});
export type TMealTransferReceivedInput = z.input<typeof ZMealTransferReceivedInput>;

export const ZMealTransferParams = z.object({ seedId: id, transferId: id });

/** GET /api/seeds/:seedId/meals/:mealId/diet: joined participants who set dietary labels or a note. */
export const ZMealDietResponse = z.object({
  data: z.array(person.extend({ dietary: z.array(z.string()), dietaryNote: z.string() })),
});
export type TMealDiet = z.infer<typeof ZMealDietResponse>['data'];

/** GET /api/seeds/:seedId/meal-usual: the viewer's favourites and most chosen menu names in the seed (top 5). */
export const ZMealUsualResponse = z.object({
  data: z.object({ favourites: z.array(z.string()), frequent: z.array(z.object({ name: z.string(), count: z.number().int() })) }),
});
export type TMealUsual = z.infer<typeof ZMealUsualResponse>['data'];
