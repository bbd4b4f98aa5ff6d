import { useQuery } from '@tanstack/react-query';
import type { TPrivacyPolicy } from '@suite/shared';
import { api } from '@/lib/api';

/** GET /api/privacy/policy: the policy the server generates from its data map and configuration (public). */
export function usePrivacyPolicy() {
  return useQuery({
    queryKey: ['privacy-policy'],
    queryFn: () => api<TPrivacyPolicy>('/api/privacy/policy', { auth: false }),
    staleTime: 5 * 60_000,
  });
}
