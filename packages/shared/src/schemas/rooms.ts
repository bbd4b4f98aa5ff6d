// Meeting-room booking: request and response schemas shared by server and web.
import { z } from 'zod';
import { koRooms } from '../messages/ko-rooms.ts';
import { ZRuleOverride } from './rooms-rules.ts';

const v = koRooms.validation;
const STEP_MS = 15 * 60_000;

export const ZRoomsSeedParams = z.object({ seedId: z.uuid(v.id) });
export const ZRoomParams = z.object({ seedId: z.uuid(v.id), roomId: z.uuid(v.id) });
export const ZBookingParams = z.object({ seedId: z.uuid(v.id), bookingId: z.uuid(v.id) });

const minuteOfDay = z
  .number({ error: v.hours })
  .int(v.hours)
  .min(0, v.hours)
  .max(1440, v.hours)
  .refine((n) => n % 15 === 0, v.hours);

const roomFields = {
  name: z.string({ error: v.roomName }).trim().min(1, v.roomName).max(50, v.roomNameMax),
  location: z.string().trim().max(100).default(''),
  capacity: z.number({ error: v.capacity }).int(v.capacity).min(1, v.capacity).max(500, v.capacity),
  equipment: z.array(z.string().trim().min(1).max(30)).max(20).default([]),
  openMinute: minuteOfDay.default(480),
  closeMinute: minuteOfDay.default(1320),
  weekdays: z.array(z.number().int().min(1).max(7), { error: v.weekdays }).min(1, v.weekdays).max(7).default([1, 2, 3, 4, 5]),
  active: z.boolean().default(true),
  openOnHolidays: z.boolean().default(false),
};

/** POST /api/seeds/:seedId/rooms (also the room form). */
export const ZCreateRoomInput = z.object(roomFields).refine((r) => r.openMinute < r.closeMinute, { message: v.hours, path: ['closeMinute'] });
export type TCreateRoomInput = z.input<typeof ZCreateRoomInput>;

/** PATCH /api/seeds/:seedId/rooms/:roomId. */
export const ZUpdateRoomInput = z
  .object({
    name: roomFields.name.optional(),
    location: z.string().trim().max(100).optional(),
    capacity: roomFields.capacity.optional(),
    equipment: z.array(z.string().trim().min(1).max(30)).max(20).optional(),
    openMinute: minuteOfDay.optional(),
    closeMinute: minuteOfDay.optional(),
    weekdays: z.array(z.number().int().min(1).max(7)).min(1, v.weekdays).max(7).optional(),
    active: z.boolean().optional(),
    openOnHolidays: z.boolean().optional(),
  })
  .refine((r) => Object.values(r).some((x) => x !== undefined), { message: v.nothing })
  .refine((r) => r.openMinute === undefined || r.closeMinute === undefined || r.openMinute < r.closeMinute, {
    message: v.hours,
    path: ['closeMinute'],
  });
export type TUpdateRoomInput = z.input<typeof ZUpdateRoomInput>;

export const ZRoom = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  capacity: z.number().int(),
  equipment: z.array(z.string()),
  openMinute: z.number().int(),
  closeMinute: z.number().int(),
  weekdays: z.array(z.number().int()),
  active: z.boolean(),
  /** Bookable on public holidays and the seed's closed days (issue 37). */
  openOnHolidays: z.boolean(),
});
export type TRoom = z.infer<typeof ZRoom>;
export const ZRoomListResponse = z.object({ data: z.array(ZRoom) });
export const ZRoomResponse = z.object({ success: z.literal(true), message: z.string(), data: ZRoom });

const isoTime = z.iso.datetime({ offset: true, error: v.time });
const onStep = (iso: string) => Date.parse(iso) % STEP_MS === 0;

export const ZAttendeeInput = z.string().trim().toLowerCase().pipe(z.email(v.attendee));
const attendees = z.array(ZAttendeeInput).max(100, v.attendeesMax);
const note = z.string().max(20_000, v.noteMax);

/** A recurring series books at most this many occurrences (the first included). */
export const MAX_SERIES_OCCURRENCES = 100;

export const ZRecurrence = z.object({
  freq: z.enum(['daily', 'weekly']),
  until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, v.until),
});
export type TRecurrence = z.infer<typeof ZRecurrence>;

const timeChecks = <S extends z.ZodType<{ startsAt?: string | undefined; endsAt?: string | undefined }>>(s: S): S =>
  s
    .refine((b) => (b.startsAt === undefined || onStep(b.startsAt)) && (b.endsAt === undefined || onStep(b.endsAt)), {
      message: v.step,
      path: ['startsAt'],
    })
    .refine((b) => b.startsAt === undefined || b.endsAt === undefined || Date.parse(b.endsAt) > Date.parse(b.startsAt), {
      message: v.order,
      path: ['endsAt'],
    })
    .refine((b) => b.startsAt === undefined || b.endsAt === undefined || Date.parse(b.endsAt) - Date.parse(b.startsAt) <= 12 * 3_600_000, {
      message: v.tooLong,
      path: ['endsAt'],
    }) as S;

/** POST /api/seeds/:seedId/bookings. */
export const ZCreateBookingInput = timeChecks(
  z.object({
    roomId: z.uuid(v.id),
    title: z.string({ error: v.title }).trim().min(1, v.title).max(100, v.titleMax),
    startsAt: isoTime,
    endsAt: isoTime,
    attendees: attendees.default([]),
    agenda: note.default(''),
    recurrence: ZRecurrence.optional(),
    /** An owner or admin books against a booking rule, with a reason (issue 37). */
    override: ZRuleOverride.optional(),
  }),
);
export type TCreateBookingInput = z.input<typeof ZCreateBookingInput>;
export type TCreateBookingData = z.output<typeof ZCreateBookingInput>;

/** PATCH /api/seeds/:seedId/bookings/:bookingId: edit, move (time or room), notes. */
export const ZUpdateBookingInput = timeChecks(
  z.object({
    roomId: z.uuid(v.id).optional(),
    title: z.string().trim().min(1, v.title).max(100, v.titleMax).optional(),
    startsAt: isoTime.optional(),
    endsAt: isoTime.optional(),
    attendees: attendees.optional(),
    agenda: note.optional(),
    minutes: note.optional(),
    /** An owner or admin moves against a booking rule, with a reason (issue 37). */
    override: ZRuleOverride.optional(),
  }),
).refine((b) => Object.values(b).some((x) => x !== undefined), { message: v.nothing });
export type TUpdateBookingInput = z.input<typeof ZUpdateBookingInput>;
export type TUpdateBookingData = z.output<typeof ZUpdateBookingInput>;

/** DELETE …/bookings/:id?scope=following cancels this occurrence and the later ones of its series. */
export const ZCancelBookingQuery = z.object({ scope: z.enum(['one', 'following']).default('one') });

export const ZBookingStatus = z.enum(['confirmed', 'checked_in', 'cancelled', 'released']);

export const ZBooking = z.object({
  id: z.string(),
  roomId: z.string(),
  roomName: z.string(),
  title: z.string(),
  organizer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  attendees: z.array(z.object({ email: z.string(), userId: z.string().nullable(), name: z.string().nullable() })),
  startsAt: z.string(),
  endsAt: z.string(),
  agenda: z.string(),
  minutes: z.string(),
  status: ZBookingStatus,
  seriesId: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  /** Booked against a booking rule by an admin: their reason (issue 37). */
  overrideReason: z.string().nullable(),
  /** Released by the system for more than a missed check-in (an abandoned series): why (issue 37). */
  releaseReason: z.string().nullable(),
  /** What the caller may do with it (the server enforces the same rules). */
  canEdit: z.boolean(),
  canWriteMinutes: z.boolean(),
});
export type TBooking = z.infer<typeof ZBooking>;

export const ZBookingListQuery = z
  .object({
    from: isoTime,
    to: isoTime,
    roomId: z.uuid(v.id).optional(),
    mine: z.enum(['true', 'false']).optional(),
    includeCancelled: z.enum(['true', 'false']).optional(),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from) && Date.parse(q.to) - Date.parse(q.from) <= 62 * 86_400_000, {
    message: v.range,
    path: ['to'],
  });
export const ZBookingListResponse = z.object({ data: z.array(ZBooking) });

/** date and name are set when the occurrence fell on a public holiday or a closed day of the seed (issue 37). */
export const ZSkippedOccurrence = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
  date: z.string().optional(),
  name: z.string().optional(),
});
export const ZCreateBookingResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZBooking,
  /** Every booked occurrence (one unless recurring). */
  created: z.array(ZBooking),
  /** Occurrences of a recurring request that could not be booked, with the reason. */
  skipped: z.array(ZSkippedOccurrence),
  /** Seoul dates (YYYY-MM-DD) of a series past the MAX_SERIES_OCCURRENCES cap: not booked, not tried. */
  leftOut: z.array(z.string()),
});
export const ZBookingResponse = z.object({ success: z.literal(true), message: z.string(), data: ZBooking });

/** Free rooms for a slot (the finder). */
export const ZFreeRoomsQuery = z
  .object({
    from: isoTime,
    to: isoTime,
    capacity: z.coerce.number().int().min(1).max(500).optional(),
    equipment: z.string().max(300).optional(),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: v.order, path: ['to'] });

export const ZRoomSettings = z.object({
  reminderMinutes: z.number({ error: v.reminder }).int(v.reminder).min(0, v.reminder).max(1440, v.reminder),
  autoRelease: z.boolean(),
});
export type TRoomSettings = z.infer<typeof ZRoomSettings>;
export const ZUpdateRoomSettings = ZRoomSettings.partial().refine((s) => Object.values(s).some((x) => x !== undefined), {
  message: v.nothing,
});
export const ZRoomSettingsResponse = z.object({ data: ZRoomSettings, canManage: z.boolean() });

export const ZBookingStatsQuery = z
  .object({ from: isoTime, to: isoTime })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from) && Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: v.range,
    path: ['to'],
  });
export const ZBookingStats = z.object({
  byPerson: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), minutes: z.number(), bookings: z.number() })),
  byRoom: z.array(z.object({ roomId: z.string(), name: z.string(), minutes: z.number(), bookings: z.number() })),
  /** Who books what: minutes per person and room. */
  byPersonRoom: z.array(z.object({ userId: z.string(), roomId: z.string(), minutes: z.number(), bookings: z.number() })),
});
export type TBookingStats = z.infer<typeof ZBookingStats>;

export const ZRoomLogQuery = z.object({ before: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });
export const ZRoomLogEntry = z.object({
  id: z.number(),
  action: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  bookingId: z.string().nullable(),
  roomName: z.string().nullable(),
  title: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type TRoomLogEntry = z.infer<typeof ZRoomLogEntry>;
export const ZRoomLogResponse = z.object({ data: z.array(ZRoomLogEntry), nextBefore: z.number().nullable() });

export const ZCalendarFeedStatus = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export const ZCalendarFeedCreated = z.object({ success: z.literal(true), message: z.string(), url: z.string() });
export const ZCalendarFeedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/) });

/** One server-sent event on /bookings/stream. */
export type TBookingEvent = { type: 'created' | 'updated' | 'cancelled' | 'released' | 'checked_in' | 'rooms'; bookingId?: string; roomId?: string };
