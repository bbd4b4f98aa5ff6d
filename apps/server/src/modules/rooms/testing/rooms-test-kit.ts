/** Helpers for the meeting-room tests (not a test file itself). */
import { eq, sql } from 'drizzle-orm';
import type { TTestContext } from '../../../test/helpers.ts';
import { api, signedIn } from '../../admin-users/testing/console-test-kit.ts';
import { addMember } from '../../seeds/seeds.repository.ts';
import { devOutbox } from '../../../db/schema.ts';
import type { TDb } from '../../../db/client.ts';

const STEP = 15 * 60_000;

/** An instant on a 15-minute step at least `minutesAhead` from now. */
export function stepAhead(minutesAhead: number): Date {
  return new Date(Math.ceil((Date.now() + minutesAhead * 60_000) / STEP) * STEP);
}

/**
 * Like stepAhead, but when [start, start + spanMinutes] would cross midnight in Seoul (a booking may not), the start
 * moves to that midnight: still within the next 24 hours, so tests run at any hour of the day.
 */
export function stepAheadSameDay(minutesAhead: number, spanMinutes: number): Date {
  const start = stepAhead(minutesAhead);
  const seoulDay = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  const end = new Date(start.getTime() + spanMinutes * 60_000 - 1);
  if (seoulDay(start) === seoulDay(end)) return start;
  return new Date(Date.parse(`${seoulDay(end)}T00:00:00+09:00`));
}

/** A weekday at `hour`:`minute` Asia/Seoul, `weeksAhead` weeks from now (Monday + dayOfWeek offset 0–4). */
export function seoulWeekday(weeksAhead: number, dayOffset: number, hour: number, minute = 0): Date {
  const seoulNow = new Date(Date.now() + 9 * 3_600_000);
  const dow = seoulNow.getUTCDay() === 0 ? 7 : seoulNow.getUTCDay();
  const monday = Date.UTC(seoulNow.getUTCFullYear(), seoulNow.getUTCMonth(), seoulNow.getUTCDate()) - (dow - 1) * 86_400_000;
  return new Date(monday + (weeksAhead * 7 + dayOffset) * 86_400_000 + (hour - 9) * 3_600_000 + minute * 60_000);
}

export const iso = (d: Date, plusMinutes = 0) => new Date(d.getTime() + plusMinutes * 60_000).toISOString();

/**
 * A seed with an owner, a member and a room open all day every day (so tests run at any hour), public holidays
 * included (so tests that book days ahead do not fail when that day is a holiday; rooms-holidays.test.ts closes it).
 */
export async function seedWithRoom(t: TTestContext, room: Record<string, unknown> = {}) {
  const owner = await signedIn(t, { fullName: '김소유' });
  const member = await signedIn(t, { fullName: '이멤버' });
  const o = api(t, owner.token);
  const seed = (await o('POST', '/api/seeds', { seed_name: '회의실 테스트' })).body.data as { id: string };
  await addMember(t.database.db, seed.id, member.id, 'member');
  const created = await o('POST', `/api/seeds/${seed.id}/rooms`, {
    name: '대회의실',
    location: '3층',
    capacity: 8,
    equipment: ['모니터', '화이트보드'],
    openMinute: 0,
    closeMinute: 1440,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    openOnHolidays: true,
    ...room,
  });
  if (created.status !== 201) throw new Error(`room: ${created.status} ${JSON.stringify(created.body)}`);
  return { owner, member, seedId: seed.id, roomId: created.body.data.id as string, base: `/api/seeds/${seed.id}` };
}

export async function mailsTo(db: TDb, to: string) {
  return db.select().from(devOutbox).where(eq(devOutbox.toAddress, to.toLowerCase()));
}

export type TJobRow = { kind: string; status: 'pending' | 'done' | 'cancelled' | 'failed'; runAt: Date; title: string; bookingId: string };

/** The rooms' jobs on the app's runner (kind rooms.reminder / rooms.release), with their booking's title. */
export async function roomJobsOf(db: TDb, where: { kind?: string; bookingId?: string } = {}): Promise<TJobRow[]> {
  const res = await db.execute(sql`
    select j.kind, j.run_at, b.title, b.id as booking_id,
      case when j.done_at is not null then 'done' when j.cancelled_at is not null then 'cancelled'
           when j.failed_at is not null then 'failed' else 'pending' end as status
    from jobs j join room_bookings b on j.key = 'booking:' || b.id
    where j.kind like 'rooms.%'
      ${where.kind ? sql`and j.kind = ${where.kind}` : sql``}
      ${where.bookingId ? sql`and b.id = ${where.bookingId}` : sql``}
    order by j.id`);
  const rows = (res as unknown as { rows: { kind: string; run_at: string | Date; title: string; booking_id: string; status: TJobRow['status'] }[] }).rows;
  return rows.map((r) => ({ kind: r.kind, status: r.status, runAt: new Date(r.run_at), title: r.title, bookingId: r.booking_id }));
}
