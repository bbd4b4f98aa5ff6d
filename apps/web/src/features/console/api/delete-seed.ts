import { useMutation } from '@tanstack/react-query';
import type { TMessageResponse } from '@suite/shared/schemas/auth';
import { api } from '@/lib/api';
import { useInvalidateSeeds } from './invalidate';

export const deleteSeed = (seedId: string) => api<TMessageResponse>(`/api/seeds/${seedId}`, { method: 'DELETE' });
export function useDeleteSeed() {
  const invalidate = useInvalidateSeeds();
  return useMutation({ mutationFn: deleteSeed, onSuccess: invalidate });
}
