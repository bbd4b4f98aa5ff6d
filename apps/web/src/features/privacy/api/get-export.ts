import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TExportStatus } from '@suite/shared';
import { api } from '@/lib/api';
import { privacyKeys } from './keys';
import { PENDING_POLL_MS } from './list-exports';

/** GET /api/me/export/{id}: one export's status; `url` (the download) only when ready. */
export const getExport = (id: string) => api<TExportStatus>(`/api/me/export/${encodeURIComponent(id)}`);

/** Polls one export while it is pending; when it settles the list is refreshed, so both agree. */
export function useExportStatus(id: string | null) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: privacyKeys.export(id ?? ''),
    queryFn: () => getExport(id!),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' ? false : PENDING_POLL_MS),
  });
  const settled = query.data && query.data.status !== 'pending' ? query.data.status : null;
  useEffect(() => {
    if (settled) void qc.invalidateQueries({ queryKey: privacyKeys.exports, exact: true });
  }, [settled, qc]);
  return query;
}
