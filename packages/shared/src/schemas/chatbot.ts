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
  /** Origins the widget was refused from (not in allowedOrigins), newest first, at most 10. */
  refusedOrigins: z.array(z.object({ origin: z.string(), lastSeenAt: z.string() })),
  /** When the bot-wide question budget was last used up (visitors got "문의가 많아" for the rest of that minute); null = never. */
  cappedAt: z.string().nullable(),
});
export type TChatbot = z.infer<typeof ZChatbot>;

export const ZSeedParams = z.object({ seedId: ZId });
export const ZBotParams = z.object({ seedId: ZId, botId: ZId });
export const ZBotSourceParams = z.object({ seedId: ZId, botId: ZId, sourceId: ZId });
export const ZBotTicketParams = z.object({ seedId: ZId, botId: ZId, ticketId: ZId });

const ZText = (max: number, empty: string) => z.string().trim().min(1, { error: empty }).max(max);

/** An FAQ entry's alternative phrasings: at most 30, each at most 300 characters, blank ones dropped, duplicates once. */
export const ZPhrasings = z
  .array(z.string().trim().max(300, { error: '다른 표현은 300자까지 쓸 수 있습니다.' }))
  .max(30, { error: '다른 표현은 30개까지 넣을 수 있습니다.' })
  .transform((list) => [...new Set(list.filter(Boolean))]);

/** PATCH an FAQ entry: any of question, answer, phrasings (replaced whole), or one phrasing appended. */
export const ZFaqEditInput = z
  .object({
    question: ZText(300, '질문을 입력해 주세요.').optional(),
    answer: ZText(4000, '답변을 입력해 주세요.').optional(),
    phrasings: ZPhrasings.optional(),
    addPhrasing: ZText(300, '추가할 표현을 입력해 주세요.').optional(),
    /** The unanswered or thumbs-down message `addPhrasing` comes from: it is marked handled and leaves that list. */
    messageId: ZId.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: '바꿀 내용을 입력해 주세요.' })
  .refine((v) => !v.messageId || v.addPhrasing, { error: '추가할 표현을 입력해 주세요.', path: ['addPhrasing'] });
export type TFaqEditInput = z.infer<typeof ZFaqEditInput>;

/** Which FAQ entries a question comes closest to (the console's suggestion for an unanswered question). */
export const ZFaqSuggestQuery = z.object({ q: z.string().trim().min(1, { error: '질문을 입력해 주세요.' }).max(300) });
export const ZFaqSuggestResponse = z.object({
  data: z.array(z.object({ sourceId: z.string(), question: z.string(), score: z.number() })),
});
export type TFaqSuggestResponse = z.infer<typeof ZFaqSuggestResponse>;

export const ZChatbotSourceInput = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('faq'),
    question: ZText(300, '질문을 입력해 주세요.'),
    answer: ZText(4000, '답변을 입력해 주세요.'),
    /** Other wordings of the question, matched like it (issue 29). */
    phrasings: ZPhrasings.optional(),
  }),
  z.object({ type: z.enum(['text', 'markdown']), title: ZText(200, '제목을 입력해 주세요.'), content: ZText(200_000, '내용을 입력해 주세요.') }),
  z.object({ type: z.literal('url'), url: z.url({ error: '올바른 주소가 아닙니다.' }).max(2000), title: z.string().trim().max(200).optional() }),
  /** A whole site from its sitemap.xml (issue 29): robots.txt respected, at most 200 pages, re-fetched daily. */
  z.object({ type: z.literal('sitemap'), url: z.url({ error: '올바른 주소가 아닙니다.' }).max(2000), title: z.string().trim().max(200).optional() }),
]);
export type TChatbotSourceInput = z.infer<typeof ZChatbotSourceInput>;

export const ZChatbotSource = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  question: z.string().nullable(),
  answer: z.string().nullable(),
  /** An FAQ entry's alternative phrasings ([] for other kinds). */
  phrasings: z.array(z.string()),
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
export const ZAskInput = z.object({
  text: z.string().trim().min(1, { error: '질문을 입력해 주세요.' }).max(1000, { error: '질문은 1000자까지입니다.' }),
  /**
   * Decision 096: the visitor chose a suggested FAQ entry (`faqId`) offered by the bot's refusal `messageId`; the answer
   * comes from that entry. `text` is what the visitor saw on the button (the entry's question).
   */
  choice: z.object({ faqId: ZId, messageId: ZId }).optional(),
});
/** A source an answer cites (the widget shows it; the transcript keeps it). */
export const ZAnswerSource = z.object({ title: z.string(), url: z.string().optional() });
export const ZAnswer = z.object({
  messageId: z.string(),
  answer: z.string(),
  answered: z.boolean(),
  sources: z.array(ZAnswerSource),
  /** Issue 29: the lookup that answered from the company's own data (its name), when one did. */
  lookup: z.object({ name: z.string() }).optional(),
  /** Decision 096: on a refusal, up to 3 FAQ entries the question may mean (their questions only), to choose from. */
  suggestions: z.array(z.object({ id: z.string(), question: z.string() })).optional(),
});
export type TAnswer = z.infer<typeof ZAnswer>;
export const ZHandoffInput = z.object({
  email: z.email({ error: '올바른 이메일 주소를 입력해 주세요.' }).max(254, { error: '이메일 주소가 너무 깁니다.' }),
  name: z.string().trim().max(60).optional(),
  message: z.string().trim().max(2000).optional(),
});
export const ZFeedbackInput = z.object({ messageId: ZId, helpful: z.boolean() });
export const ZTicketAnswerInput = z.object({ answer: ZText(5000, '답변을 입력해 주세요.') });

// ── Answers of the console routes (decision 025): each route declares its schema as `response`, the web types from it ──

/** A write that answers only with its Korean message (delete bot, delete source, answer ticket; the widget's feedback). */
export const ZChatbotMessageResponse = z.object({ message: z.string() });
export type TChatbotMessageResponse = z.infer<typeof ZChatbotMessageResponse>;

export const ZChatbotListResponse = z.object({ data: z.array(ZChatbot) });
export type TChatbotListResponse = z.infer<typeof ZChatbotListResponse>;
/** POST /chatbots → 201. */
export const ZCreateChatbotResponse = z.object({ id: z.string() });
export type TCreateChatbotResponse = z.infer<typeof ZCreateChatbotResponse>;
export const ZUpdateChatbotResponse = z.object({ message: z.string(), data: ZChatbot });
export type TUpdateChatbotResponse = z.infer<typeof ZUpdateChatbotResponse>;

export const ZChatbotSourceListResponse = z.object({ data: z.array(ZChatbotSource) });
export type TChatbotSourceListResponse = z.infer<typeof ZChatbotSourceListResponse>;
/** POST /sources and /sources/pdf → 201. */
export const ZAddChatbotSourceResponse = z.object({ message: z.string(), data: ZChatbotSource });
export type TAddChatbotSourceResponse = z.infer<typeof ZAddChatbotSourceResponse>;

/** A conversation in the console's list: `first` is the visitor's first message (e-mail and phone masked), null before one. */
export const ZChatbotConversation = z.object({
  id: z.string(),
  createdAt: z.string(),
  handedOff: z.boolean(),
  messages: z.number(),
  first: z.string().nullable(),
});
export type TChatbotConversation = z.infer<typeof ZChatbotConversation>;
export const ZChatbotConversationListResponse = z.object({ data: z.array(ZChatbotConversation) });
export type TChatbotConversationListResponse = z.infer<typeof ZChatbotConversationListResponse>;

/** A message of a transcript; `answered` and `feedback` (1 / -1) only on the bot's messages, else null. */
export const ZChatbotTranscriptLine = z.object({
  id: z.string(),
  role: z.string(),
  text: z.string(),
  answered: z.boolean().nullable(),
  sources: z.array(ZAnswerSource),
  feedback: z.number().nullable(),
  createdAt: z.string(),
});
export type TChatbotTranscriptLine = z.infer<typeof ZChatbotTranscriptLine>;
export const ZChatbotTranscriptResponse = z.object({ data: z.array(ZChatbotTranscriptLine) });
export type TChatbotTranscriptResponse = z.infer<typeof ZChatbotTranscriptResponse>;

/**
 * A question to teach from (masked): one the bot could not answer (`kind` unanswered) or an answer the visitor gave a
 * thumbs-down (`thumbsDown`, with `answeredWith` = the entry it answered from). `suggestion` = the FAQ entry the
 * question comes closest to (the same matcher as faq-suggestions; for a thumbs-down, not the entry it answered from).
 */
export const ZChatbotUnanswered = z.object({
  id: z.string(),
  question: z.string(),
  createdAt: z.string(),
  kind: z.enum(['unanswered', 'thumbsDown']),
  answeredWith: z.string().nullable(),
  /** `chosen`: the visitor picked this entry among the bot's suggestions (decision 096), not the matcher's guess. */
  suggestion: z.object({ sourceId: z.string(), question: z.string(), chosen: z.boolean().optional() }).nullable(),
});
export type TChatbotUnanswered = z.infer<typeof ZChatbotUnanswered>;
export const ZChatbotUnansweredListResponse = z.object({ data: z.array(ZChatbotUnanswered) });
export type TChatbotUnansweredListResponse = z.infer<typeof ZChatbotUnansweredListResponse>;

/** A hand-off ticket; status open | answered. */
export const ZChatbotTicket = z.object({
  id: z.string(),
  conversationId: z.string(),
  email: z.string(),
  name: z.string(),
  message: z.string(),
  transcript: z.string(),
  status: z.string(),
  answer: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type TChatbotTicket = z.infer<typeof ZChatbotTicket>;
export const ZChatbotTicketListResponse = z.object({ data: z.array(ZChatbotTicket) });
export type TChatbotTicketListResponse = z.infer<typeof ZChatbotTicketListResponse>;

/**
 * Figures of the last 30 days; `day` is YYYY-MM-DD (Asia/Seoul). Counted: conversations in which the visitor asked at
 * least one question, from the sites of the bot (the console's preview is left out). resolutionRate 0..1 = resolved ÷
 * counted, where resolved = the bot answered at least one question and the visitor did not ask for a person; null
 * without conversations.
 */
export const ZChatbotFigures = z.object({
  conversationsPerDay: z.array(z.object({ day: z.string(), conversations: z.number() })),
  conversations: z.number(),
  handedOff: z.number(),
  resolutionRate: z.number().nullable(),
  thumbsUp: z.number(),
  thumbsDown: z.number(),
  topQuestions: z.array(z.object({ question: z.string(), count: z.number() })),
  /**
   * The last 8 weeks, oldest first (Monday–Sunday, Asia/Seoul; `weekStart` YYYY-MM-DD): questions the bot got and how
   * many it answered, from the bot's sites (the console's preview left out). Weeks without questions are 0.
   */
  weekly: z.array(z.object({ weekStart: z.string(), questions: z.number(), answered: z.number() })),
});
export type TChatbotFigures = z.infer<typeof ZChatbotFigures>;
export const ZChatbotFiguresResponse = z.object({ data: ZChatbotFigures });
export type TChatbotFiguresResponse = z.infer<typeof ZChatbotFiguresResponse>;

/**
 * A bot's own synonyms (issue 29): word groups that mean the same to its customers, e.g. ["끊다", "등록하다", "결제하다"].
 * At most 100 groups of 2–10 words, each 1–20 characters; a word twice in a group is kept once.
 */
const ZSynonymWord = z.string().trim().min(1, { error: '빈 낱말은 넣을 수 없습니다.' }).max(20, { error: '낱말은 20자까지 쓸 수 있습니다.' });
export const ZChatbotSynonyms = z.object({
  groups: z
    .array(
      z
        .array(ZSynonymWord)
        .transform((g) => [...new Set(g)])
        .refine((g) => g.length >= 2, { error: '같은 뜻의 낱말은 한 묶음에 2개 이상 넣어 주세요.' })
        .refine((g) => g.length <= 10, { error: '한 묶음에는 낱말을 10개까지 넣을 수 있습니다.' }),
    )
    .max(100, { error: '같은 뜻 묶음은 100개까지 만들 수 있습니다.' }),
});
export type TChatbotSynonyms = z.infer<typeof ZChatbotSynonyms>;
const ZChatbotSynonymsOut = z.object({ groups: z.array(z.array(z.string())) });
export const ZChatbotSynonymsResponse = z.object({ data: ZChatbotSynonymsOut });
export type TChatbotSynonymsResponse = z.infer<typeof ZChatbotSynonymsResponse>;
export const ZSaveChatbotSynonymsResponse = z.object({ message: z.string(), data: ZChatbotSynonymsOut });
export type TSaveChatbotSynonymsResponse = z.infer<typeof ZSaveChatbotSynonymsResponse>;

// ── Answers of the public widget routes (JSON only; the streamed question answer has none) ──

export const ZChatbotWidgetInfo = z.object({ name: z.string(), greeting: z.string(), brandColor: z.string(), suggested: z.array(z.string()) });
export type TChatbotWidgetInfo = z.infer<typeof ZChatbotWidgetInfo>;
/** POST /api/chatbot/:botId/conversations → 201. */
export const ZStartConversationResponse = z.object({ conversationId: z.string(), token: z.string() });
export type TStartConversationResponse = z.infer<typeof ZStartConversationResponse>;
/** POST …/handoff → 201. */
export const ZHandoffResponse = z.object({ message: z.string(), ticketId: z.string() });
export type THandoffResponse = z.infer<typeof ZHandoffResponse>;
