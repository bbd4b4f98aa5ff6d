import { useMutation } from '@tanstack/react-query';
import type { TBetaApplicationInput, TBetaApplicationResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session';

/** POST /api/beta-applications; signed-in applicants send their token so the application is linked to the account. */
export function useApplyForBeta() {
  const { isAuthenticated } = useSession();
  return useMutation({
    mutationFn: (input: TBetaApplicationInput) =>
      api<TBetaApplicationResponse>('/api/beta-applications', { method: 'POST', body: input, auth: isAuthenticated }),
  });
}
