// Booking rules, team quotas and the admin override of meeting rooms (issue 37): request and response schemas.
import { z } from 'zod';
import { koRooms } from '../messages/ko-rooms.ts';
import { koRoomsRules } from '../messages/ko-rooms-rules.ts';

const v = koRoomsRules.validation;

export const ZWhoMayBook = z.enum(['everyone', 'members', 'admins'], { error: v.whoMayBook });
export type TWhoMayBook = z.infer<typeof ZWhoMayBook>;

const maxMinutes = z
  .number({ error: v.maxMinutes })
  .int(v.maxMinutes)
  .min(15, v.maxMinutes)
  .max(720, v.maxMinutes)
  .refine((n) => n % 15 === 0, v.maxMinutes);
const maxDaysAhead = z.number({ error: v.maxDaysAhead }).int(v.maxDaysAhead).min(1, v.maxDaysAhead).max(366, v.maxDaysAhead);
const maxHoursPerWeek = z.number({ error: v.maxHoursPerWeek }).int(v.maxHoursPerWeek).min(1, v.maxHoursPerWeek).max(168, v.maxHoursPerWeek);
const memberIds = z.array(z.uuid(koRooms.validation.id)).max(500);

/** A rule set: null means no limit (seed) or "as the seed" (room). */
const ruleFields = {
  maxMinutes: maxMinutes.nullable().default(null),
  maxDaysAhead: maxDaysAhead.nullable().default(null),
  maxHoursPerWeek: maxHoursPerWeek.nullable().default(null),
  whoMayBook: ZWhoMayBook.nullable().default(null),
  allowedUserIds: memberIds.default([]),
};

/** PUT /api/seeds/:seedId/rooms/rules. */
export const ZSeedRulesInput = z.object({
  ...ruleFields,
  abandonAfter: z.number({ error: v.abandonAfter }).int(v.abandonAfter).min(0, v.abandonAfter).max(10, v.abandonAfter).default(2),
});
export type TSeedRulesInput = z.input<typeof ZSeedRulesInput>;

/** PUT /api/seeds/:seedId/rooms/:roomId/rules. */
export const ZRoomRulesInput = z.object(ruleFields);
export type TRoomRulesInput = z.input<typeof ZRoomRulesInput>;

export const ZRuleSet = z.object({
  maxMinutes: z.number().nullable(),
  maxDaysAhead: z.number().nullable(),
  maxHoursPerWeek: z.number().nullable(),
  whoMayBook: ZWhoMayBook.nullable(),
  allowedUserIds: z.array(z.string()),
});
export type TRuleSet = z.infer<typeof ZRuleSet>;

export const ZRoomTeam = z.object({
  id: z.string(),
  name: z.string(),
  roomId: z.string().nullable(),
  maxHoursPerWeek: z.number(),
  members: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type TRoomTeam = z.infer<typeof ZRoomTeam>;

export const ZBookingRules = z.object({
  seed: ZRuleSet.extend({ abandonAfter: z.number() }),
  rooms: z.array(ZRuleSet.extend({ roomId: z.string() })),
  teams: z.array(ZRoomTeam),
});
export type TBookingRules = z.infer<typeof ZBookingRules>;
export const ZBookingRulesResponse = z.object({ data: ZBookingRules, canManage: z.boolean() });
export const ZBookingRulesSaved = z.object({ success: z.literal(true), message: z.string(), data: ZBookingRules });

/** POST /api/seeds/:seedId/rooms/teams, PUT …/rooms/teams/:teamId. */
export const ZRoomTeamInput = z.object({
  name: z.string({ error: v.teamName }).trim().min(1, v.teamName).max(50, v.teamNameMax),
  roomId: z.uuid(koRooms.validation.id).nullable().default(null),
  maxHoursPerWeek,
  memberIds: memberIds.min(1, v.teamMembers),
});
export type TRoomTeamInput = z.input<typeof ZRoomTeamInput>;
export const ZRoomTeamParams = z.object({ seedId: z.uuid(koRooms.validation.id), teamId: z.uuid(koRooms.validation.id) });

/** An admin books against a rule: `override: { reason }` on create and move (members: 403). */
export const ZRuleOverride = z.object({
  reason: z.string({ error: v.overrideReason }).trim().min(2, v.overrideReason).max(200, v.overrideReason),
});

/** A booking's series history: misses, the warning, the release of the rest, overrides. */
export const ZSeriesHistoryEntry = z.object({
  id: z.number(),
  action: z.enum(['series_miss', 'series_warning', 'series_release', 'rule_override']),
  at: z.string(),
  bookingId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type TSeriesHistoryEntry = z.infer<typeof ZSeriesHistoryEntry>;
export const ZSeriesHistoryResponse = z.object({ data: z.array(ZSeriesHistoryEntry) });
