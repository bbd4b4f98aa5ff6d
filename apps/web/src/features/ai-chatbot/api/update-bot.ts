import { useMutation } from '@tanstack/react-query';
import type { TUpdateChatbotInput, TUpdateChatbotResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { useRefreshChatbots } from './invalidate';
import { chatbotBase } from './keys';

export const updateBot = (seedId: string, botId: string, patch: TUpdateChatbotInput) =>
  api<TUpdateChatbotResponse>(`${chatbotBase(seedId)}/${botId}`, { method: 'PATCH', body: patch });
export function useUpdateBot(seedId: string) {
  const refresh = useRefreshChatbots(seedId);
  return useMutation({ mutationFn: (v: { botId: string; patch: TUpdateChatbotInput }) => updateBot(seedId, v.botId, v.patch), onSuccess: refresh });
}
