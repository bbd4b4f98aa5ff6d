import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TActionResponse } from '@suite/shared/schemas/auth';
import type {
  TAdminUsersResponse,
  TAnalyticsResponse,
  TAuditResponse,
  TConsoleSummaryResponse,
  TOverviewResponse,
  TServicesResponse,
  TTrashResponse,
} from '@suite/shared';
import { api } from '@/lib/api';

export type { TAdminUser, TAuditEntry } from '@suite/shared';
export type TListResult<T> = { data: T[]; total: number; page: number; limit: number; totalPages: number };
export type TUserQuery = {
  search: string;
  role: string;
  status: string;
  joined: string;
  sort: 'email' | 'created_at';
  order: 'asc' | 'desc';
  page: number;
};

function qs(params: Record<string, string | number>) {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== '' && v !== 'all') u.set(k, String(v));
  return u.toString();
}

export function useAdminUsers(q: TUserQuery) {
  return useQuery({
    queryKey: ['admin-users', q],
    queryFn: () => api<TAdminUsersResponse>(`/api/admin/users?${qs({ ...q, limit: 10 })}`),
    placeholderData: keepPreviousData,
  });
}

export function useTrash() {
  return useQuery({
    queryKey: ['admin-users', 'trash'],
    queryFn: () => api<TTrashResponse>('/api/admin/users/trash'),
  });
}

export function useAudit(page: number, search: string) {
  return useQuery({
    queryKey: ['admin-audit', page, search],
    queryFn: () => api<TAuditResponse>(`/api/admin/audit?${qs({ page, limit: 20, search })}`),
    placeholderData: keepPreviousData,
  });
}

/** Any admin action on users; the lists reload after it. */
export function useAdminAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: { path: string; method: 'POST' | 'PATCH' | 'DELETE'; body?: unknown }) =>
      api<TActionResponse>(`/api/admin/users${req.path}`, { method: req.method, body: req.body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin-users'] });
      void qc.invalidateQueries({ queryKey: ['admin-audit'] });
    },
  });
}

export type TServiceRow = TConsoleSummaryResponse['services'][number] & { revenue?: number; growth?: number | null; description?: string };

export function useOverview(enabled: boolean) {
  return useQuery({ queryKey: ['admin-overview'], enabled, queryFn: () => api<TOverviewResponse>('/api/admin/overview') });
}

export function useConsoleSummary(enabled: boolean) {
  return useQuery({
    queryKey: ['console-summary'],
    enabled,
    queryFn: () => api<TConsoleSummaryResponse>('/api/console/summary'),
  });
}

export function useServices() {
  return useQuery({ queryKey: ['services'], queryFn: () => api<TServicesResponse>('/api/services') });
}

export function useAnalytics(from: string, to: string) {
  return useQuery({
    queryKey: ['admin-analytics', from, to],
    queryFn: () => api<TAnalyticsResponse>(`/api/admin/analytics?${qs({ from, to })}`),
    placeholderData: keepPreviousData,
  });
}
