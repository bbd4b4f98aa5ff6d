import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TMeResponse, TMessageResponse, ZSessionsResponse } from '@suite/shared';
import { api } from '@/lib/api';

export function useMe() {
  return useQuery({ queryKey: ['me'], queryFn: () => api<TMeResponse>('/api/me').then((r) => r.user) });
}

export function useUpdateMe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { full_name?: string; phone?: string; marketing_consent?: boolean }) => api<TMeResponse>('/api/me', { method: 'PATCH', body }),
    onSuccess: (r) => qc.setQueryData(['me'], r.user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => api<TMessageResponse>('/api/me/password', { method: 'POST', body }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: ['me', 'sessions'],
    queryFn: () => api<z.infer<typeof ZSessionsResponse>>('/api/me/sessions').then((r) => r.data),
  });
}

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<TMessageResponse>(`/api/me/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['me', 'sessions'] }),
  });
}
