/** API builder (issue 12): customers' database connections, published APIs, API keys and per-key daily usage. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { seeds, users } from './schema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const apiConnections = pgTable(
  'api_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    engine: text('engine').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    database: text('database').notNull(),
    username: text('username').notNull(),
    /** AES-256-GCM with ENCRYPTION_KEY; never returned by the API. */
    passwordEnc: text('password_enc').notNull(),
    tls: boolean('tls').notNull().default(false),
    statementTimeoutMs: integer('statement_timeout_ms').notNull().default(5000),
    rowCap: integer('row_cap').notNull().default(1000),
    canWrite: boolean('can_write').notNull().default(false),
    /** The last introspection (tables, views, columns, keys). */
    schemaInfo: jsonb('schema_info')
      .notNull()
      .default(sql`'{"tables":[]}'::jsonb`),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('api_connections_seed_idx').on(t.seedId)],
);

export const apiDefinitions = pgTable(
  'api_definitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => apiConnections.id, { onDelete: 'cascade' }),
    /** [{ name, methods: ['GET', …], ttlSeconds? }] */
    tables: jsonb('tables')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** 'trigger' (PostgreSQL, installed with consent) | 'probe' (MySQL/MariaDB UPDATE_TIME) | 'ttl' | 'off' */
    cacheMode: text('cache_mode').notNull().default('ttl'),
    cacheTtlSeconds: integer('cache_ttl_seconds').notNull().default(30),
    /** An admin app's own API (issue 13): not listed in the API builder, no keys, called in process only. */
    internal: boolean('internal').notNull().default(false),
    /** PostgREST's `db-aggregates-enabled` per API (issue 36): `select=amount.sum()` etc. refused (PGRST123) while off. */
    aggregatesEnabled: boolean('aggregates_enabled').notNull().default(false),
    /** Published functions (issue 36, PostgREST's `/rpc/{function}`): [{ name }]; nothing else is callable. */
    functions: jsonb('functions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('api_definitions_seed_idx').on(t.seedId), index('api_definitions_connection_idx').on(t.connectionId)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    apiId: uuid('api_id')
      .notNull()
      .references(() => apiDefinitions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the key (the key itself is shown once). */
    keyHash: text('key_hash').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    methods: text('methods').array(),
    tables: text('tables').array(),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(600),
    /** Issue 36: columns that look like 주민등록번호, phone, card or account numbers are masked unless this is on. */
    readPersonalData: boolean('read_personal_data').notNull().default(false),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_key').on(t.keyHash), index('api_keys_api_idx').on(t.apiId)],
);

/** Calls per key per day (Asia/Seoul), with cache hits and misses of its GETs; written in batches. */
export const apiKeyUsageDaily = pgTable(
  'api_key_usage_daily',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    apiId: uuid('api_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
    cacheHits: bigint('cache_hits', { mode: 'number' }).notNull().default(0),
    cacheMisses: bigint('cache_misses', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] }), index('api_key_usage_api_idx').on(t.apiId, t.day)],
);
