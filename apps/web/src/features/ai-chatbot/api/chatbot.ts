import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChatbot, TChatbotSource, TChatbotSourceInput, TUpdateChatbotInput } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { knowledgeUsageKey } from '@/lib/knowledge-usage';

const base = (seedId: string) => `/api/seeds/${seedId}/chatbots`;
export const chatbotKeys = {
  all: (seedId: string) => ['chatbots', seedId] as const,
  bot: (seedId: string, botId: string, what: string, q = '') => ['chatbots', seedId, botId, what, q] as const,
};

export type TTicket = {
  id: string;
  email: string;
  name: string;
  message: string;
  transcript: string;
  status: string;
  answer: string | null;
  createdAt: string;
};
export type TConversation = { id: string; createdAt: string; handedOff: boolean; messages: number; first: string | null };
export type TTranscriptLine = { id: string; role: string; text: string; createdAt: string };
export type TFigures = {
  conversationsPerDay: { day: string; conversations: number }[];
  conversations: number;
  resolutionRate: number | null;
  thumbsUp: number;
  thumbsDown: number;
  topQuestions: { question: string; count: number }[];
};

export const useBots = (seedId: string) =>
  useQuery({ queryKey: chatbotKeys.all(seedId), queryFn: async () => (await api<{ data: TChatbot[] }>(base(seedId))).data });

function useBotQuery<T>(seedId: string, botId: string, what: string, path: string, q = '') {
  return useQuery({ queryKey: chatbotKeys.bot(seedId, botId, what, q), queryFn: async () => (await api<{ data: T }>(`${base(seedId)}/${botId}${path}`)).data });
}
export const useSources = (seedId: string, botId: string) => useBotQuery<TChatbotSource[]>(seedId, botId, 'sources', '/sources');
export const useConversations = (seedId: string, botId: string, q: string) =>
  useBotQuery<TConversation[]>(seedId, botId, 'conversations', `/conversations${q ? `?q=${encodeURIComponent(q)}` : ''}`, q);
export const useTranscript = (seedId: string, botId: string, id: string) =>
  useBotQuery<TTranscriptLine[]>(seedId, botId, `transcript-${id}`, `/conversations/${id}`);
export const useUnanswered = (seedId: string, botId: string) =>
  useBotQuery<{ id: string; question: string; createdAt: string }[]>(seedId, botId, 'unanswered', '/unanswered');
export const useTickets = (seedId: string, botId: string) => useBotQuery<TTicket[]>(seedId, botId, 'tickets', '/tickets');
export const useFigures = (seedId: string, botId: string) => useBotQuery<TFigures>(seedId, botId, 'figures', '/figures');

export function useChatbotMutations(seedId: string) {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: chatbotKeys.all(seedId) }), qc.invalidateQueries({ queryKey: knowledgeUsageKey(seedId) })]);
  return {
    create: useMutation({
      mutationFn: (b: { name: string; greeting?: string; allowedOrigins: string[] }) => api<{ id: string }>(base(seedId), { method: 'POST', body: b }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (v: { botId: string; patch: TUpdateChatbotInput }) => api(`${base(seedId)}/${v.botId}`, { method: 'PATCH', body: v.patch }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (botId: string) => api(`${base(seedId)}/${botId}`, { method: 'DELETE' }), onSuccess: refresh }),
    addSource: useMutation({
      mutationFn: (v: { botId: string; input: TChatbotSourceInput }) => api(`${base(seedId)}/${v.botId}/sources`, { method: 'POST', body: v.input }),
      onSuccess: refresh,
    }),
    deleteSource: useMutation({
      mutationFn: (v: { botId: string; id: string }) => api(`${base(seedId)}/${v.botId}/sources/${v.id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    answer: useMutation({
      mutationFn: (v: { botId: string; id: string; answer: string }) =>
        api(`${base(seedId)}/${v.botId}/tickets/${v.id}/answer`, { method: 'POST', body: { answer: v.answer } }),
      onSuccess: refresh,
    }),
  };
}
