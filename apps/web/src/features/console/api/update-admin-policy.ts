import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TSecondFactorPolicy, ZSecondFactorPolicyResponse } from '@suite/shared/schemas/accounts';
import { api } from '@/lib/api';
import { consoleKeys } from './keys';

type TResponse = z.infer<typeof ZSecondFactorPolicyResponse>;

export const updateAdminPolicy = (body: TSecondFactorPolicy) => api<TResponse>('/api/admin/security/second-factor', { method: 'PUT', body });
export function useSetAdminPolicy() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateAdminPolicy, onSuccess: () => qc.invalidateQueries({ queryKey: consoleKeys.adminSecurity }) });
}
