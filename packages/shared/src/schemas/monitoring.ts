// Monitoring, health part (issue 30): running instances, readiness, the job runner, outside services, the database page.
import { z } from 'zod';

/** Outside services whose last success and failure the adapters record (payment and tax adapters do not exist yet). */
export const OUTSIDE_SERVICES = ['smtp', 'slack', 'llm', 'google', 'kakao', 'naver', 'toss', 'popbill', 'nts'] as const;
export const ZOutsideServiceName = z.enum(OUTSIDE_SERVICES);
export type TOutsideServiceName = z.infer<typeof ZOutsideServiceName>;

export const ZOutsideService = z.object({
  service: ZOutsideServiceName,
  /** Whether this installation's configuration turns the service on. */
  configured: z.boolean(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  /** A short reason of the last failure (an error code, never a secret). */
  lastError: z.string().nullable(),
  /** Failures since the last success. */
  failuresInRow: z.number().int(),
  /** The last call failed (a failure newer than any success). */
  failing: z.boolean(),
});
export type TOutsideService = z.infer<typeof ZOutsideService>;

export const ZPoolUse = z.object({ max: z.number().int(), total: z.number().int(), idle: z.number().int(), waiting: z.number().int() });
export type TPoolUse = z.infer<typeof ZPoolUse>;

export const ZInstance = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  version: z.string(),
  startedAt: z.string(),
  seenAt: z.string(),
  uptimeSeconds: z.number().int(),
  /** `up`: heard from within 45 s; `gone`: not heard from for longer (stopped or killed). */
  status: z.enum(['up', 'gone']),
  /** The instance that answered this request. */
  self: z.boolean(),
  eventLoopLagMs: z.object({ mean: z.number(), p99: z.number(), max: z.number() }),
  memory: z.object({ rssBytes: z.number().int(), heapUsedBytes: z.number().int(), heapTotalBytes: z.number().int() }),
  /** PostgreSQL pool of the instance; null on the embedded PGlite (one connection, no pool). */
  pool: ZPoolUse.nullable(),
});
export type TInstance = z.infer<typeof ZInstance>;

export const ZReadiness = z.object({
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ready: z.boolean(), latencyMs: z.number().nullable() }),
  redis: z.object({ kind: z.enum(['redis', 'memory']), ready: z.boolean(), latencyMs: z.number().nullable() }),
});

export const ZInstancesResponse = z.object({
  checkedAt: z.string(),
  /** Seconds without a heartbeat after which an instance is reported gone. */
  goneAfterSeconds: z.number().int(),
  instances: z.array(ZInstance),
  readiness: ZReadiness,
  services: z.array(ZOutsideService),
});
export type TInstancesResponse = z.infer<typeof ZInstancesResponse>;

export const ZOutsideServicesResponse = z.object({ services: z.array(ZOutsideService) });
export type TOutsideServicesResponse = z.infer<typeof ZOutsideServicesResponse>;

export const ZJobQueue = z.object({
  kind: z.string(),
  /** Ready to run now. */
  due: z.number().int(),
  /** Waiting for their time. */
  scheduled: z.number().int(),
  /** Held by a runner now (lease not expired). */
  running: z.number().int(),
  /** Failed for good in the last 24 hours. */
  failed24h: z.number().int(),
});

export const ZFailedJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  failedAt: z.string(),
  createdAt: z.string(),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;

export const ZScheduleRun = z.object({
  name: z.string(),
  everyMs: z.number().int(),
  scope: z.enum(['cluster', 'instance']),
  /** The latest run any instance reported (null: none since the instances started). */
  lastRunAt: z.string().nullable(),
  lastOk: z.boolean().nullable(),
  lastError: z.string().nullable(),
});

export const ZJobsResponse = z.object({
  queues: z.array(ZJobQueue),
  /** The latest failed jobs, newest first (at most 50). */
  failed: z.array(ZFailedJob),
  failedTotal: z.number().int(),
  schedules: z.array(ZScheduleRun),
});
export type TJobsResponse = z.infer<typeof ZJobsResponse>;

export const ZJobIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const ZRetryJobResponse = z.object({ id: z.number().int(), kind: z.string(), runAt: z.string() });
export type TRetryJobResponse = z.infer<typeof ZRetryJobResponse>;

export const ZDatabaseTable = z.object({
  name: z.string(),
  sizeBytes: z.number().int(),
  rows: z.number().int(),
  /** True when `rows` is a lower bound: a table without statistics, counted no further than this. */
  rowsAtLeast: z.boolean().optional(),
});
export const ZDatabaseModule = z.object({ module: z.string(), sizeBytes: z.number().int(), tables: z.array(ZDatabaseTable) });

export const ZDatabaseResponse = z.object({
  engine: z.enum(['pglite', 'postgres']),
  version: z.string(),
  sizeBytes: z.number().int(),
  /** `estimate` on both engines now: the statistics' figures, tables without statistics counted up to a cap; `exact` is no longer sent. */
  rowCounts: z.enum(['exact', 'estimate']),
  modules: z.array(ZDatabaseModule),
  migrations: z.array(z.object({ name: z.string(), createdAt: z.string() })),
  pool: ZPoolUse.nullable(),
  backup: z.object({ madeAt: z.string(), file: z.string(), sizeBytes: z.number().int(), engine: z.enum(['pglite', 'postgres']) }).nullable(),
  slowStatements: z.object({
    available: z.boolean(),
    statements: z.array(z.object({ query: z.string(), calls: z.number().int(), meanMs: z.number(), totalMs: z.number() })),
  }),
});
export type TDatabaseResponse = z.infer<typeof ZDatabaseResponse>;
