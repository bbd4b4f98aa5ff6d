// API builder: request and response schemas shared by server and web.
import { z } from 'zod';
import { koApiBuilder } from '../messages/ko-api-builder.ts';

const v = koApiBuilder.validation;

export const ZApiSeedParams = z.object({ seedId: z.uuid(v.id) });
export const ZApiConnectionParams = z.object({ seedId: z.uuid(v.id), connectionId: z.uuid(v.id) });
export const ZApiParams = z.object({ seedId: z.uuid(v.id), apiId: z.uuid(v.id) });
export const ZApiKeyParams = z.object({ seedId: z.uuid(v.id), keyId: z.uuid(v.id) });

export const ZDbEngine = z.enum(['postgres', 'mysql']);
export const ZHttpMethod = z.enum(['GET', 'POST', 'PATCH', 'DELETE']);
export const ZCacheMode = z.enum(['trigger', 'probe', 'ttl', 'off']);

/** POST /api/seeds/:seedId/api-builder/connections (also the connection form). */
export const ZCreateConnectionInput = z.object({
  name: z.string({ error: v.name }).trim().min(1, v.name).max(60, v.name),
  engine: ZDbEngine,
  host: z.string({ error: v.host }).trim().min(1, v.host).max(253, v.host),
  port: z.coerce.number({ error: v.port }).int(v.port).min(1, v.port).max(65535, v.port),
  database: z.string({ error: v.database }).trim().min(1, v.database).max(128, v.database),
  user: z.string({ error: v.user }).trim().min(1, v.user).max(128, v.user),
  password: z.string().max(512).default(''),
  tls: z.boolean().default(false),
  statementTimeoutMs: z.coerce.number({ error: v.timeout }).int(v.timeout).min(100, v.timeout).max(60_000, v.timeout).default(5000),
  rowCap: z.coerce.number({ error: v.rowCap }).int(v.rowCap).min(1, v.rowCap).max(10_000, v.rowCap).default(1000),
});
export type TCreateConnectionInput = z.input<typeof ZCreateConnectionInput>;

export const ZApiConnection = z.object({
  id: z.uuid(),
  name: z.string(),
  engine: ZDbEngine,
  host: z.string(),
  port: z.number(),
  database: z.string(),
  user: z.string(),
  tls: z.boolean(),
  statementTimeoutMs: z.number(),
  rowCap: z.number(),
  canWrite: z.boolean(),
  tableCount: z.number(),
  syncedAt: z.string(),
  createdAt: z.string(),
});
export type TApiConnection = z.infer<typeof ZApiConnection>;
export const ZApiConnectionList = z.object({ data: z.array(ZApiConnection) });
export const ZApiConnectionCreated = z.object({ success: z.literal(true), message: z.string(), data: ZApiConnection });

/** DELETE …/connections/:connectionId: refused (409, naming the admin apps) while admin apps use it, unless force=true. */
export const ZDeleteConnectionQuery = z.object({ force: z.enum(['true', 'false']).optional() });
/** GET …/connections/:connectionId/usage: what deleting the connection takes with it (for the confirmation). */
export const ZApiConnectionUsage = z.object({
  /** Admin apps built on the connection (deleted with it, with their settings, rights and change records). */
  adminApps: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** Published APIs of the connection (deleted with it, with their keys). */
  apis: z.number(),
  /** Tables carrying the change triggers the suite installed (removed from the customer's database with it). */
  triggerTables: z.array(z.string()),
});
export type TApiConnectionUsage = z.infer<typeof ZApiConnectionUsage>;

export const ZDbColumn = z.object({ name: z.string(), type: z.string(), nullable: z.boolean(), hasDefault: z.boolean(), position: z.number() });
export const ZDbTable = z.object({
  name: z.string(),
  kind: z.enum(['table', 'view']),
  columns: z.array(ZDbColumn),
  primaryKey: z.array(z.string()),
  foreignKeys: z.array(z.object({ name: z.string(), columns: z.array(z.string()), refTable: z.string(), refColumns: z.array(z.string()) })),
});
export type TDbTable = z.infer<typeof ZDbTable>;
export const ZDbTablesQuery = z.object({ refresh: z.enum(['true', 'false']).optional() });
export const ZDbTableList = z.object({ data: z.array(ZDbTable), syncedAt: z.string() });
/** GET …/connections/:connectionId/functions: the database's functions, to publish for `/rpc/{name}` (issue 36). */
export const ZDbFunction = z.object({
  name: z.string(),
  kind: z.enum(['function', 'procedure']),
  args: z.array(z.object({ name: z.string(), type: z.string() })),
  readOnly: z.boolean(),
  returnType: z.string(),
});
export type TDbFunction = z.infer<typeof ZDbFunction>;
export const ZDbFunctionList = z.object({ data: z.array(ZDbFunction) });

export const ZPublishedTable = z.object({
  name: z.string().min(1).max(128),
  methods: z.array(ZHttpMethod).min(1).max(4).default(['GET']),
  ttlSeconds: z.number().int().min(0, v.ttl).max(86_400, v.ttl).optional(),
});

/** A function published for `/rpc/{name}` (issue 36): a PostgreSQL function or a MariaDB stored function/procedure. */
export const ZPublishedFunction = z.object({ name: z.string().min(1).max(128) });

/** POST /api/seeds/:seedId/api-builder/apis */
export const ZPublishApiInput = z.object({
  connectionId: z.uuid(v.id),
  tables: z.array(ZPublishedTable).min(1, v.tables).max(500),
  functions: z.array(ZPublishedFunction).max(200).optional(),
  cacheTtlSeconds: z.number().int().min(0, v.ttl).max(86_400, v.ttl).optional(),
});
export type TPublishApiInput = z.input<typeof ZPublishApiInput>;

/** PATCH /api/seeds/:seedId/api-builder/apis/:apiId */
export const ZUpdateApiInput = z.object({
  tables: z.array(ZPublishedTable).min(1, v.tables).max(500).optional(),
  functions: z.array(ZPublishedFunction).max(200).optional(),
  cacheMode: z.enum(['probe', 'ttl', 'off']).optional(),
  cacheTtlSeconds: z.number().int().min(0, v.ttl).max(86_400, v.ttl).optional(),
  /** `select=amount.sum()` etc. (PostgREST's `db-aggregates-enabled`); off by default. */
  aggregatesEnabled: z.boolean().optional(),
});
export type TUpdateApiInput = z.input<typeof ZUpdateApiInput>;

export const ZApiDefinition = z.object({
  id: z.uuid(),
  connectionId: z.uuid(),
  connectionName: z.string(),
  engine: ZDbEngine,
  baseUrl: z.string(),
  tables: z.array(z.object({ name: z.string(), methods: z.array(ZHttpMethod), ttlSeconds: z.number().optional() })),
  functions: z.array(ZPublishedFunction).optional(),
  cacheMode: ZCacheMode,
  cacheTtlSeconds: z.number(),
  aggregatesEnabled: z.boolean(),
  callsToday: z.number(),
  cacheHitsToday: z.number(),
  cacheMissesToday: z.number(),
  createdAt: z.string(),
});
export type TApiDefinition = z.infer<typeof ZApiDefinition>;
export const ZApiDefinitionList = z.object({ data: z.array(ZApiDefinition) });
export const ZApiPublished = z.object({ id: z.uuid(), baseUrl: z.string() });
export const ZApiUpdated = z.object({ success: z.literal(true), message: z.string(), data: ZApiDefinition });

/** POST /api/seeds/:seedId/api-builder/keys */
export const ZCreateApiKeyInput = z.object({
  name: z.string({ error: v.name }).trim().min(1, v.name).max(60, v.name),
  apiId: z.uuid(v.id),
  methods: z.array(ZHttpMethod).min(1, v.methods).max(4).optional(),
  tables: z.array(z.string().min(1).max(128)).min(1).max(500).optional(),
  rateLimitPerMinute: z.number({ error: v.rate }).int(v.rate).min(1, v.rate).max(100_000, v.rate).optional(),
  /** Issue 36: read 주민등록번호, phone, card and account numbers unmasked (off unless asked). */
  readPersonalData: z.boolean().optional(),
});
export type TCreateApiKeyInput = z.input<typeof ZCreateApiKeyInput>;
/** PATCH /api/seeds/:seedId/api-builder/keys/:keyId (issue 36): whether the key reads personal numbers unmasked. */
export const ZUpdateApiKeyInput = z.object({ readPersonalData: z.boolean() });
export type TUpdateApiKeyInput = z.input<typeof ZUpdateApiKeyInput>;
export const ZApiKeyCreated = z.object({ id: z.uuid(), key: z.string() });
export const ZApiKey = z.object({
  id: z.uuid(),
  apiId: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  methods: z.array(ZHttpMethod).nullable(),
  tables: z.array(z.string()).nullable(),
  rateLimitPerMinute: z.number(),
  readPersonalData: z.boolean(),
  callsToday: z.number(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
export const ZApiKeyList = z.object({ data: z.array(ZApiKey) });

/** GET /api/seeds/:seedId/api-builder/summary */
export const ZApiBuilderSummary = z.object({
  connections: z.number(),
  apis: z.number(),
  callsToday: z.number(),
  cacheHitsToday: z.number(),
  cacheMissesToday: z.number(),
  /** hits / (hits + misses) today, null without cached GETs. */
  hitRatio: z.number().nullable(),
});
export type TApiBuilderSummary = z.infer<typeof ZApiBuilderSummary>;
