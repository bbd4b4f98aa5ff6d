// Live hand-off of the customer chatbot (issue 29): office hours, presence, the console's 상담함 and the widget's live chat.
import { z } from 'zod';
import { ZAnswerSource } from './chatbot.ts';

const ZId = z.uuid({ error: '올바른 ID가 아닙니다.' });
const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: '시각은 09:00처럼 입력해 주세요.' });

/** Office hours in Asia/Seoul: ISO weekdays (1 = 월 … 7 = 일), opening and closing 'HH:MM' (closing later than opening). */
export const ZOfficeHours = z
  .object({
    weekdays: z
      .array(z.number().int().min(1).max(7), { error: '요일을 골라 주세요.' })
      .max(7)
      .transform((d) => [...new Set(d)].sort((a, b) => a - b)),
    opensAt: ZClock,
    closesAt: ZClock,
    openOnHolidays: z.boolean(),
  })
  .refine((h) => h.opensAt < h.closesAt, { error: '마감 시각은 시작 시각보다 늦어야 해요.', path: ['closesAt'] });
export type TOfficeHours = z.infer<typeof ZOfficeHours>;
/** The bot's hours, whether it is open now and, when closed, the next opening (ISO) and its Korean wording. */
export const ZOfficeHoursResponse = z.object({
  data: z.object({
    weekdays: z.array(z.number()),
    opensAt: z.string(),
    closesAt: z.string(),
    openOnHolidays: z.boolean(),
    openNow: z.boolean(),
    nextOpening: z.string().nullable(),
    nextOpeningText: z.string().nullable(),
  }),
});
export type TOfficeHoursResponse = z.infer<typeof ZOfficeHoursResponse>;
export const ZSaveOfficeHoursResponse = z.object({ message: z.string() });

/** '상담 가능' of the signed-in member for the seed's bots; `online: true` again within 90 s keeps it on (heartbeat). */
export const ZPresenceInput = z.object({ online: z.boolean() });
export const ZPresenceResponse = z.object({
  message: z.string().optional(),
  data: z.object({ online: z.boolean(), onlineUntil: z.string().nullable(), agentsOnline: z.number() }),
});
export type TPresenceResponse = z.infer<typeof ZPresenceResponse>;

export const ZLiveStatus = z.enum(['waiting', 'live', 'ended']);
export type TLiveStatus = z.infer<typeof ZLiveStatus>;
export const ZInboxLine = z.object({ id: z.string(), role: z.string(), text: z.string(), sources: z.array(ZAnswerSource), createdAt: z.string() });
export type TInboxLine = z.infer<typeof ZInboxLine>;
/** A live conversation in the 상담함: waiting or live, with who took it and its transcript (as stored: masked). */
export const ZInboxChat = z.object({
  conversationId: z.string(),
  status: ZLiveStatus,
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  requestedAt: z.string(),
  transcript: z.array(ZInboxLine),
});
export type TInboxChat = z.infer<typeof ZInboxChat>;
export const ZInboxResponse = z.object({ data: z.array(ZInboxChat) });
export type TInboxResponse = z.infer<typeof ZInboxResponse>;
export const ZInboxParams = z.object({ seedId: ZId, botId: ZId, conversationId: ZId });
export const ZAgentReplyInput = z.object({
  text: z.string().trim().min(1, { error: '답장을 입력해 주세요.' }).max(2000, { error: '답장은 2000자까지입니다.' }),
});
export const ZInboxActionResponse = z.object({ message: z.string(), data: ZInboxChat });
export type TInboxActionResponse = z.infer<typeof ZInboxActionResponse>;
export const ZAgentReplyResponse = z.object({ data: ZInboxLine });
export type TAgentReplyResponse = z.infer<typeof ZAgentReplyResponse>;

/** POST /api/chatbot/{botId}/conversations/{id}/live: live (waiting for an agent) or not (then the ticket form). */
export const ZLiveRequestResponse = z.object({
  live: z.boolean(),
  message: z.string(),
  messageId: z.string(),
  nextOpening: z.string().nullable(),
});
export type TLiveRequestResponse = z.infer<typeof ZLiveRequestResponse>;
