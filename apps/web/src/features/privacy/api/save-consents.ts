import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConsents, TConsentsPatch } from '@suite/shared';
import { api } from '@/lib/api';
import { privacyKeys } from './keys';

/** PATCH /api/me/consents: the optional consents only (marketing, marketingNight); answers the new state. */
export const saveConsents = (body: TConsentsPatch) => api<TConsents>('/api/me/consents', { method: 'PATCH', body });

export function useSaveConsents() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveConsents,
    onSuccess: (data) => {
      qc.setQueryData(privacyKeys.consents, data);
      // The profile card's marketing checkbox reads the same consent from /api/me.
      void qc.invalidateQueries({ queryKey: ['me'], exact: true });
    },
  });
}
