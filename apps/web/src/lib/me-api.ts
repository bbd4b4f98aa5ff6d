import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSessionInfo, TUser } from '@suite/shared';
import { api } from '@/lib/api';

export function useMe() {
  return useQuery({ queryKey: ['me'], queryFn: () => api<{ success: true; user: TUser }>('/api/me').then((r) => r.user) });
}

export function useUpdateMe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { full_name?: string; phone?: string; marketing_consent?: boolean }) =>
      api<{ success: true; user: TUser; message: string }>('/api/me', { method: 'PATCH', body }),
    onSuccess: (r) => qc.setQueryData(['me'], r.user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api<{ success: true; message: string }>('/api/me/password', { method: 'POST', body }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: ['me', 'sessions'],
    queryFn: () => api<{ success: true; data: TSessionInfo[] }>('/api/me/sessions').then((r) => r.data),
  });
}

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ success: true; message: string }>(`/api/me/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['me', 'sessions'] }),
  });
}
