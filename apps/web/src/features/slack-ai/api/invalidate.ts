import { useQueryClient } from '@tanstack/react-query';
import { knowledgeUsageAll } from '@/lib/knowledge-usage';
import { slackKeys } from './keys';

/** After a settings change or a disconnect: the workspace list is fetched again. */
export function useInvalidateSlackWorkspaces() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: slackKeys.workspaces });
}

/** After a knowledge write: the workspace's documents and the knowledge usage figures are fetched again. */
export function useInvalidateSlackDocuments(id: string) {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: slackKeys.documents(id) }), qc.invalidateQueries({ queryKey: knowledgeUsageAll })]);
}
