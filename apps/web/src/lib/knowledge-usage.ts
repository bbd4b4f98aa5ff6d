import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TKnowledgeAttachInput, TKnowledgeAttachResponse, TKnowledgeUsageResponse } from '@suite/shared/schemas/chatbot';
import { api } from '@/lib/api';

/**
 * Where a seed's knowledge is used (decision 026): read and changed from both the Slack AI knowledge tab and the
 * chatbot sources screen, so it lives here rather than in either feature.
 */
export const knowledgeUsageAll = ['knowledge-usage'] as const;
export const knowledgeUsageKey = (seedId: string) => [...knowledgeUsageAll, seedId] as const;

export const useKnowledgeUsage = (seedId: string | undefined) =>
  useQuery({
    queryKey: knowledgeUsageKey(seedId ?? ''),
    enabled: Boolean(seedId),
    queryFn: async () => (await api<TKnowledgeUsageResponse>(`/api/seeds/${seedId}/knowledge/usage`)).data,
  });

/** Changes a source's attachments; `onChanged` refreshes the caller's own list (a detached source leaves it). */
export function useSetKnowledgeAttachment(seedId: string, onChanged?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { sourceId: string; input: TKnowledgeAttachInput }) =>
      api<TKnowledgeAttachResponse>(`/api/seeds/${seedId}/knowledge/sources/${v.sourceId}`, { method: 'PATCH', body: v.input }),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: knowledgeUsageKey(seedId) });
      onChanged?.();
    },
  });
}
