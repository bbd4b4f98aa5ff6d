import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type TAuthConfig = { googleClientId: string | null; requireEmailConfirmation: boolean };

/** Public sign-in settings from the server (Google client id, confirmation policy). */
export function useAuthConfig() {
  return useQuery({
    queryKey: ['auth-config'],
    queryFn: () => api<TAuthConfig>('/api/auth/config', { auth: false }),
    staleTime: 5 * 60_000,
  });
}
