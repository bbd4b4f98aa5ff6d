/**
 * API builder end-user access (issue 36, decision 090): per published API, how end users' JWTs from the customer's own
 * sign-in are checked (a JWKS URL, or an HS256 secret sealed with ENCRYPTION_KEY), which role claim and roles apply on
 * PostgreSQL (`SET LOCAL ROLE` + `request.jwt.claims`, the customer's RLS policies), the anonymous role, and on
 * MariaDB the row filters bound to a claim per table. One row per API; no row (or `enabled` false) = keys only.
 */
import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apiDefinitions } from './schema-api-builder.ts';

export const apiEndUserAuth = pgTable('api_end_user_auth', {
  apiId: uuid('api_id')
    .primaryKey()
    .references(() => apiDefinitions.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** 'jwks' | 'secret' */
  mode: text('mode').notNull().default('jwks'),
  jwksUrl: text('jwks_url'),
  /** The HS256 secret, sealed (secret-box); never sent back to the browser. */
  secretEnc: text('secret_enc'),
  audience: text('audience'),
  issuer: text('issuer'),
  /** PostgREST's `jwt-role-claim-key` (`.role`, `.app_metadata.role`, …). */
  roleClaim: text('role_claim').notNull().default('.role'),
  /** Roles a token may switch to (PostgreSQL); any other role is refused. */
  allowedRoles: jsonb('allowed_roles')
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The role of a request without a token; null = anonymous requests refused (PGRST302). */
  anonRole: text('anon_role'),
  /** MariaDB/MySQL: [{ table, column, claim }] — `column = claims.<claim>` on every read, update, delete and insert. */
  rowFilters: jsonb('row_filters')
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
