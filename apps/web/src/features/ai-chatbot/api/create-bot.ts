import { useMutation } from '@tanstack/react-query';
import type { TCreateChatbotInput, TCreateChatbotResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { useRefreshChatbots } from './invalidate';
import { chatbotBase } from './keys';

export const createBot = (seedId: string, body: TCreateChatbotInput) => api<TCreateChatbotResponse>(chatbotBase(seedId), { method: 'POST', body });
export function useCreateBot(seedId: string) {
  const refresh = useRefreshChatbots(seedId);
  return useMutation({ mutationFn: (body: TCreateChatbotInput) => createBot(seedId, body), onSuccess: refresh });
}
