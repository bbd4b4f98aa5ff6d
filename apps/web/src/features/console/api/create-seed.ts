import { useMutation } from '@tanstack/react-query';
import type { TCreateSeedInput, TSeedResponse } from '@suite/shared/schemas/seeds';
import { api } from '@/lib/api';
import { useInvalidateSeeds } from './invalidate';

export const createSeed = (body: TCreateSeedInput) => api<TSeedResponse>('/api/seeds', { method: 'POST', body });
export function useCreateSeed() {
  const invalidate = useInvalidateSeeds();
  return useMutation({ mutationFn: createSeed, onSuccess: invalidate });
}
