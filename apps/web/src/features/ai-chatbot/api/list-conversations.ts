import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChatbotConversationListResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { chatbotBase, chatbotKeys } from './keys';

/** The bot's conversations, newest first; `q` keeps those with a message containing it. */
export const listConversations = (seedId: string, botId: string, q: string) =>
  api<TChatbotConversationListResponse>(`${chatbotBase(seedId)}/${botId}/conversations${q ? `?q=${encodeURIComponent(q)}` : ''}`).then((r) => r.data);
export const listConversationsQuery = (seedId: string, botId: string, q: string) =>
  queryOptions({ queryKey: chatbotKeys.conversations(seedId, botId, q), queryFn: () => listConversations(seedId, botId, q) });
export const useConversations = (seedId: string, botId: string, q: string) => useQuery(listConversationsQuery(seedId, botId, q));
