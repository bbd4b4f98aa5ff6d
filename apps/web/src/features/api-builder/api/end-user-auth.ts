import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TEndUserAuthInput, ZEndUserAuthResponse, ZEndUserAuthSaved } from '@suite/shared/schemas/api-builder-jwt';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

/** An API's end-user access settings (issue 36, decision 090): JWT verification, roles, anonymous role, row filters. */
const key = (seedId: string, apiId: string) => [...abKeys.all(seedId), 'end-user-auth', apiId] as const;
const url = (seedId: string, apiId: string) => `${abBase(seedId)}/apis/${apiId}/end-user-auth`;

export const useEndUserAuth = (seedId: string, apiId: string, enabled = true) =>
  useQuery({ queryKey: key(seedId, apiId), queryFn: () => api<z.infer<typeof ZEndUserAuthResponse>>(url(seedId, apiId)), enabled });

export function useSaveEndUserAuth(seedId: string, apiId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TEndUserAuthInput) => api<z.infer<typeof ZEndUserAuthSaved>>(url(seedId, apiId), { method: 'PUT', body }),
    onSuccess: (r) => qc.setQueryData(key(seedId, apiId), { data: r.data }),
  });
}
