import { useMutation } from '@tanstack/react-query';
import type { TAddChatbotSourceResponse, TFaqEditInput } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { useRefreshChatbots } from './invalidate';
import { chatbotBase } from './keys';

/** PATCH an FAQ entry: question, answer, phrasings (whole), or one phrasing added (with the message it came from). */
export const editFaq = (seedId: string, botId: string, sourceId: string, input: TFaqEditInput) =>
  api<TAddChatbotSourceResponse>(`${chatbotBase(seedId)}/${botId}/sources/${sourceId}`, { method: 'PATCH', body: input });
export function useEditFaq(seedId: string) {
  const refresh = useRefreshChatbots(seedId);
  return useMutation({
    mutationFn: (v: { botId: string; sourceId: string; input: TFaqEditInput }) => editFaq(seedId, v.botId, v.sourceId, v.input),
    onSuccess: refresh,
  });
}
