import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSeedInvitationPreview } from '@suite/shared/schemas/seeds';
import { api } from '@/lib/api';

/** The seed invitation a sign-up or sign-in came from: `redirect` pointing at /invite/seed?token=… (issue 27 item 21). */
export function invitationTokenOf(redirect: string | null): string | null {
  if (!redirect) return null;
  try {
    const url = new URL(redirect, 'http://app.invalid');
    return url.pathname === '/invite/seed' ? url.searchParams.get('token') || null : null;
  } catch {
    return null;
  }
}

export const invitationPreviewQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['seed-invite', token],
    enabled: Boolean(token),
    retry: false,
    queryFn: () => api<TSeedInvitationPreview>(`/api/seed-invitations/preview?token=${encodeURIComponent(token ?? '')}`, { auth: false }),
  });

export const useInvitationPreview = (token: string | null) => useQuery(invitationPreviewQuery(token));
