// Customer AI chatbot (issue 14): request and response schemas shared by server, web and the widget.
import { z } from 'zod';
import { koChatbot } from '../messages/ko-chatbot.ts';

const ZId = z.uuid({ error: '올바른 ID가 아닙니다.' });

/** An allowed origin: scheme + host (+ port), no path; normalised to lower case without a trailing slash. */
export const ZOrigin = z
  .string()
  .trim()
  .max(200)
  .transform((s) => s.replace(/\/+$/, '').toLowerCase())
  .refine((s) => /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(s), { error: '허용 출처는 https://shop.example 처럼 주소의 출처만 적어 주세요.' });

const ZBrandColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: '색상은 #1a2b3c 형식으로 적어 주세요.' });

export const ZCreateChatbotInput = z.object({
  name: z.string().trim().min(1, { error: '챗봇 이름을 입력해 주세요.' }).max(60, { error: '챗봇 이름은 60자까지입니다.' }),
  greeting: z.string().trim().max(300, { error: '인사말은 300자까지입니다.' }).optional(),
  allowedOrigins: z.array(ZOrigin).max(20, { error: '허용 출처는 20개까지입니다.' }),
  brandColor: ZBrandColor.optional(),
  /** The Slack channel told of hand-offs (the seed's connected workspace); '' or null = none. */
  slackChannelId: z
    .string()
    .trim()
    .regex(/^([CG][A-Z0-9]{2,40})?$/, { error: koChatbot.server.slackChannelInvalid })
    .nullable()
    .optional(),
});
export type TCreateChatbotInput = z.infer<typeof ZCreateChatbotInput>;
export const ZUpdateChatbotInput = ZCreateChatbotInput.partial();
export type TUpdateChatbotInput = z.infer<typeof ZUpdateChatbotInput>;

export const ZChatbot = z.object({
  id: z.string(),
  name: z.string(),
  greeting: z.string(),
  allowedOrigins: z.array(z.string()),
  brandColor: z.string(),
  slackChannelId: z.string().nullable(),
  sources: z.number(),
  createdAt: z.string(),
});
export type TChatbot = z.infer<typeof ZChatbot>;

export const ZSeedParams = z.object({ seedId: ZId });
export const ZBotParams = z.object({ seedId: ZId, botId: ZId });
export const ZBotSourceParams = z.object({ seedId: ZId, botId: ZId, sourceId: ZId });
export const ZBotTicketParams = z.object({ seedId: ZId, botId: ZId, ticketId: ZId });

const ZText = (max: number, empty: string) => z.string().trim().min(1, { error: empty }).max(max);

export const ZChatbotSourceInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('faq'), question: ZText(300, '질문을 입력해 주세요.'), answer: ZText(4000, '답변을 입력해 주세요.') }),
  z.object({ type: z.enum(['text', 'markdown']), title: ZText(200, '제목을 입력해 주세요.'), content: ZText(200_000, '내용을 입력해 주세요.') }),
  z.object({ type: z.literal('url'), url: z.url({ error: '올바른 주소가 아닙니다.' }).max(2000), title: z.string().trim().max(200).optional() }),
]);
export type TChatbotSourceInput = z.infer<typeof ZChatbotSourceInput>;

export const ZChatbotSource = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  question: z.string().nullable(),
  answer: z.string().nullable(),
  passages: z.number(),
  createdAt: z.string(),
});
export type TChatbotSource = z.infer<typeof ZChatbotSource>;

/** Where a seed's sources are used (decision 026): the chatbot that answers from it and/or the seed's Slack assistant. */
export const ZKnowledgeSourceParams = z.object({ seedId: ZId, sourceId: ZId });
export const ZKnowledgeAttachInput = z
  .object({
    chatbotId: ZId.nullable().optional(),
    slack: z.boolean().optional(),
  })
  .refine((v) => v.chatbotId !== undefined || v.slack !== undefined, { error: koChatbot.server.attachNothing });
export type TKnowledgeAttachInput = z.infer<typeof ZKnowledgeAttachInput>;
export const ZKnowledgeAttachment = z.object({ id: z.string(), chatbotId: z.string().nullable(), slack: z.boolean() });
export type TKnowledgeAttachment = z.infer<typeof ZKnowledgeAttachment>;
export const ZKnowledgeUsage = z.object({
  chatbots: z.array(z.object({ id: z.string(), name: z.string() })),
  slack: z.object({ workspaceId: z.string(), teamName: z.string() }).nullable(),
  sources: z.array(ZKnowledgeAttachment),
});
export type TKnowledgeUsage = z.infer<typeof ZKnowledgeUsage>;
export const ZKnowledgeUsageResponse = z.object({ data: ZKnowledgeUsage });
export type TKnowledgeUsageResponse = z.infer<typeof ZKnowledgeUsageResponse>;
export const ZKnowledgeAttachResponse = z.object({ message: z.string(), data: ZKnowledgeAttachment });
export type TKnowledgeAttachResponse = z.infer<typeof ZKnowledgeAttachResponse>;

export const ZBotPublicParams = z.object({ botId: ZId });
export const ZConversationParams = z.object({ botId: ZId, conversationId: ZId });
export const ZAskInput = z.object({ text: z.string().trim().min(1, { error: '질문을 입력해 주세요.' }).max(1000, { error: '질문은 1000자까지입니다.' }) });
export const ZAnswer = z.object({
  messageId: z.string(),
  answer: z.string(),
  answered: z.boolean(),
  sources: z.array(z.object({ title: z.string(), url: z.string().optional() })),
});
export type TAnswer = z.infer<typeof ZAnswer>;
export const ZHandoffInput = z.object({
  email: z.email({ error: '올바른 이메일 주소를 입력해 주세요.' }).max(254),
  name: z.string().trim().max(60).optional(),
  message: z.string().trim().max(2000).optional(),
});
export const ZFeedbackInput = z.object({ messageId: ZId, helpful: z.boolean() });
export const ZTicketAnswerInput = z.object({ answer: ZText(5000, '답변을 입력해 주세요.') });
