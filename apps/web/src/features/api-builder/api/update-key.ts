import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMessageResponse } from '@suite/shared';
import type { TUpdateApiKeyInput } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

type TMessageResponse = z.infer<typeof ZMessageResponse>;

/** Whether a key reads personal numbers unmasked (issue 36). */
export const updateKey = (seedId: string, id: string, input: TUpdateApiKeyInput) =>
  api<TMessageResponse>(`${abBase(seedId)}/keys/${id}`, { method: 'PATCH', body: input });
export function useUpdateKey(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TUpdateApiKeyInput }) => updateKey(seedId, id, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: abKeys.keys(seedId) }),
  });
}
