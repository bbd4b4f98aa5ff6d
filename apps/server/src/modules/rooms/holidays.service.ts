/**
 * Korean public holidays and the seed's one-off closed days in room booking (issue 37). A room is closed on them
 * unless it opts in (rooms.open_on_holidays); members read the calendar, owner and admins add and remove closed days.
 */
import { koRoomsHolidays } from '@suite/shared/messages/ko-rooms-holidays';
import type { THolidayEntry } from '@suite/shared/schemas/rooms-holidays';
import { ko } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import type { TTx } from '../../db/client.ts';
import { findSeed } from '../seeds/seeds.service.ts';
import { holidaysOn, koreanHolidays } from '../../lib/korean-holidays.ts';
import * as hrepo from './holidays.repository.ts';
import * as rrepo from './rooms.repository.ts';
import { publish, type TRoomsDeps } from './rooms.deps.ts';

const h = koRoomsHolidays.server;

type TActor = { id: string; email: string };

/** As bookings.service's memberSeed (not imported from there: bookings.service uses closedDates). */
async function memberSeed(deps: TRoomsDeps, seedId: string, userId: string) {
  const seed = await findSeed(deps.db, seedId, userId);
  if (!seed) throw new AppError('SEED_NOT_FOUND');
  return seed;
}

const isUnique = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** The public holidays and closed days of a year, by date (a date on which two fall lists both). */
export async function listHolidays(deps: TRoomsDeps, actor: TActor, seedId: string, year: number): Promise<THolidayEntry[]> {
  await memberSeed(deps, seedId, actor.id);
  const company = await hrepo.listClosedDays(deps.db, seedId, `${year}-01-01`, `${year}-12-31`);
  const all: THolidayEntry[] = [
    ...koreanHolidays(year).map((x) => ({ date: x.date, name: x.name, kind: x.substitute ? ('substitute' as const) : ('public' as const) })),
    ...company.map((c) => ({ date: c.date, name: c.name, kind: 'company' as const })),
  ];
  return all.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * What closes a room on each of the given Seoul dates: the first public holiday, else the seed's closed day. Empty when
 * the room opts in.
 */
export async function closedDates(db: TTx, seedId: string, room: { openOnHolidays: boolean }, dates: string[]): Promise<Map<string, string>> {
  const closed = new Map<string, string>();
  if (room.openOnHolidays || dates.length === 0) return closed;
  const sorted = [...new Set(dates)].sort();
  const company = await hrepo.listClosedDays(db, seedId, sorted[0]!, sorted[sorted.length - 1]!);
  const byDate = new Map(company.map((c) => [c.date, c.name]));
  for (const date of sorted) {
    const name = holidaysOn(date)[0]?.name ?? byDate.get(date);
    if (name) closed.set(date, name);
  }
  return closed;
}

export const closedMessage = (date: string, name: string) => h.closedOn(date, name);

async function managerOf(deps: TRoomsDeps, seedId: string, actor: TActor) {
  const seed = await memberSeed(deps, seedId, actor.id);
  if (seed.role !== 'owner' && seed.role !== 'admin') throw new AppError('SEED_FORBIDDEN', ko.rooms.server.managersOnly);
}

export async function addClosedDay(deps: TRoomsDeps, actor: TActor, seedId: string, input: { date: string; name: string }): Promise<THolidayEntry> {
  await managerOf(deps, seedId, actor);
  try {
    await deps.db.transaction(async (tx) => {
      await hrepo.insertClosedDay(tx, { seedId, date: input.date, name: input.name, createdById: actor.id });
      await rrepo.logEvent(tx, { seedId, actorId: actor.id, action: 'closed_day_add', detail: { date: input.date, name: input.name } });
    });
  } catch (err) {
    if (isUnique(err)) throw new AppError('CONFLICT', h.closedDayTaken);
    throw err;
  }
  await publish(deps, seedId, { type: 'rooms' });
  return { date: input.date, name: input.name, kind: 'company' };
}

export async function removeClosedDay(deps: TRoomsDeps, actor: TActor, seedId: string, date: string): Promise<void> {
  await managerOf(deps, seedId, actor);
  await deps.db.transaction(async (tx) => {
    const row = await hrepo.deleteClosedDay(tx, seedId, date);
    if (!row) throw new AppError('NOT_FOUND', h.closedDayNotFound);
    await rrepo.logEvent(tx, { seedId, actorId: actor.id, action: 'closed_day_remove', detail: { date, name: row.name } });
  });
  await publish(deps, seedId, { type: 'rooms' });
}
