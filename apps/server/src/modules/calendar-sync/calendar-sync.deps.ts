import type { FastifyBaseLogger } from 'fastify';
import { ko } from '@suite/shared';
import type { TConfig } from '../../config.ts';
import type { TDb, TTx } from '../../db/client.ts';
import { decryptSecret } from '../../lib/secret-box.ts';
import type { TRoomsDeps } from '../rooms/calendar.service.ts';
import { findUserById } from '../auth/auth.service.ts';
import type { TSharedState } from '../../state/shared-state.ts';
import { CalendarHttpError, type TCalendarClient } from './calendar-client.ts';
import { caldavCalendar } from './caldav-calendar.ts';
import { googleCalendar } from './google-calendar.ts';
import type { TConnectionRow } from './calendar-sync.repository.ts';

const s = ko.calendarSync.server;

export type TCalendarSyncDeps = {
  db: TDb;
  config: TConfig;
  state: TSharedState;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The rooms module's deps: bookings are made, moved and cancelled through its service, with its rules. */
  rooms: TRoomsDeps;
};

/** The rooms deps bound to an open transaction (the link row and the booking commit together). */
export const roomsIn = (deps: TCalendarSyncDeps, tx: TTx): TRoomsDeps => ({ ...deps.rooms, db: tx });

/** The host of APP_URL: room addresses are `room-<room id>@<host>` (decision 081). */
export const addressHost = (config: TConfig) => new URL(config.appUrl).hostname.toLowerCase();
export const roomAddress = (config: TConfig, roomId: string) => `room-${roomId}@${addressHost(config)}`;

const ROOM_ADDRESS = /^room-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@(.+)$/;
/** The room id a calendar address names, when it is one of ours. */
export function roomIdOf(config: TConfig, email: string): string | undefined {
  const m = ROOM_ADDRESS.exec(email.toLowerCase());
  return m && m[2] === addressHost(config) ? m[1] : undefined;
}

export type TUserFacts = { id: string; email: string; name: string };

/** The member a connection belongs to (their address and name, through the auth module's service). */
export async function userFacts(deps: TCalendarSyncDeps, userId: string): Promise<TUserFacts | undefined> {
  const u = await findUserById(deps.db, userId);
  return u ? { id: u.id, email: u.email, name: u.fullName } : undefined;
}

export function clientOf(deps: TCalendarSyncDeps, conn: TConnectionRow, user: TUserFacts): TCalendarClient {
  const secret = decryptSecret(deps.config.encryptionKey, conn.secretEnc);
  if (conn.provider === 'google') return googleCalendar(deps.config.google, secret, deps.now);
  return caldavCalendar({
    calendarUrl: conn.calendarUrl,
    username: conn.username,
    password: secret,
    accountEmails: [conn.accountEmail, user.email, conn.username].filter(Boolean).map((e) => e.toLowerCase()),
    allowPrivate: deps.config.allowPrivateUrls,
    uidHost: addressHost(deps.config),
    now: deps.now,
  });
}

/** What the member reads on the card when a sync failed (no secret, no server answer body). */
export function describeFailure(err: unknown): string {
  if (err instanceof CalendarHttpError) return err.status === 401 || err.status === 400 ? s.tokenRevoked : s.syncFailed(err.status);
  return s.unreachable;
}
