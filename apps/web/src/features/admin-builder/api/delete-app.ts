import { useMutation } from '@tanstack/react-query';
import type { TMessageResponse } from '@suite/shared/schemas/auth';
import { api } from '@/lib/api';
import { useInvalidateAdminBuilder } from './invalidate';
import { adBase } from './keys';

/** Deletes the app (its pages and settings); the customer's database is left as it is. */
export const deleteApp = (seedId: string, appId: string) => api<TMessageResponse>(`${adBase(seedId)}/apps/${appId}`, { method: 'DELETE' });
export function useDeleteApp(seedId: string) {
  const invalidate = useInvalidateAdminBuilder(seedId);
  return useMutation({ mutationFn: (appId: string) => deleteApp(seedId, appId), onSuccess: invalidate });
}
