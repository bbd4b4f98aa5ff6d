/**
 * What other modules may know of the Slack workspaces (decision 036): the seed's connected workspace, and the token
 * budget the knowledge module's embeddings count against. buildApp hands these to the knowledge module, which reads
 * none of Slack's tables itself.
 */
import type { TDb } from '../../db/client.ts';
import type { TMeterRecorder } from '../../lib/metering/meter.ts';
import * as repo from './slack.repository.ts';

/** The seed's active workspace (the oldest, when there were several), or null. */
export async function activeWorkspaceOfSeed(db: TDb, seedId: string): Promise<{ id: string; teamName: string } | null> {
  const ws = await repo.activeWorkspaceOfSeed(db, seedId);
  return ws ? { id: ws.id, teamName: ws.teamName } : null;
}

/** For the monitoring page (issue 30): tokens used this month against the budget, per active workspace (or the seed's). */
export async function tokenSpend(db: TDb, seedId?: string): Promise<{ workspaceId: string; teamName: string; seedId: string; used: number; budget: number }[]> {
  const ids = seedId ? [(await repo.activeWorkspaceOfSeed(db, seedId))?.id].filter((id): id is string => Boolean(id)) : await repo.activeWorkspaceIds(db);
  const rows = await Promise.all(
    ids.slice(0, 100).map(async (id) => {
      const ws = await repo.findWorkspace(db, id);
      if (!ws) return undefined;
      const used = await repo.tokensThisMonth(db, id);
      return { workspaceId: ws.id, teamName: ws.teamName, seedId: ws.seedId, used, budget: ws.settings.monthlyTokenBudget ?? 0 };
    }),
  );
  return rows.filter((r) => r !== undefined).sort((a, b) => b.used - a.used);
}

/**
 * The knowledge module's embeddings: which workspaces are embedded, and their monthly token budget. The tokens are
 * billed to the workspace's seed too (issue 31: `llm:embeddings:<usage row id>` on `meter`).
 */
export function embeddingBudget(db: TDb, meter?: Pick<TMeterRecorder, 'record'>) {
  return {
    async spent(workspaceId: string): Promise<boolean> {
      const ws = await repo.findWorkspace(db, workspaceId);
      const budget = ws?.settings.monthlyTokenBudget ?? 0;
      return budget > 0 && (await repo.tokensThisMonth(db, workspaceId)) >= budget;
    },
    async record(workspaceId: string, tokens: number): Promise<void> {
      const id = await repo.recordTokenUsage(db, workspaceId, 'embeddings', tokens);
      if (!id || !meter) return;
      const ws = await repo.findWorkspace(db, workspaceId);
      if (ws) meter.record({ id: `llm:embeddings:${id}`, seedId: ws.seedId, meter: 'llm.tokens', quantity: tokens });
    },
    activeWorkspaceIds: () => repo.activeWorkspaceIds(db),
  };
}
