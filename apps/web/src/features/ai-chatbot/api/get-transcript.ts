import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChatbotTranscriptResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { chatbotBase, chatbotKeys } from './keys';

export const getTranscript = (seedId: string, botId: string, conversationId: string) =>
  api<TChatbotTranscriptResponse>(`${chatbotBase(seedId)}/${botId}/conversations/${conversationId}`).then((r) => r.data);
export const getTranscriptQuery = (seedId: string, botId: string, conversationId: string) =>
  queryOptions({ queryKey: chatbotKeys.transcript(seedId, botId, conversationId), queryFn: () => getTranscript(seedId, botId, conversationId) });
export const useTranscript = (seedId: string, botId: string, conversationId: string) => useQuery(getTranscriptQuery(seedId, botId, conversationId));
