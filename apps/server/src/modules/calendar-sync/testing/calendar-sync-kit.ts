/** Helpers for the calendar-sync tests (not a test file itself). */
import { sql } from 'drizzle-orm';
import type { TTestContext } from '../../../test/helpers.ts';
import { api } from '../../admin-users/testing/console-test-kit.ts';
import { createNotificationsDeps } from '../../notifications/notifications.deps.ts';
import { createRoomsDeps } from '../../rooms/calendar.service.ts';
import type { TApp } from '../../../app.ts';
import type { TCalendarSyncDeps } from '../calendar-sync.deps.ts';
import { calendarPushHook } from '../calendar-hooks.service.ts';

export const APP_HOST = 'suite.test';
export const roomEmail = (roomId: string) => `room-${roomId}@${APP_HOST}`;

/** Runs the due jobs (the calendar pushes among them) until none is left. */
export async function drainJobs(t: TTestContext): Promise<void> {
  for (let i = 0; i < 20 && (await t.app.jobs.runDue(50)) > 0; i++);
}

export type TListedBooking = { id: string; title: string; startsAt: string; endsAt: string; status: string; roomId: string; attendees: { email: string }[] };

/** The seed's bookings (cancelled ones too) in the next 60 days. */
export async function bookingsOf(t: TTestContext, token: string, base: string): Promise<TListedBooking[]> {
  const from = new Date(Date.now() - 86_400_000).toISOString();
  const to = new Date(Date.now() + 60 * 86_400_000).toISOString();
  const r = await api(t, token)('GET', `${base}/bookings?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&includeCancelled=true`);
  if (r.status !== 200) throw new Error(`bookings: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as TListedBooking[];
}

export async function syncNow(t: TTestContext, token: string, connectionId: string) {
  return api(t, token)('POST', `/api/calendar-sync/connections/${connectionId}/sync`);
}

/** The `calendar_oauth=<nonce>` pair the start set in the browser (to send back on the callback). */
export function oauthCookieOf(headers: Record<string, unknown>): string {
  const set = headers['set-cookie'];
  const line = (Array.isArray(set) ? set : [set]).find((c): c is string => typeof c === 'string' && c.startsWith('calendar_oauth='));
  if (!line) throw new Error('google start set no calendar_oauth cookie');
  return line.split(';')[0]!;
}

/** Connects the member's Google calendar through the OAuth flow against the fake; returns the connection id. */
export async function connectGoogle(t: TTestContext, token: string): Promise<string> {
  const start = await api(t, token)('POST', '/api/calendar-sync/google/start');
  if (start.status !== 200) throw new Error(`google start: ${start.status} ${JSON.stringify(start.body)}`);
  const state = new URL(start.body.url as string).searchParams.get('state')!;
  const cb = await t.app.inject({
    method: 'GET',
    url: `/api/calendar-sync/google/callback?code=good-code&state=${encodeURIComponent(state)}`,
    headers: { cookie: oauthCookieOf(start.headers) },
  });
  if (cb.headers.location !== '/admin/services/schedule/settings?calendar=connected')
    throw new Error(`google callback: ${cb.statusCode} ${String(cb.headers.location)}`);
  const list = await api(t, token)('GET', '/api/calendar-sync/connections');
  return (list.body.data as { id: string; provider: string }[]).find((c) => c.provider === 'google')!.id;
}

export async function linksOf(t: TTestContext, connectionId: string) {
  const r = await t.database.db.execute(
    sql`select remote_id, booking_id, origin, state, reason from calendar_event_links where connection_id = ${connectionId} order by id`,
  );
  return (r as unknown as { rows: { remote_id: string; booking_id: string | null; origin: string; state: string; reason: string | null }[] }).rows;
}

/** The calendar-sync deps of an app instance, built as its module builds them (to call the sync directly). */
export function syncDepsOf(t: { app: TApp }): TCalendarSyncDeps {
  const { ctx, log, jobs } = t.app;
  const notifications = createNotificationsDeps(ctx, log, jobs);
  return {
    db: ctx.database.db,
    config: ctx.config,
    state: ctx.state,
    log,
    now: ctx.now,
    rooms: createRoomsDeps(ctx, log, jobs, notifications, calendarPushHook(jobs, ctx.now)),
  };
}
