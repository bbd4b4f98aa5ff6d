import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TSecondFactorPolicy, ZSecondFactorPolicyResponse } from '@suite/shared/schemas/accounts';
import { api } from '@/lib/api';
import { consoleKeys } from './keys';

type TResponse = z.infer<typeof ZSecondFactorPolicyResponse>;

export const updateSeedPolicy = (seedId: string, body: TSecondFactorPolicy) =>
  api<TResponse>(`/api/seeds/${seedId}/security/second-factor`, { method: 'PUT', body });
export function useSetSeedPolicy(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSecondFactorPolicy) => updateSeedPolicy(seedId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: consoleKeys.seedPolicy(seedId) }),
  });
}
