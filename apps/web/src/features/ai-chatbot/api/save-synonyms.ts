import { useMutation } from '@tanstack/react-query';
import type { TChatbotSynonyms, TSaveChatbotSynonymsResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { useRefreshChatbots } from './invalidate';
import { chatbotBase } from './keys';

export const saveSynonyms = (seedId: string, botId: string, input: TChatbotSynonyms) =>
  api<TSaveChatbotSynonymsResponse>(`${chatbotBase(seedId)}/${botId}/synonyms`, { method: 'PUT', body: input });
export function useSaveSynonyms(seedId: string) {
  const refresh = useRefreshChatbots(seedId);
  return useMutation({ mutationFn: (v: { botId: string; input: TChatbotSynonyms }) => saveSynonyms(seedId, v.botId, v.input), onSuccess: refresh });
}
