import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChatbotUnansweredListResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { chatbotBase, chatbotKeys } from './keys';

export const listUnanswered = (seedId: string, botId: string) =>
  api<TChatbotUnansweredListResponse>(`${chatbotBase(seedId)}/${botId}/unanswered`).then((r) => r.data);
export const listUnansweredQuery = (seedId: string, botId: string) =>
  queryOptions({ queryKey: chatbotKeys.unanswered(seedId, botId), queryFn: () => listUnanswered(seedId, botId) });
export const useUnanswered = (seedId: string, botId: string) => useQuery(listUnansweredQuery(seedId, botId));
