import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMessageResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const deleteConnection = (seedId: string, id: string) => api<TMessageResponse>(`${abBase(seedId)}/connections/${id}`, { method: 'DELETE' });
export function useDeleteConnection(seedId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: string) => deleteConnection(seedId, id), onSuccess: () => qc.invalidateQueries({ queryKey: abKeys.all(seedId) }) });
}
