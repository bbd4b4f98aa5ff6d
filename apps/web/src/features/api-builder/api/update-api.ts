import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TUpdateApiInput, ZApiUpdated } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

export const updateApi = (seedId: string, apiId: string, body: TUpdateApiInput) =>
  api<z.infer<typeof ZApiUpdated>>(`${abBase(seedId)}/apis/${apiId}`, { method: 'PATCH', body });
export function useUpdateApi(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { apiId: string; body: TUpdateApiInput }) => updateApi(seedId, v.apiId, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: abKeys.all(seedId) }),
  });
}
