import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TActionResponse } from '@suite/shared/schemas/auth';
import { api } from '@/lib/api';
import { seedsQueryKey } from '@/lib/seed-context';
import { consoleKeys } from './keys';

export type TSeedActionRequest = { path: string; method: 'POST' | 'PATCH' | 'DELETE'; body?: unknown };

/** Any member action under /api/seeds/:seedId (invite, change a role, transfer, remove, leave); members and seeds reload after it. */
export const runSeedAction = (seedId: string, req: TSeedActionRequest) =>
  api<TActionResponse>(`/api/seeds/${seedId}${req.path}`, { method: req.method, body: req.body });
export function useSeedAction(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: TSeedActionRequest) => runSeedAction(seedId, req),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: consoleKeys.seedMembers(seedId) });
      void qc.invalidateQueries({ queryKey: seedsQueryKey });
    },
  });
}
