// Rooms at the door (issue 37): the display's public API, its admin routes, QR check-in and minutes items.
import { z } from 'zod';
import { koRooms } from '../messages/ko-rooms.ts';
import { koRoomsDoor } from '../messages/ko-rooms-door.ts';

const v = koRoomsDoor.validation;
const id = z.uuid(koRooms.validation.id);

/** A display's token: 32 base64url characters (24 random bytes). */
export const ZDisplayParams = z.object({ token: z.string({ error: v.token }).regex(/^[A-Za-z0-9_-]{32}$/, v.token) });

export const ZDisplayBooking = z.object({
  id: z.string(),
  title: z.string(),
  organizerName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['confirmed', 'checked_in']),
  /** Whether the display may check it in now (from 15 minutes before its start until its end). */
  canCheckIn: z.boolean(),
});
export type TDisplayBooking = z.infer<typeof ZDisplayBooking>;

/** GET /api/room-displays/:token — what the tablet shows. */
export const ZDisplayState = z.object({
  displayName: z.string(),
  room: z.object({ id: z.string(), name: z.string(), location: z.string() }),
  now: ZDisplayBooking.nullable(),
  next: ZDisplayBooking.nullable(),
  /** Free from now until this moment (the next booking or closing); null when the room is in use or closed now. */
  freeUntil: z.string().nullable(),
  /** Why nobody can book today (a public holiday, a closed day), else null. */
  closedReason: z.string().nullable(),
  /** The '지금 사용' lengths that fit before the next booking or closing (at most up to them). */
  quickMinutes: z.array(z.number().int()),
  /** The room's QR check-in link, shown as a QR code on the display. */
  checkInUrl: z.string(),
  serverTime: z.string(),
});
export type TDisplayState = z.infer<typeof ZDisplayState>;
export const ZDisplayStateResponse = z.object({ data: ZDisplayState });

export const ZQuickBookInput = z.object({ minutes: z.union([z.literal(15), z.literal(30), z.literal(60)], { error: v.minutes }) });
export type TQuickBookInput = z.infer<typeof ZQuickBookInput>;
export const ZDisplayCheckInInput = z.object({ bookingId: id });
export const ZDisplayActionResponse = z.object({ success: z.literal(true), message: z.string(), data: ZDisplayState });

/** Admin: the displays of a seed. */
export const ZCreateDisplayInput = z.object({
  roomId: id,
  name: z.string({ error: v.displayName }).trim().min(1, v.displayName).max(50, v.displayNameMax),
});
export type TCreateDisplayInput = z.input<typeof ZCreateDisplayInput>;
export const ZRoomDisplay = z.object({
  id: z.string(),
  roomId: z.string(),
  roomName: z.string(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TRoomDisplay = z.infer<typeof ZRoomDisplay>;
export const ZRoomDisplayList = z.object({ data: z.array(ZRoomDisplay) });
export const ZDisplayCreated = z.object({ success: z.literal(true), message: z.string(), data: ZRoomDisplay, url: z.string() });
export const ZRoomDisplayParams = z.object({ seedId: id, displayId: id });

/** Admin: a room's QR check-in link (the code is created on first read and rotated on request). */
export const ZCheckInCode = z.object({ roomId: z.string(), url: z.string(), rotatedAt: z.string() });
export type TCheckInCode = z.infer<typeof ZCheckInCode>;
export const ZCheckInCodeResponse = z.object({ success: z.literal(true), message: z.string(), data: ZCheckInCode });

/** The phone: /rooms/check-in/:roomId?c=<code>. */
export const ZCheckInRoomParams = z.object({ roomId: id });
export const ZCheckInCodeQuery = z.object({ c: z.string({ error: v.code }).regex(/^[A-Za-z0-9_-]{8,64}$/, v.code) });
export const ZPhoneCheckInInput = z.object({ c: ZCheckInCodeQuery.shape.c, bookingId: id });
export const ZPhoneBooking = z.object({
  id: z.string(),
  seedId: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['confirmed', 'checked_in']),
});
export type TPhoneBooking = z.infer<typeof ZPhoneBooking>;
export const ZPhoneCheckInState = z.object({
  data: z.object({ room: z.object({ id: z.string(), name: z.string(), location: z.string() }), bookings: z.array(ZPhoneBooking) }),
});
export type TPhoneCheckInState = z.infer<typeof ZPhoneCheckInState>['data'];
export const ZPhoneCheckInResponse = z.object({ success: z.literal(true), message: z.string(), data: ZPhoneBooking });

/** Decisions and action items read from a booking's minutes. */
export const ZMinutesAction = z.object({
  text: z.string(),
  owner: z.object({ userId: z.string().nullable(), name: z.string() }).nullable(),
  /** YYYY-MM-DD (Asia/Seoul) when the minutes give a deadline ('금요일까지', '12/3까지'). */
  due: z.string().nullable(),
});
export type TMinutesAction = z.infer<typeof ZMinutesAction>;
export const ZMinutesItems = z.object({
  decisions: z.array(z.string()),
  actions: z.array(ZMinutesAction),
  source: z.enum(['llm', 'rules']),
  updatedAt: z.string(),
});
export type TMinutesItems = z.infer<typeof ZMinutesItems>;
export const ZMinutesItemsResponse = z.object({ data: ZMinutesItems.nullable() });
