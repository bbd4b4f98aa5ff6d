import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRetryJobResponse } from '@suite/shared/schemas/monitoring';
import { api } from '@/lib/api';
import { healthKeys } from './health-keys';

/** POST /api/admin/monitoring/jobs/{id}/retry: the failed job goes back in the queue; the jobs list reloads. */
export const retryJob = (id: number) => api<TRetryJobResponse>(`/api/admin/monitoring/jobs/${id}/retry`, { method: 'POST' });

export function useRetryJob() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: retryJob, onSuccess: () => qc.invalidateQueries({ queryKey: healthKeys.jobs }) });
}
