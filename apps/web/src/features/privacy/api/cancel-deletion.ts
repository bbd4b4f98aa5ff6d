import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { privacyKeys } from './keys';

/** POST /api/me/deletion/cancel: the pending deletion is dropped; the account stays. */
export const cancelDeletion = () => api('/api/me/deletion/cancel', { method: 'POST' });

export function useCancelDeletion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelDeletion,
    onSuccess: () => qc.invalidateQueries({ queryKey: privacyKeys.deletion, exact: true }),
  });
}
