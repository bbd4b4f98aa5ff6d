/**
 * API calls counted per day (Asia/Seoul), service and user. Each response adds one to an in-memory tally; the tally
 * is written every few seconds as one multi-row UPSERT that adds to the stored counts, so several instances
 * add up correctly and a request costs no database round trip (PGlite serves about 2.9 k simple reads/s:
 * a write per request would halve the API's throughput). A crash loses at most the last interval's counts.
 * Daily active users are the distinct users with a counted call that day (the rows are per user), so no
 * separate table or per-request claim is needed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TUsageServiceId } from '@suite/shared/schemas/admin';
import type { TDb } from '../../db/client.ts';
import { createBufferedCounter } from '../../lib/buffered-counter.ts';
import { kstDay } from '../../lib/kst-day.ts';
import { addDailyUsage } from './usage.repository.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';

const CHUNK = 1_000;

const NOT_COUNTED = /^\/api\/(health|ready|metrics|docs|openapi\.json)(\/|$)/;

/** Routes' services, worked out once per route pattern (every request asks; the patterns are the app's routes). */
const services = new Map<string, TUsageServiceId | null>();
const SERVICES_MAX = 2_000;

/** Which service a route belongs to; null for routes that are not counted. */
export function serviceOf(route: string): TUsageServiceId | null {
  let service = services.get(route);
  if (service === undefined) {
    service = serviceOfRoute(route);
    if (services.size < SERVICES_MAX) services.set(route, service);
  }
  return service;
}

function serviceOfRoute(route: string): TUsageServiceId | null {
  if (!route.startsWith('/api/') || NOT_COUNTED.test(route)) return null;
  if (/^\/api\/slack/.test(route)) return 'slack-ai';
  if (/^\/api\/(seeds\/[^/]+\/)?(rooms|bookings)(\/|$)/.test(route)) return 'schedule';
  if (/^\/api\/seeds\/[^/]+\/(meals|meal-ledger)(\/|$)/.test(route)) return 'meal';
  if (/^\/api\/(api-builder|v1)(\/|$)/.test(route) || /^\/api\/seeds\/[^/]+\/api-builder(\/|$)/.test(route)) return 'api-builder';
  if (/^\/api\/admin-builder(\/|$)/.test(route) || /^\/api\/seeds\/[^/]+\/admin-builder(\/|$)/.test(route)) return 'admin-builder';
  if (/^\/api\/(ai-chatbot|chatbot)(\/|$)/.test(route) || /^\/api\/seeds\/[^/]+\/chatbots(\/|$)/.test(route)) return 'ai-chatbot';
  return 'platform';
}

export type TUsageRecorder = {
  record: (service: TUsageServiceId, userId: string | null, at?: Date) => void;
  /** Writes the tally now (tests call it; the job runner's 'usage.flush' schedule calls it every few seconds). */
  flush: () => Promise<void>;
};

type TLog = { error: (obj: unknown, msg: string) => void };

export function createUsageRecorder(db: TDb, log: TLog, now: () => Date): TUsageRecorder {
  const counter = createBufferedCounter<number>({
    async write(batch) {
      const rows = [...batch].map(([key, count]) => {
        const [day, service, userId] = key.split('|') as [string, string, string];
        return { day, service, userId: userId || null, count };
      });
      for (let i = 0; i < rows.length; i += CHUNK) await addDailyUsage(db, rows.slice(i, i + CHUNK));
    },
    sum: (a, b) => a + b,
    onError: (err) => log.error({ err }, 'API usage counts not written'),
  });
  return {
    record(service, userId, at = now()) {
      counter.add(`${kstDay(at)}|${service}|${userId ?? ''}`, 1);
    },
    flush: counter.flush,
  };
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    usage: TUsageRecorder;
  }
}

function routeOf(request: FastifyRequest): string | undefined {
  return request.routeOptions.url;
}

/** Counts every answered API route (by its pattern) on the root app; call once, before the modules. */
export async function registerUsageCounter(app: FastifyInstance, db: TDb, jobs: Pick<TJobRunner, 'every'>, now: () => Date): Promise<TUsageRecorder> {
  const recorder = createUsageRecorder(db, app.log, now);
  jobs.every('usage.flush', recorder.flush);
  app.decorate('usage', recorder);
  // The service of each route pattern is worked out once (serviceOf remembers it), not per request.
  app.addHook('onResponse', (request, _reply, done) => {
    const route = routeOf(request);
    const service = route ? serviceOf(route) : null;
    if (service) recorder.record(service, request.user?.id ?? null);
    done();
  });
  // The last counts are written on close, in a child plugin: its onClose runs before the root's, which closes an owned database.
  await app.register(async (child) => {
    child.addHook('onClose', async () => recorder.flush());
  });
  return recorder;
}
