import { useMutation } from '@tanstack/react-query';
import type { TAdminAppCreatedResponse, TCreateAdminAppInput } from '@suite/shared/schemas/admin-builder';
import { api } from '@/lib/api';
import { useInvalidateAdminBuilder } from './invalidate';
import { adBase } from './keys';

/** Creates an app over a connection with a page per chosen table (201, the new app's id). */
export const createApp = (seedId: string, body: TCreateAdminAppInput) => api<TAdminAppCreatedResponse>(`${adBase(seedId)}/apps`, { method: 'POST', body });
export function useCreateApp(seedId: string) {
  const invalidate = useInvalidateAdminBuilder(seedId);
  return useMutation({ mutationFn: (body: TCreateAdminAppInput) => createApp(seedId, body), onSuccess: invalidate });
}
