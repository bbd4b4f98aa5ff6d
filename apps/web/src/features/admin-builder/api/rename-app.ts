import { useMutation } from '@tanstack/react-query';
import type { TMessageResponse } from '@suite/shared/schemas/auth';
import { api } from '@/lib/api';
import { useInvalidateAdminBuilder } from './invalidate';
import { adBase } from './keys';

export const renameApp = (seedId: string, appId: string, name: string) =>
  api<TMessageResponse>(`${adBase(seedId)}/apps/${appId}`, { method: 'PATCH', body: { name } });
export function useRenameApp(seedId: string) {
  const invalidate = useInvalidateAdminBuilder(seedId);
  return useMutation({ mutationFn: ({ appId, name }: { appId: string; name: string }) => renameApp(seedId, appId, name), onSuccess: invalidate });
}
