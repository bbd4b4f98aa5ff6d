import { useMutation } from '@tanstack/react-query';
import type { TAdminImportInput, TAdminImportResponse } from '@suite/shared/schemas/admin-builder';
import { api } from '@/lib/api';
import { useInvalidateAppRows } from './invalidate';
import { adTableBase } from './keys';

/** CSV import: commit=false answers the preview with per-row errors only, commit=true inserts the rows. */
export const importCsv = (seedId: string, appId: string, table: string, body: TAdminImportInput) =>
  api<TAdminImportResponse>(`${adTableBase(seedId, appId, table)}/import`, { method: 'POST', body });
export function useImportCsv(seedId: string, appId: string, table: string) {
  const invalidate = useInvalidateAppRows(seedId, appId);
  return useMutation({ mutationFn: (body: TAdminImportInput) => importCsv(seedId, appId, table, body), onSuccess: invalidate });
}
