import { useMutation } from '@tanstack/react-query';
import type { TChatbotMessageResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { useRefreshChatbots } from './invalidate';
import { chatbotBase } from './keys';

/** The team's answer to a hand-off ticket (the server mails it to the customer). */
export const answerTicket = (seedId: string, botId: string, ticketId: string, answer: string) =>
  api<TChatbotMessageResponse>(`${chatbotBase(seedId)}/${botId}/tickets/${ticketId}/answer`, { method: 'POST', body: { answer } });
export function useAnswerTicket(seedId: string) {
  const refresh = useRefreshChatbots(seedId);
  return useMutation({ mutationFn: (v: { botId: string; id: string; answer: string }) => answerTicket(seedId, v.botId, v.id, v.answer), onSuccess: refresh });
}
