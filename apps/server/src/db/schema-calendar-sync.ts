/**
 * Two-way calendar sync (issue 37): a member's Google Calendar or CalDAV connection, and one link per remote event
 * the suite knows (a suite booking pushed out, or a remote event that invited a room). The unique key on
 * (connection, remote id) is what keeps two instances syncing at once from creating a booking twice
 * (docs/decisions/081-calendar-sync.md).
 */
import { bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';
import { roomBookings } from './schema-rooms.ts';

export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'google' | 'caldav'. */
    provider: text('provider').notNull(),
    /** The calendar account's address (Google: the primary calendar's id; CalDAV: the user name or principal's address). */
    accountEmail: text('account_email').notNull().default(''),
    /** CalDAV: the server URL the member gave; Google: ''. */
    serverUrl: text('server_url').notNull().default(''),
    /** CalDAV: the calendar collection found (or given); Google: 'primary'. */
    calendarUrl: text('calendar_url').notNull().default(''),
    username: text('username').notNull().default(''),
    /** Google refresh token or CalDAV app password, sealed with ENCRYPTION_KEY (lib/secret-box.ts). */
    secretEnc: text('secret_enc').notNull(),
    /** Google: the last incremental syncToken; CalDAV: the last sync-collection token. */
    syncToken: text('sync_token'),
    status: text('status').notNull().default('active'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** A sync in progress holds the connection until then (one instance at a time). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_connections_user_provider_key').on(t.userId, t.provider)],
);

export const calendarEventLinks = pgTable(
  'calendar_event_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    /** Google event id or CalDAV resource href. */
    remoteId: text('remote_id').notNull(),
    bookingId: uuid('booking_id').references(() => roomBookings.id, { onDelete: 'set null' }),
    /** 'suite' (a booking pushed out) or 'remote' (a remote event that invited a room). */
    origin: text('origin').notNull(),
    /** 'booked' | 'declined' | 'cancelled'. */
    state: text('state').notNull().default('booked'),
    etag: text('etag'),
    /** The remote event's slot as last seen, to tell a move from any other change. */
    remoteStart: timestamp('remote_start', { withTimezone: true }),
    remoteEnd: timestamp('remote_end', { withTimezone: true }),
    /** The Korean reason of the last decline sent to the calendar. */
    reason: text('reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_event_links_remote_key').on(t.connectionId, t.remoteId), index('calendar_event_links_booking_idx').on(t.bookingId)],
);
