import { useMutation } from '@tanstack/react-query';
import type { TMessageResponse } from '@suite/shared/schemas/auth';
import { api } from '@/lib/api';
import { useInvalidateAppRows } from './invalidate';
import { adTableBase } from './keys';

/** Deletes the rows with these keys at once (one key for the row page's delete). */
export const deleteRows = (seedId: string, appId: string, table: string, keys: string[]) =>
  api<TMessageResponse>(`${adTableBase(seedId, appId, table)}/rows/delete`, { method: 'POST', body: { keys } });
export function useDeleteRows(seedId: string, appId: string, table: string) {
  const invalidate = useInvalidateAppRows(seedId, appId);
  return useMutation({ mutationFn: (keys: string[]) => deleteRows(seedId, appId, table, keys), onSuccess: invalidate });
}
