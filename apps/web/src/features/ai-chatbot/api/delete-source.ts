import { useMutation } from '@tanstack/react-query';
import type { TChatbotMessageResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';
import { useRefreshChatbots } from './invalidate';
import { chatbotBase } from './keys';

export const deleteSource = (seedId: string, botId: string, sourceId: string) =>
  api<TChatbotMessageResponse>(`${chatbotBase(seedId)}/${botId}/sources/${sourceId}`, { method: 'DELETE' });
export function useDeleteSource(seedId: string) {
  const refresh = useRefreshChatbots(seedId);
  return useMutation({ mutationFn: (v: { botId: string; id: string }) => deleteSource(seedId, v.botId, v.id), onSuccess: refresh });
}
