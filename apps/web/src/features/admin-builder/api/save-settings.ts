import { useMutation } from '@tanstack/react-query';
import type { TAdminSettingsSavedResponse, TUpdateTableSettingsInput } from '@suite/shared/schemas/admin-builder';
import { api } from '@/lib/api';
import { useInvalidateAdminBuilder } from './invalidate';
import { adTableBase } from './keys';

/** Saves a table's settings (labels, columns, read-only columns, default sort, role rights). */
export const saveSettings = (seedId: string, appId: string, table: string, body: TUpdateTableSettingsInput) =>
  api<TAdminSettingsSavedResponse>(`${adTableBase(seedId, appId, table)}/settings`, { method: 'PATCH', body });
export function useSaveSettings(seedId: string, appId: string, table: string) {
  const invalidate = useInvalidateAdminBuilder(seedId);
  return useMutation({ mutationFn: (body: TUpdateTableSettingsInput) => saveSettings(seedId, appId, table, body), onSuccess: invalidate });
}
