import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChatbotListResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { chatbotBase, chatbotKeys } from './keys';

export const listBots = (seedId: string) => api<TChatbotListResponse>(chatbotBase(seedId)).then((r) => r.data);
export const listBotsQuery = (seedId: string) => queryOptions({ queryKey: chatbotKeys.all(seedId), queryFn: () => listBots(seedId) });
export const useBots = (seedId: string) => useQuery(listBotsQuery(seedId));
