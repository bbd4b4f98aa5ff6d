import { useMutation } from '@tanstack/react-query';
import type { TSeedResponse, TUpdateSeedInput } from '@suite/shared/schemas/seeds';
import { api } from '@/lib/api';
import { useInvalidateSeeds } from './invalidate';

export const updateSeed = (seedId: string, body: TUpdateSeedInput) => api<TSeedResponse>(`/api/seeds/${seedId}`, { method: 'PATCH', body });
export function useUpdateSeed(seedId: string) {
  const invalidate = useInvalidateSeeds();
  return useMutation({ mutationFn: (body: TUpdateSeedInput) => updateSeed(seedId, body), onSuccess: invalidate });
}
