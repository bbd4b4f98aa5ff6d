import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull().default(''),
    provider: text('provider').notNull().default('email'),
    googleSub: text('google_sub'),
    emailVerified: boolean('email_verified').notNull().default(false),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    role: text('role').notNull().default('user'),
    status: text('status').notNull().default('active'),
    avatarUrl: text('avatar_url'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The person asked to delete their account (issue 32): erased at this time unless they cancel before. */
    deletionScheduledAt: timestamp('deletion_scheduled_at', { withTimezone: true }),
    /** Leading consonants of the name's Hangul syllables ('김민수' → 'ㄱㅁㅅ'); function in migration 0002. */
    nameInitials: text('name_initials').generatedAlwaysAs(sql`hangul_initials(full_name)`),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_created_at_idx').on(t.createdAt),
    // The admin users list: substring search (ILIKE '%q%') on email, name and name initials.
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    index('users_name_initials_trgm_idx').using('gin', t.nameInitials.op('gin_trgm_ops')),
    index('users_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`deleted_at IS NOT NULL`),
    // Deep pages of the list (decision 023): OFFSET walks these index-only, then the page's rows are read by id.
    index('users_live_email_idx')
      .on(t.email, t.id)
      .where(sql`deleted_at IS NULL`),
    index('users_live_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`deleted_at IS NULL`),
  ],
);

/** One login on one device: the refresh-token family. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** When this session passed a second factor (TOTP, recovery code, passkey); null: password or provider only. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  // A person's sessions newest first, and their live ones (decision 106): a sign-in checks the newest for a known
  // device and trims the oldest live ones beyond the bound, without reading every session kept for the last 30 days.
  (t) => [
    index('auth_sessions_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('auth_sessions_user_live_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`revoked_at is null`),
  ],
);

/** Every refresh token ever issued, by the SHA-256 of its id; rotation links them. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use tokens sent by mail (email confirmation, password reset, invitations), stored hashed. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

/** Consent records for privacy law: every grant and withdrawal is a row. */
export const consents = pgTable(
  'consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    granted: boolean('granted').notNull(),
    termsVersion: text('terms_version').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('consents_user_idx').on(t.userId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip').notNull().default(''),
    metadata: jsonb('metadata')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_actor_idx').on(t.actorId)],
);

/** A seed is a company's workspace. */
export const seeds = pgTable(
  'seeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedName: text('seed_name').notNull(),
    seedAddress: text('seed_address'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seeds_owner_idx').on(t.ownerId)],
);

export const seedMembers = pgTable(
  'seed_members',
  {
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seedId, t.userId] }), index('seed_members_user_idx').on(t.userId)],
);

/** A pending invitation to a seed, by email; the token is stored as SHA-256; re-inviting replaces it. */
export const seedInvitations = pgTable(
  'seed_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull().default('member'),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('seed_invitations_seed_email_key').on(t.seedId, t.email), uniqueIndex('seed_invitations_token_key').on(t.tokenHash)],
);

/** API calls per day (Asia/Seoul) per service per user (null: unauthenticated); incremented in batches. */
export const apiUsageDaily = pgTable(
  'api_usage_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    service: text('service').notNull(),
    userId: uuid('user_id'),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('api_usage_daily_key').on(t.day, t.service, t.userId).nullsNotDistinct(), index('api_usage_daily_user_idx').on(t.userId, t.day)],
);

export const betaApplications = pgTable('beta_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company').notNull().default(''),
  service: text('service').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Development outbox: mail that was not sent because SMTP_URL is unset (never written in production). */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull().default(''),
    links: jsonb('links')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('dev_outbox_created_idx').on(t.createdAt)],
);
