// Meal manager (issue 15): request and response schemas shared by server and web.
import { z } from 'zod';
import { koMeal } from '../messages/ko-meal.ts';
import { koMealFairness } from '../messages/ko-meal-fairness.ts';
import { ZMealCompanyAccounts, ZMealCompanyShare, ZMealPayWith } from './meal-policy.ts';

const v = koMeal.validation;

export const ZMealSeedParams = z.object({ seedId: z.uuid(v.id) });
export const ZMealParams = z.object({ seedId: z.uuid(v.id), mealId: z.uuid(v.id) });

export const MEAL_SPLITS = ['even', 'itemised', 'sponsor', 'ladder', 'roulette'] as const;
export const ZMealSplit = z.enum(MEAL_SPLITS, { error: v.split });
export type TMealSplit = z.infer<typeof ZMealSplit>;
export const isGameSplit = (s: TMealSplit) => s === 'ladder' || s === 'roulette';

const price = z.number({ error: v.price }).int(v.price).min(0, v.price).max(1_000_000, v.price);
const title = z.string({ error: v.title }).trim().min(1, v.title).max(60, v.title);
const deadline = z.iso.datetime({ offset: true, error: v.deadline });

export const ZMealOptionInput = z.object({
  name: z.string({ error: v.option }).trim().min(1, v.option).max(40, v.option),
  price: z.number({ error: v.option }).int(v.option).min(0, v.option).max(1_000_000, v.option),
});

/** A Slack channel id (C…/G…) or a channel name (#lunch, Korean letters too). */
export const ZMealSlackChannel = z
  .string({ error: koMealFairness.validation.slackChannel })
  .trim()
  .regex(/^(?:[CG][A-Z0-9]{6,20}|#?[\p{Ll}\p{Lo}\p{N}_-]{1,80})$/u, koMealFairness.validation.slackChannel);

/** POST /api/seeds/:seedId/meals (also the round form). */
export const ZCreateMealInput = z
  .object({
    title,
    date: z.string({ error: v.date }).regex(/^\d{4}-\d{2}-\d{2}$/, v.date),
    deadline,
    mode: z.enum(['menu', 'free'], { error: v.mode }),
    restaurant: z.string().trim().max(60, v.restaurant).default(''),
    options: z.array(ZMealOptionInput).max(50, v.options).default([]),
    split: ZMealSplit,
    sponsorId: z.uuid(v.sponsor).nullish(),
    payerCount: z.number({ error: v.payerCount }).int(v.payerCount).min(1, v.payerCount).max(10, v.payerCount).default(1),
    /** Game rounds in a seed with a connected Slack workspace: where the commitment is posted (else the seed's first chosen channel). */
    slackChannel: ZMealSlackChannel.optional(),
    /** Issue 38: apply the seed's meal policy (default: on when the seed has one and the host may spend) and who pays the restaurant. */
    applyPolicy: z.boolean().optional(),
    payWith: ZMealPayWith.optional(),
  })
  .refine((r) => r.mode !== 'menu' || r.options.length > 0, { message: v.options, path: ['options'] })
  .refine((r) => r.split !== 'sponsor' || Boolean(r.sponsorId), { message: v.sponsor, path: ['sponsorId'] });
export type TCreateMealInput = z.input<typeof ZCreateMealInput>;

/** PATCH /api/seeds/:seedId/meals/:mealId (host or seed managers, while open). */
export const ZUpdateMealInput = z
  .object({ title: title.optional(), deadline: deadline.optional(), restaurant: z.string().trim().max(60, v.restaurant).optional() })
  .refine((r) => Object.values(r).some((x) => x !== undefined), { message: v.nothing });
export type TUpdateMealInput = z.input<typeof ZUpdateMealInput>;

/** POST …/join: `choice` is an option id (menu mode) or free text (restaurant mode, with an optional price). */
export const ZJoinMealInput = z.object({
  choice: z.string({ error: v.choice }).trim().min(1, v.choice).max(100, v.choice),
  price: price.optional(),
  /** Any visible text (Korean too), up to 64 characters; control, format and unpaired surrogate characters are refused. */
  clientSeed: z
    .string({ error: v.clientSeed })
    .trim()
    .max(64, v.clientSeed)
    .regex(/^[^\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]*$/u, v.clientSeed)
    .optional(),
});
export type TJoinMealInput = z.input<typeof ZJoinMealInput>;

export const ZMealPerson = z.object({ userId: z.string(), name: z.string() });

export const ZMealParticipant = ZMealPerson.extend({
  status: z.enum(['joined', 'declined']),
  choice: z.string().nullable(),
  choiceLabel: z.string().nullable(),
  price: z.number().int(),
  /** Shown to everyone after the draw; before it only to its owner. */
  clientSeed: z.string().nullable(),
  updatedAt: z.string(),
});

export const ZMealDraw = z.object({
  payers: z.array(ZMealPerson.extend({ index: z.number().int() })),
  serverSeed: z.string(),
  commitment: z.string(),
  /** The joined participants ordered by user id, with their seed ('' when none was given). */
  clientSeeds: z.array(z.object({ userId: z.string(), clientSeed: z.string() })),
  h: z.string(),
});
export type TMealDraw = z.infer<typeof ZMealDraw>;

export const ZMeal = z.object({
  id: z.string(),
  seedId: z.string(),
  title: z.string(),
  date: z.string(),
  deadline: z.string(),
  mode: z.enum(['menu', 'free']),
  restaurant: z.string(),
  options: z.array(z.object({ id: z.string(), name: z.string(), price: z.number().int() })),
  split: ZMealSplit,
  sponsor: ZMealPerson.nullable(),
  payerCount: z.number().int(),
  status: z.enum(['open', 'closed', 'drawn', 'cancelled']),
  host: ZMealPerson,
  commitment: z.string().nullable(),
  participants: z.array(ZMealParticipant),
  summary: z.object({
    items: z.array(z.object({ label: z.string(), quantity: z.number().int(), amount: z.number().int() })),
    total: z.number().int(),
  }),
  /** What each joined participant pays once the payer is known (after close, or after the draw for games). */
  shares: z.array(ZMealPerson.extend({ amount: z.number().int() })),
  paidBy: ZMealPerson.nullable(),
  /** Issue 38: the outing this round is a part of (null: a round on its own), its part number, the bill the payer entered. */
  outingId: z.string().nullable(),
  partNo: z.number().int(),
  billAmount: z.number().int().nullable(),
  /** Present only after the draw: the serverSeed never appears before it. */
  draw: ZMealDraw.optional(),
  /** Game rounds of a seed with Slack (issue 38): the channel of the commitment and its ts (null: it could not be posted). */
  slack: z.object({ channel: z.string(), ts: z.string().nullable() }).nullable().optional(),
  myStatus: z.enum(['joined', 'declined', 'none']),
  canManage: z.boolean(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Issue 38: the company meal policy of the round and what the company bore per person after close. */
  applyPolicy: z.boolean().optional(),
  payWith: ZMealPayWith.optional(),
  companyShares: z.array(ZMealCompanyShare).optional(),
});
export type TMeal = z.infer<typeof ZMeal>;

export const ZMealResponse = z.object({ success: z.literal(true), message: z.string(), data: ZMeal });
export const ZMealListResponse = z.object({ data: z.array(ZMeal) });
export const ZMealListQuery = z.object({ status: z.enum(['open', 'closed', 'all']).default('all') });

/** userId 'company' with `company: true` is the company (issue 38). */
export const ZMealBalance = ZMealPerson.extend({ balance: z.number().int(), company: z.boolean().optional() });
export const ZMealTransfer = z.object({ from: ZMealPerson, to: ZMealPerson, amount: z.number().int() });
export type TMealTransfer = z.infer<typeof ZMealTransfer>;

export const ZMealLedger = z.object({
  balances: z.array(ZMealBalance),
  transfers: z.array(ZMealTransfer),
  settlements: z.array(ZMealTransfer.extend({ id: z.string(), createdAt: z.string() })),
  /** Cost borne per person per month (Asia/Seoul), for the chart. */
  monthly: z.array(ZMealPerson.extend({ month: z.string(), amount: z.number().int() })),
  /** Issue 38: the company's accounts (transfers above stay member to member). */
  company: ZMealCompanyAccounts.optional(),
});
export type TMealLedger = z.infer<typeof ZMealLedger>;

const amount = z.number({ error: v.amount }).int(v.amount).min(1, v.amount).max(100_000_000, v.amount);
export const ZMealSettlementInput = z
  .object({ fromUserId: z.uuid(v.id), toUserId: z.uuid(v.id), amount })
  .refine((r) => r.fromUserId !== r.toUserId, { message: v.sameUser, path: ['toUserId'] });
export type TMealSettlementInput = z.input<typeof ZMealSettlementInput>;

/** SSE payload of GET /api/seeds/:seedId/meals/stream (`event: meal`). */
export type TMealEvent = { type: 'created' | 'updated' | 'joined' | 'declined' | 'closed' | 'drawn' | 'deleted' | 'ledger'; mealId: string | null };
