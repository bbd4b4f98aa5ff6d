import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TExportCreated } from '@suite/shared';
import { api } from '@/lib/api';
import { privacyKeys } from './keys';

/** POST /api/me/export → 202 {id}: the file is made by a job; its status is polled. */
export const requestExport = () => api<TExportCreated>('/api/me/export', { method: 'POST' });

export function useRequestExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestExport,
    onSuccess: () => qc.invalidateQueries({ queryKey: privacyKeys.exports, exact: true }),
  });
}
