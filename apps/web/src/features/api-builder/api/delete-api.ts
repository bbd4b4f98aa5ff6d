import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMessageResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

type TMessageResponse = z.infer<typeof ZMessageResponse>;

/** Unpublishes an API (its keys go with it). */
export const deleteApi = (seedId: string, apiId: string) => api<TMessageResponse>(`${abBase(seedId)}/apis/${apiId}`, { method: 'DELETE' });
export function useDeleteApi(seedId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (apiId: string) => deleteApi(seedId, apiId), onSuccess: () => qc.invalidateQueries({ queryKey: abKeys.all(seedId) }) });
}
