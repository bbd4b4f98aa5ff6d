import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZApiUpdated } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

/** Installs (consent) or removes the change triggers of an API. */
export const changeTriggers = (seedId: string, apiId: string, install: boolean) =>
  api<z.infer<typeof ZApiUpdated>>(`${abBase(seedId)}/apis/${apiId}/change-triggers`, { method: install ? 'POST' : 'DELETE' });
export function useChangeTriggers(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { apiId: string; install: boolean }) => changeTriggers(seedId, v.apiId, v.install),
    onSuccess: () => qc.invalidateQueries({ queryKey: abKeys.all(seedId) }),
  });
}
