/** Query keys of the AI chatbot console: everything of a seed sits under chatbotKeys.all (every write invalidates it). */
const bot = (seedId: string, botId: string, what: string, q = '') => ['chatbots', seedId, botId, what, q] as const;

export const chatbotKeys = {
  all: (seedId: string) => ['chatbots', seedId] as const,
  bot,
  sources: (seedId: string, botId: string) => bot(seedId, botId, 'sources'),
  conversations: (seedId: string, botId: string, q: string) => bot(seedId, botId, 'conversations', q),
  transcript: (seedId: string, botId: string, conversationId: string) => bot(seedId, botId, `transcript-${conversationId}`),
  unanswered: (seedId: string, botId: string) => bot(seedId, botId, 'unanswered'),
  tickets: (seedId: string, botId: string) => bot(seedId, botId, 'tickets'),
  figures: (seedId: string, botId: string) => bot(seedId, botId, 'figures'),
  synonyms: (seedId: string, botId: string) => bot(seedId, botId, 'synonyms'),
};

export const chatbotBase = (seedId: string) => `/api/seeds/${seedId}/chatbots`;
