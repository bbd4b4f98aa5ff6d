/**
 * THE catalogue of plans (issue 31), next to the service catalogue: what each plan costs and includes per meter.
 * Prices are 공급가액 (VAT excluded) in whole 원; the VAT and rounding rules are in billing-money.ts. The server
 * prices everything from here: a plan or amount sent by a browser is never trusted.
 */

/** What is metered, and how a month's events become one figure (as Lago and Stripe define aggregations). */
export const METERS = {
  /** Data-API calls (API builder keys, and the admin builder's calls through them). */
  'api.calls': { aggregation: 'count' },
  /** Chatbot answers given (an answered question; refusals and hand-offs are not billed). */
  'chatbot.answers': { aggregation: 'count' },
  /** Slack AI answers posted. */
  'slack.answers': { aggregation: 'count' },
  /** Language-model tokens used for the seed (chatbot, Slack AI, embeddings). */
  'llm.tokens': { aggregation: 'sum' },
  /** Stored knowledge in bytes: the month's largest daily reading. */
  'knowledge.bytes': { aggregation: 'max' },
  /** Admin-builder apps: the month's largest count. */
  'admin-builder.apps': { aggregation: 'max' },
} as const satisfies Record<string, { aggregation: 'count' | 'sum' | 'max' }>;

export type TMeter = keyof typeof METERS;
export const METER_NAMES = Object.keys(METERS) as [TMeter, ...TMeter[]];

export type TPlanId = 'free' | 'starter' | 'business';
export const PLAN_IDS = ['free', 'starter', 'business'] as const satisfies readonly TPlanId[];
export type TBillingInterval = 'month' | 'year';

/** Overage: `price` 원 (공급가액) for each started block of `per` units above the included volume. */
export type TOverage = { per: number; price: number };
export type TPlanMeter = { meter: TMeter; included: number; overage: TOverage | null };
export type TPlan = {
  id: TPlanId;
  /** Rank for upgrade (higher) and downgrade (lower). */
  rank: number;
  monthlyPrice: number;
  yearlyPrice: number;
  meters: TPlanMeter[];
};

const MB = 1_000_000;
const GB = 1_000 * MB;

export const PLANS: readonly TPlan[] = [
  {
    id: 'free',
    rank: 0,
    monthlyPrice: 0,
    yearlyPrice: 0,
    // No card, no cost: usage above these volumes waits for the next month (overage null = a limit, not a charge).
    meters: [
      { meter: 'api.calls', included: 10_000, overage: null },
      { meter: 'chatbot.answers', included: 300, overage: null },
      { meter: 'slack.answers', included: 300, overage: null },
      { meter: 'llm.tokens', included: 300_000, overage: null },
      { meter: 'knowledge.bytes', included: 50 * MB, overage: null },
      { meter: 'admin-builder.apps', included: 1, overage: null },
    ],
  },
  {
    id: 'starter',
    rank: 1,
    monthlyPrice: 29_000,
    yearlyPrice: 290_000,
    meters: [
      { meter: 'api.calls', included: 300_000, overage: { per: 10_000, price: 1_000 } },
      { meter: 'chatbot.answers', included: 3_000, overage: { per: 100, price: 1_500 } },
      { meter: 'slack.answers', included: 3_000, overage: { per: 100, price: 1_500 } },
      { meter: 'llm.tokens', included: 5_000_000, overage: { per: 100_000, price: 700 } },
      { meter: 'knowledge.bytes', included: 1 * GB, overage: { per: 100 * MB, price: 500 } },
      { meter: 'admin-builder.apps', included: 5, overage: { per: 1, price: 5_000 } },
    ],
  },
  {
    id: 'business',
    rank: 2,
    monthlyPrice: 99_000,
    yearlyPrice: 990_000,
    meters: [
      { meter: 'api.calls', included: 2_000_000, overage: { per: 10_000, price: 700 } },
      { meter: 'chatbot.answers', included: 20_000, overage: { per: 100, price: 1_000 } },
      { meter: 'slack.answers', included: 20_000, overage: { per: 100, price: 1_000 } },
      { meter: 'llm.tokens', included: 30_000_000, overage: { per: 100_000, price: 500 } },
      { meter: 'knowledge.bytes', included: 10 * GB, overage: { per: 100 * MB, price: 300 } },
      { meter: 'admin-builder.apps', included: 30, overage: { per: 1, price: 3_000 } },
    ],
  },
];

export const FREE_PLAN_ID: TPlanId = 'free';

export function planById(id: string): TPlan | undefined {
  return PLANS.find((p) => p.id === id);
}

export function planPrice(plan: TPlan, interval: TBillingInterval): number {
  return interval === 'year' ? plan.yearlyPrice : plan.monthlyPrice;
}
