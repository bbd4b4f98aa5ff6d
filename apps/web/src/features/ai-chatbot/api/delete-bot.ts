import { useMutation } from '@tanstack/react-query';
import type { TChatbotMessageResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { useRefreshChatbots } from './invalidate';
import { chatbotBase } from './keys';

export const deleteBot = (seedId: string, botId: string) => api<TChatbotMessageResponse>(`${chatbotBase(seedId)}/${botId}`, { method: 'DELETE' });
export function useDeleteBot(seedId: string) {
  const refresh = useRefreshChatbots(seedId);
  return useMutation({ mutationFn: (botId: string) => deleteBot(seedId, botId), onSuccess: refresh });
}
