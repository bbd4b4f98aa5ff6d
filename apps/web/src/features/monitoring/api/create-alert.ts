import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAlertRuleInput, TAlertRuleSaved } from '@suite/shared/schemas/alerts';
import { api } from '@/lib/api';
import { alertsKeys } from './alerts-keys';

/** POST /api/admin/alerts: the new rule, and the webhook's signing secret (shown once) when it has a webhook. */
export const createAlert = (body: TAlertRuleInput) => api<TAlertRuleSaved>('/api/admin/alerts', { method: 'POST', body });

export function useCreateAlert() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createAlert, onSuccess: () => qc.invalidateQueries({ queryKey: alertsKeys.alerts }) });
}
