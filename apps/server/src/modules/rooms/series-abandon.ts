/**
 * Abandoned series (issue 37, Google Calendar's rule as the reference): when the occurrences of a recurring booking are
 * auto-released (nobody checked in) N times in a row — N per seed, default 2, 0 = off — the organizer is told that
 * the next miss releases the rest; after that miss the series' remaining future occurrences are released with the
 * reason. The run is counted from the bookings themselves (latest first, cancelled ones skipped), so a check-in ends
 * it. Each step is a room_events row written in the release's transaction; the notices follow after the commit.
 */
import { koRoomsRules } from '@suite/shared/messages/ko-rooms-rules';
import { notify } from '../notifications/notifications.service.ts';
import type { TTx } from '../../db/client.ts';
import { formatSlot } from './booking-time.ts';
import type { TBookingRow } from './bookings.repository.ts';
import { jobKeyOf } from './job-kinds.ts';
import * as rrepo from './rooms.repository.ts';
import { publish, type TRoomsDeps } from './rooms.deps.ts';
import { bookingLink } from './rooms.notify.ts';
import * as rules from './rules.repository.ts';
import { DEFAULT_ABANDON_AFTER } from './rules.service.ts';

const n = koRoomsRules.notices;

/** Auto-released occurrences in a row up to this one (a check-in or a booking still confirmed ends the run). */
async function missesInARow(db: TTx, seriesId: string, upTo: Date): Promise<number> {
  let misses = 0;
  for (const o of await rules.seriesUpTo(db, seriesId, upTo)) {
    if (o.status === 'cancelled') continue;
    if (o.status !== 'released' || o.releaseReason !== null) break;
    misses += 1;
  }
  return misses;
}

/**
 * Called in the release's transaction right after `row` was auto-released: logs the miss, and the warning or the
 * release of the rest when the run reaches N or N + 1. Returns the released occurrences' ids (to tell the screens).
 */
export async function recordSeriesMiss(deps: TRoomsDeps, tx: TTx, row: TBookingRow): Promise<string[]> {
  const seriesId = row.b.seriesId;
  if (!seriesId) return [];
  const after = (await rules.abandonAfterOf(tx, row.b.seedId)) ?? DEFAULT_ABANDON_AFTER;
  if (after === 0) return [];
  const misses = await missesInARow(tx, seriesId, row.b.startsAt);
  const base = { seedId: row.b.seedId, bookingId: row.b.id, roomId: row.b.roomId, actorId: null };
  const detail = { title: row.b.title, roomName: row.roomName, slot: formatSlot(row.b.startsAt, row.b.endsAt), seriesId, misses, limit: after };
  await rrepo.logEvent(tx, { ...base, action: 'series_miss', detail });
  if (misses === after) {
    await rrepo.logEvent(tx, { ...base, action: 'series_warning', detail });
    return [];
  }
  if (misses <= after) return [];
  const reason = koRoomsRules.server.seriesReleaseReason(misses);
  const released = await rules.releaseRestOfSeries(tx, seriesId, row.b.startsAt, reason, deps.now());
  for (const r of released) {
    await deps.jobs.cancel(tx, jobKeyOf(r.id));
    // Calendar sync: each released occurrence leaves the organiser's calendars, like a single release (rooms.jobs.ts).
    await deps.onBookingChange?.(tx, { bookingId: r.id, organizerId: row.b.organizerId });
  }
  if (released.length > 0) {
    await rrepo.logEvent(tx, {
      ...base,
      action: 'series_release',
      detail: { ...detail, count: released.length, reason, slots: released.map((r) => formatSlot(r.startsAt, r.endsAt)) },
    });
  }
  return released.map((r) => r.id);
}

/**
 * The organizer hears of the warning or the release written for this occurrence (once each: a retried job after a
 * failed send repeats the call, the dedupe keys keep it to one notice). Throws when a notice cannot be written.
 */
export async function sendSeriesNotices(deps: TRoomsDeps, row: TBookingRow): Promise<void> {
  if (!row.b.seriesId) return;
  for (const e of await rules.seriesEventsOf(deps.db, row.b.id)) {
    const misses = Number(e.detail.misses ?? 0);
    const warning = e.action === 'series_warning';
    await notify(deps.notifications, 'rooms.released', {
      userId: row.b.organizerId,
      seedId: row.b.seedId,
      title: warning ? n.seriesWarningTitle(row.b.title) : n.seriesReleasedTitle(row.b.title),
      body: warning
        ? n.seriesWarningBody(row.b.title, row.roomName, misses)
        : n.seriesReleasedBody(row.b.title, row.roomName, misses, Number(e.detail.count ?? 0)),
      link: bookingLink(row),
      dedupeKey: `rooms-series-${warning ? 'warning' : 'released'}:${row.b.id}`,
    });
  }
}

/** Tells the screens the rest of a series went (one event per released occurrence). */
export async function publishReleased(deps: TRoomsDeps, seedId: string, roomId: string, ids: string[]): Promise<void> {
  for (const id of ids) await publish(deps, seedId, { type: 'released', bookingId: id, roomId });
}
