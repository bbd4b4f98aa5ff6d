import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChatbotTicketListResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { chatbotBase, chatbotKeys } from './keys';

export const listTickets = (seedId: string, botId: string) => api<TChatbotTicketListResponse>(`${chatbotBase(seedId)}/${botId}/tickets`).then((r) => r.data);
export const listTicketsQuery = (seedId: string, botId: string) =>
  queryOptions({ queryKey: chatbotKeys.tickets(seedId, botId), queryFn: () => listTickets(seedId, botId) });
export const useTickets = (seedId: string, botId: string) => useQuery(listTicketsQuery(seedId, botId));
