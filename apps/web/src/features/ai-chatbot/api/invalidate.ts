import { useQueryClient } from '@tanstack/react-query';
import { knowledgeUsageKey } from '@/lib/knowledge-usage';
import { chatbotKeys } from './keys';

/** After a write: every chatbot query of the seed and where the seed's knowledge is used are fetched again. */
export function useRefreshChatbots(seedId: string) {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: chatbotKeys.all(seedId) }), qc.invalidateQueries({ queryKey: knowledgeUsageKey(seedId) })]);
}
