// Korean public holidays and one-off closed days of meeting rooms (issue 37): request and response schemas.
import { z } from 'zod';
import { koRooms } from '../messages/ko-rooms.ts';
import { koRoomsHolidays } from '../messages/ko-rooms-holidays.ts';

const v = koRoomsHolidays.validation;

/** A real calendar date, YYYY-MM-DD (2026-02-30 is refused). */
export const ZCalendarDate = z
  .string({ error: v.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, v.date)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, v.date);

export const ZHolidaysQuery = z.object({ year: z.coerce.number({ error: v.year }).int(v.year).min(2000, v.year).max(2050, v.year) });

export const ZHolidayKind = z.enum(['public', 'substitute', 'company']);
export const ZHoliday = z.object({ date: z.string(), name: z.string(), kind: ZHolidayKind });
export type THolidayEntry = z.infer<typeof ZHoliday>;
export const ZHolidayListResponse = z.object({ data: z.array(ZHoliday) });

/** POST /api/seeds/:seedId/rooms/closed-days (also the settings form). */
export const ZClosedDayInput = z.object({
  date: ZCalendarDate,
  name: z.string({ error: v.name }).trim().min(1, v.name).max(50, v.nameMax),
});
export type TClosedDayInput = z.input<typeof ZClosedDayInput>;
export const ZClosedDayParams = z.object({ seedId: z.uuid(koRooms.validation.id), date: ZCalendarDate });
export const ZClosedDayResponse = z.object({ success: z.literal(true), message: z.string(), data: ZHoliday });
