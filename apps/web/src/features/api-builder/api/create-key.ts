import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TCreateApiKeyInput, ZApiKeyCreated } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

export const createKey = (seedId: string, body: TCreateApiKeyInput) => api<z.infer<typeof ZApiKeyCreated>>(`${abBase(seedId)}/keys`, { method: 'POST', body });
export function useCreateKey(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApiKeyInput) => createKey(seedId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: abKeys.keys(seedId) }),
  });
}
