/**
 * What other modules may know of the Slack workspaces (decision 036): the seed's connected workspace, and the token
 * budget the knowledge module's embeddings count against. buildApp hands these to the knowledge module, which reads
 * none of Slack's tables itself.
 */
import type { TDb } from '../../db/client.ts';
import * as repo from './slack.repository.ts';

/** The seed's active workspace (the oldest, when there were several), or null. */
export async function activeWorkspaceOfSeed(db: TDb, seedId: string): Promise<{ id: string; teamName: string } | null> {
  const ws = await repo.activeWorkspaceOfSeed(db, seedId);
  return ws ? { id: ws.id, teamName: ws.teamName } : null;
}

/** The knowledge module's embeddings: which workspaces are embedded, and their monthly token budget. */
export function embeddingBudget(db: TDb) {
  return {
    async spent(workspaceId: string): Promise<boolean> {
      const ws = await repo.findWorkspace(db, workspaceId);
      const budget = ws?.settings.monthlyTokenBudget ?? 0;
      return budget > 0 && (await repo.tokensThisMonth(db, workspaceId)) >= budget;
    },
    record: (workspaceId: string, tokens: number) => repo.recordTokenUsage(db, workspaceId, 'embeddings', tokens),
    activeWorkspaceIds: () => repo.activeWorkspaceIds(db),
  };
}
