import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChatbotSynonymsResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { chatbotBase, chatbotKeys } from './keys';

export const getSynonyms = (seedId: string, botId: string) => api<TChatbotSynonymsResponse>(`${chatbotBase(seedId)}/${botId}/synonyms`).then((r) => r.data);
export const getSynonymsQuery = (seedId: string, botId: string) =>
  queryOptions({ queryKey: chatbotKeys.synonyms(seedId, botId), queryFn: () => getSynonyms(seedId, botId) });
export const useSynonyms = (seedId: string, botId: string) => useQuery(getSynonymsQuery(seedId, botId));
