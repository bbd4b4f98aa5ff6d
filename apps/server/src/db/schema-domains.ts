/**
 * Custom domains (issue 33, modules/domains): host names a seed attaches for its data API, its public help centre
 * and chatbot, or its mail sender domain. A host is `pending` (확인 중) until its TXT ownership record is seen, then
 * `connected` (연결됨); a later check that misses the record (or the routing record) makes it `error` (오류) with
 * the reason. Only one seed may hold a host connected at a time; the token is random per row (bound to its seed).
 * Mail domains carry a DKIM key pair: the public key is shown as a record, the private key is sealed with
 * ENCRYPTION_KEY (lib/secret-box.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { seeds } from './schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const seedDomains = pgTable(
  'seed_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => seeds.id, { onDelete: 'cascade' }),
    /** Lower-case, IDN in punycode (xn--…), no trailing dot. */
    host: text('host').notNull(),
    /** data-api | help | mail */
    purpose: text('purpose').notNull(),
    /** pending | connected | error */
    status: text('status').notNull().default('pending'),
    /** The TXT ownership token (random, single-use: a removed row's token is never reused). */
    token: text('token').notNull(),
    /** Why the last check failed (Korean, shown as 오류의 이유); null when none. */
    error: text('error'),
    /** Mail only: the DKIM selector, public key (base64 SPKI, as published) and sealed private key (PKCS#8 PEM). */
    dkimSelector: text('dkim_selector'),
    dkimPublicKey: text('dkim_public_key'),
    dkimPrivateKeySealed: text('dkim_private_key_sealed'),
    /** Checks in a row that failed (backs off the re-check schedule). */
    failures: integer('failures').notNull().default(0),
    checkedAt: ts('checked_at'),
    nextCheckAt: ts('next_check_at').notNull().defaultNow(),
    verifiedAt: ts('verified_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('seed_domains_seed_idx').on(t.seedId),
    uniqueIndex('seed_domains_seed_host_key').on(t.seedId, t.host, t.purpose),
    // A host connected by one seed cannot be taken by another (nor twice for one purpose).
    uniqueIndex('seed_domains_connected_host_key')
      .on(t.host)
      .where(sql`status = 'connected'`),
    uniqueIndex('seed_domains_token_key').on(t.token),
    index('seed_domains_next_check_idx').on(t.nextCheckAt),
  ],
);
