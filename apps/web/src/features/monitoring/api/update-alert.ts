import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAlertRulePatch, TAlertRuleSaved } from '@suite/shared/schemas/alerts';
import { api } from '@/lib/api';
import { alertsKeys } from './alerts-keys';

/** PATCH /api/admin/alerts/{id}: a new signing secret (shown once) when the webhook address changed. */
export const updateAlert = ({ id, patch }: { id: string; patch: TAlertRulePatch }) =>
  api<TAlertRuleSaved>(`/api/admin/alerts/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });

export function useUpdateAlert() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateAlert, onSuccess: () => qc.invalidateQueries({ queryKey: alertsKeys.alerts }) });
}
