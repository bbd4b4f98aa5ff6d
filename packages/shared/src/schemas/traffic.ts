// Monitoring (issue 30): the traffic, spend and seed-monitoring answers, shared by server and web.
import { z } from 'zod';
import { koTraffic } from '../messages/ko-traffic.ts';

export const TRAFFIC_WINDOWS = ['1h', '24h', '7d'] as const;
export type TTrafficWindow = (typeof TRAFFIC_WINDOWS)[number];

export const TRAFFIC_SERVICES = [
  'auth',
  'seeds',
  'admin',
  'rooms',
  'meal',
  'api-builder',
  'data-api',
  'admin-builder',
  'chatbot',
  'slack',
  'notifications',
  'monitoring',
  'platform',
] as const;
export type TTrafficService = (typeof TRAFFIC_SERVICES)[number];

export const ZTrafficWindow = z.enum(TRAFFIC_WINDOWS, { error: koTraffic.validation.window });
export const ZTrafficQuery = z.object({ window: ZTrafficWindow.default('1h') });
export type TTrafficQuery = z.infer<typeof ZTrafficQuery>;

/** Counts and latency percentiles (milliseconds; null when nothing was counted). */
export const ZTrafficFigures = z.object({
  requests: z.number().int(),
  clientErrors: z.number().int(),
  serverErrors: z.number().int(),
  rateLimited: z.number().int(),
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
});
export type TTrafficFigures = z.infer<typeof ZTrafficFigures>;

export const ZTrafficRoute = ZTrafficFigures.extend({ method: z.string(), route: z.string(), service: z.enum(TRAFFIC_SERVICES) });
export type TTrafficRoute = z.infer<typeof ZTrafficRoute>;
export const ZTrafficServiceRow = ZTrafficFigures.extend({ service: z.enum(TRAFFIC_SERVICES) });
export const ZTrafficPoint = ZTrafficFigures.extend({ at: z.string() });
export type TTrafficPoint = z.infer<typeof ZTrafficPoint>;

/** The window read: from `since` (inclusive) to `until` (exclusive), in `points` steps of `stepSeconds`. */
const window = {
  window: ZTrafficWindow,
  since: z.string(),
  until: z.string(),
  stepSeconds: z.number().int(),
};

export const ZTrafficResponse = z.object({
  ...window,
  totals: ZTrafficFigures,
  services: z.array(ZTrafficServiceRow),
  /** The busiest route patterns (at most 20), and how many others had requests. */
  routes: z.array(ZTrafficRoute),
  routesOmitted: z.number().int(),
  series: z.array(ZTrafficPoint),
});
export type TTrafficResponse = z.infer<typeof ZTrafficResponse>;

export const ZTokenSpend = z.object({
  workspaceId: z.string(),
  teamName: z.string(),
  seedId: z.string(),
  seedName: z.string().nullable(),
  /** Tokens used this calendar month (events and embeddings), and the monthly budget (0: none). */
  used: z.number().int(),
  budget: z.number().int(),
});
export type TTokenSpend = z.infer<typeof ZTokenSpend>;

export const ZMailSpend = z.object({
  seedId: z.string(),
  seedName: z.string().nullable(),
  /** Mails counted against the seed's quota in the window, and in the last hour (the quota's own window). */
  mails: z.number().int(),
  lastHour: z.number().int(),
});
export type TMailSpend = z.infer<typeof ZMailSpend>;

export const ZSpendResponse = z.object({
  ...window,
  tokens: z.array(ZTokenSpend),
  mails: z.array(ZMailSpend),
  mailQuota: z.object({ perUserHourly: z.number().int(), perSeedHourly: z.number().int() }),
  /** 429 answers in the window: the total and the route patterns that refused most (at most 10). */
  rateLimited: z.object({
    total: z.number().int(),
    routes: z.array(z.object({ method: z.string(), route: z.string(), count: z.number().int() })),
  }),
});
export type TSpendResponse = z.infer<typeof ZSpendResponse>;

export const ZSeedMonitoringResponse = z.object({
  ...window,
  seedId: z.string(),
  /** Every request about this seed (its console routes and its data APIs). */
  totals: ZTrafficFigures,
  /** The seed's data API calls (/api/v1), with the cache's hits and misses (a ratio of null: no cached read). */
  apiBuilder: ZTrafficFigures.extend({ cacheHits: z.number().int(), cacheMisses: z.number().int(), cacheHitRatio: z.number().nullable() }),
  routes: z.array(ZTrafficRoute),
  routesOmitted: z.number().int(),
  series: z.array(ZTrafficPoint),
  chatbot: z.object({ questions: z.number().int(), unanswered: z.number().int(), unansweredRate: z.number().nullable() }),
  mails: z.object({ mails: z.number().int(), lastHour: z.number().int(), perSeedHourly: z.number().int() }),
  tokens: ZTokenSpend.nullable(),
});
export type TSeedMonitoringResponse = z.infer<typeof ZSeedMonitoringResponse>;
