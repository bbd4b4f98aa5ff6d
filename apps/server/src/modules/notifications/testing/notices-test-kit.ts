/** Helpers for the tests of modules that notify people through the notification service (not a test file itself). */
import { sql } from 'drizzle-orm';
import type { TChannelSwitches, TNotice, TNotificationEvent } from '@suite/shared/schemas/notifications';
import type { TDb } from '../../../db/client.ts';
import type { TTestContext } from '../../../test/helpers.ts';
import { call } from '../../auth/testing/auth-test-kit.ts';

/** Turns the person's quiet hours off (tests on the system clock would otherwise hold mail at night in Seoul). */
export async function quietHoursOff(t: TTestContext, token: string): Promise<void> {
  const res = await call(t, { method: 'PUT', url: '/api/me/notification-preferences', token, body: { quietHours: null } });
  if (res.status !== 200) throw new Error(`preferences: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Sets the channels of one event for the person (personal scope). */
export async function setChannels(t: TTestContext, token: string, event: TNotificationEvent, switches: Partial<TChannelSwitches>): Promise<void> {
  const on = { inApp: true, mail: true, slack: false, webhook: false, ...switches };
  const res = await call(t, { method: 'PUT', url: '/api/me/notification-preferences', token, body: { events: { [event]: on } } });
  if (res.status !== 200) throw new Error(`preferences: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The person's inbox, newest first (up to 100). */
export async function inboxOf(t: TTestContext, token: string): Promise<TNotice[]> {
  const res = await call(t, { url: '/api/me/notifications?limit=100', token });
  if (res.status !== 200) throw new Error(`inbox: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Runs due jobs on this instance until none is left (the notices' deliveries that are due). */
export async function runAllDue(t: TTestContext): Promise<number> {
  let total = 0;
  for (let i = 0; i < 20; i++) {
    const n = await t.app.jobs.runDue(100);
    if (!n) return total;
    total += n;
  }
  throw new Error('jobs keep becoming due');
}

/** Delivery jobs not yet finished (for tests whose runners poll). */
export async function openDeliveryJobs(db: TDb): Promise<number> {
  const res = await db.execute(
    sql`select count(*)::int as n from jobs where kind in ('notifications.deliver', 'notifications.digest') and done_at is null and cancelled_at is null and failed_at is null`,
  );
  return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** The deliveries of one person's notices of an event: channel and status, sorted. */
export async function deliveriesOf(db: TDb, userId: string, event: TNotificationEvent): Promise<string[]> {
  const res = await db.execute(sql`select channel, status from notification_deliveries where user_id = ${userId} and event = ${event} order by channel`);
  return (res as unknown as { rows: { channel: string; status: string }[] }).rows.map((r) => `${r.channel}:${r.status}`);
}
