import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChatbotFiguresResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { chatbotBase, chatbotKeys } from './keys';

export const getFigures = (seedId: string, botId: string) => api<TChatbotFiguresResponse>(`${chatbotBase(seedId)}/${botId}/figures`).then((r) => r.data);
export const getFiguresQuery = (seedId: string, botId: string) =>
  queryOptions({ queryKey: chatbotKeys.figures(seedId, botId), queryFn: () => getFigures(seedId, botId) });
export const useFigures = (seedId: string, botId: string) => useQuery(getFiguresQuery(seedId, botId));
