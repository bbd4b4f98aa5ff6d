import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMessageResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

type TMessageResponse = z.infer<typeof ZMessageResponse>;

/** Deletes a connection; `force` confirms that the admin apps built on it go too (the server answers 409 otherwise). */
export const deleteConnection = (seedId: string, id: string, force: boolean) =>
  api<TMessageResponse>(`${abBase(seedId)}/connections/${id}${force ? '?force=true' : ''}`, { method: 'DELETE' });
export function useDeleteConnection(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; force: boolean }) => deleteConnection(seedId, v.id, v.force),
    onSuccess: () => qc.invalidateQueries({ queryKey: abKeys.all(seedId) }),
  });
}
