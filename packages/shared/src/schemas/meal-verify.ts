// Meal manager, round two (issue 38): the public verify API of a game round's draw, and the Slack channels a round may use.
import { z } from 'zod';
import { koMeal } from '../messages/ko-meal.ts';
import { ZMealSeedParams } from './meal.ts';

/** GET /api/public/meal-draws/:mealId (no sign-in). */
export const ZMealVerifyParams = z.object({ mealId: z.uuid(koMeal.validation.id) });

/**
 * Readable by anyone with the link: names masked ("김*수"), never e-mail addresses. `userId` (an opaque UUID) stays,
 * because the formula orders participants by it and a verifier must be able to check that order.
 */
export const ZMealVerifyParticipant = z.object({ userId: z.string(), label: z.string(), clientSeed: z.string() });

export const ZMealVerify = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  status: z.enum(['open', 'closed', 'drawn', 'cancelled']),
  split: z.enum(['ladder', 'roulette']),
  commitment: z.string(),
  payerCount: z.number().int(),
  /** The joined participants ordered by user id. Client seeds only after the draw (before it: []). */
  participants: z.array(ZMealVerifyParticipant),
  /** Only after the draw. */
  serverSeed: z.string().optional(),
  h: z.string().optional(),
  /** Only after the draw, in draw order; `index` into `participants`. */
  payers: z.array(z.object({ userId: z.string(), label: z.string(), index: z.number().int() })).optional(),
  /** Where the commitment was posted before anyone joined (null: not posted to Slack). */
  slack: z.object({ channel: z.string(), posted: z.boolean() }).nullable(),
});
export type TMealVerify = z.infer<typeof ZMealVerify>;
export const ZMealVerifyResponse = z.object({ data: ZMealVerify });

/** GET /api/seeds/:seedId/meal-slack-channels (seed members): whether a game round will post to Slack, and where. */
export const ZMealSlackChannelsParams = ZMealSeedParams;
export const ZMealSlackChannels = z.object({
  connected: z.boolean(),
  teamName: z.string().nullable(),
  /** Channel ids chosen in the Slack console's settings; the first is the default. */
  channels: z.array(z.string()),
  defaultChannel: z.string().nullable(),
});
export type TMealSlackChannels = z.infer<typeof ZMealSlackChannels>;
export const ZMealSlackChannelsResponse = z.object({ data: ZMealSlackChannels });
