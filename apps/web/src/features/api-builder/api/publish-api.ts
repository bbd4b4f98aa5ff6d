import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TPublishApiInput, ZApiPublished } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

export const publishApi = (seedId: string, body: TPublishApiInput) => api<z.infer<typeof ZApiPublished>>(`${abBase(seedId)}/apis`, { method: 'POST', body });
export function usePublishApi(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TPublishApiInput) => publishApi(seedId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: abKeys.all(seedId) }),
  });
}
