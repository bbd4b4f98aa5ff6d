import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TCreateConnectionInput, ZApiConnectionCreated } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

export const createConnection = (seedId: string, body: TCreateConnectionInput) =>
  api<z.infer<typeof ZApiConnectionCreated>>(`${abBase(seedId)}/connections`, { method: 'POST', body });
export function useCreateConnection(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateConnectionInput) => createConnection(seedId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: abKeys.all(seedId) }),
  });
}
