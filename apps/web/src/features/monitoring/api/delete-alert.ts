import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZAlertDeleted } from '@suite/shared/schemas/alerts';
import { api } from '@/lib/api';
import { alertsKeys } from './alerts-keys';

/** DELETE /api/admin/alerts/{id}: the rule and its incidents. */
export const deleteAlert = (id: string) => api<z.infer<typeof ZAlertDeleted>>(`/api/admin/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteAlert() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteAlert, onSuccess: () => qc.invalidateQueries({ queryKey: alertsKeys.alerts }) });
}
