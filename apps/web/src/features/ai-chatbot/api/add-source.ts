import { useMutation } from '@tanstack/react-query';
import type { TAddChatbotSourceResponse, TChatbotSourceInput } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { useRefreshChatbots } from './invalidate';
import { chatbotBase } from './keys';

export const addSource = (seedId: string, botId: string, input: TChatbotSourceInput) =>
  api<TAddChatbotSourceResponse>(`${chatbotBase(seedId)}/${botId}/sources`, { method: 'POST', body: input });
export function useAddSource(seedId: string) {
  const refresh = useRefreshChatbots(seedId);
  return useMutation({ mutationFn: (v: { botId: string; input: TChatbotSourceInput }) => addSource(seedId, v.botId, v.input), onSuccess: refresh });
}
