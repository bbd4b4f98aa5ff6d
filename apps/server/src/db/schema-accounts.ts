/**
 * Accounts, round two (issue 19): external identities with explicit linking, second factors (TOTP, recovery codes,
 * passkeys), short-lived sign-in flows, and who must use a second factor. See docs/decisions/015-accounts-round-two.md.
 */
import { bigint, bigserial, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './schema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * An account at an identity provider (google, kakao, naver) that signs in as one of our users. A row with
 * `confirmed_at` null is a link the owner has not confirmed yet: it never signs anyone in.
 */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull().default(''),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identities_provider_subject_key').on(t.provider, t.subject), index('identities_user_idx').on(t.userId)],
);

/** A TOTP authenticator (RFC 6238); the secret is sealed with ENCRYPTION_KEY. `last_step` refuses a replayed code. */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as SHA-256. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** WebAuthn credentials (passkeys). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * Short-lived, single-use steps of a sign-in: a password accepted and a second factor pending, a WebAuthn challenge,
 * an OAuth authorize round trip (state, PKCE verifier), its one-time result code. Keyed by the SHA-256 of the token.
 */
export const authFlows = pgTable(
  'auth_flows',
  {
    idHash: text('id_hash').primaryKey(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('auth_flows_expires_idx').on(t.expiresAt)],
);

/** Who must use a second factor: scope 'platform' (platform admins) or a seed's id (its owner and admins). */
export const secondFactorPolicies = pgTable('second_factor_policies', {
  scope: text('scope').primaryKey(),
  required: boolean('required').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
