import { useMutation } from '@tanstack/react-query';
import type { TAdminRowSavedResponse } from '@suite/shared/schemas/admin-builder';
import { api } from '@/lib/api';
import { useInvalidateAppRows } from './invalidate';
import { adTableBase } from './keys';

/** Adds a row (key null: POST, 201) or changes the row with that key (PATCH); the answer carries the row as stored. */
export const saveRow = (seedId: string, appId: string, table: string, key: string | null, values: Record<string, unknown>) =>
  key
    ? api<TAdminRowSavedResponse>(`${adTableBase(seedId, appId, table)}/row?key=${encodeURIComponent(key)}`, { method: 'PATCH', body: values })
    : api<TAdminRowSavedResponse>(`${adTableBase(seedId, appId, table)}/rows`, { method: 'POST', body: values });
export function useSaveRow(seedId: string, appId: string, table: string) {
  const invalidate = useInvalidateAppRows(seedId, appId);
  return useMutation({
    mutationFn: ({ key, values }: { key: string | null; values: Record<string, unknown> }) => saveRow(seedId, appId, table, key, values),
    onSuccess: invalidate,
  });
}
