import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChatbotSourceListResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { chatbotBase, chatbotKeys } from './keys';

export const listSources = (seedId: string, botId: string) => api<TChatbotSourceListResponse>(`${chatbotBase(seedId)}/${botId}/sources`).then((r) => r.data);
export const listSourcesQuery = (seedId: string, botId: string) =>
  queryOptions({ queryKey: chatbotKeys.sources(seedId, botId), queryFn: () => listSources(seedId, botId) });
export const useSources = (seedId: string, botId: string) => useQuery(listSourcesQuery(seedId, botId));
