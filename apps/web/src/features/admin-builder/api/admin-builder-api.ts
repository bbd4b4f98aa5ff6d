import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TAdminAppDetail,
  TAdminRowList,
  TAdminTableSettings,
  ZAdminAppCreated,
  ZAdminAppList,
  ZAdminAuditList,
  ZAdminImportResult,
  ZAdminOptions,
  ZAdminRow,
  ZAdminRowSaved,
} from '@suite/shared/schemas/admin-builder';
import { api, ApiError } from '@/lib/api';
import { tokenStorage } from '@/lib/token-storage';

export const adBase = (seedId: string) => `/api/seeds/${seedId}/admin-builder`;
export const adKeys = {
  all: (seedId: string) => ['admin-builder', seedId] as const,
  apps: (seedId: string) => ['admin-builder', seedId, 'apps'] as const,
  app: (seedId: string, appId: string) => ['admin-builder', seedId, 'app', appId] as const,
  rows: (seedId: string, appId: string, table: string) => ['admin-builder', seedId, 'rows', appId, table] as const,
};

type TConnection = { id: string; name: string; engine: string; database: string };
type TDbTable = { name: string; kind: 'table' | 'view' };

/** The seed's database connections (made in the API builder) and their tables, for the create wizard. */
export const useConnections = (seedId: string) =>
  useQuery({
    queryKey: ['admin-builder', seedId, 'connections'],
    queryFn: async () => (await api<{ data: TConnection[] }>(`/api/seeds/${seedId}/api-builder/connections`)).data,
    retry: false,
  });
export const useConnectionTables = (seedId: string, connectionId: string) =>
  useQuery({
    queryKey: ['admin-builder', seedId, 'conn-tables', connectionId],
    queryFn: async () => (await api<{ data: TDbTable[] }>(`/api/seeds/${seedId}/api-builder/connections/${connectionId}/tables`)).data,
    enabled: Boolean(connectionId),
    retry: false,
  });

export const useApps = (seedId: string) =>
  useQuery({ queryKey: adKeys.apps(seedId), queryFn: async () => (await api<z.infer<typeof ZAdminAppList>>(`${adBase(seedId)}/apps`)).data, retry: false });

export const useApp = (seedId: string, appId: string) =>
  useQuery({
    queryKey: adKeys.app(seedId, appId),
    queryFn: async () => (await api<{ data: TAdminAppDetail }>(`${adBase(seedId)}/apps/${appId}`)).data,
    retry: false,
  });

export function useCreateApp(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; connectionId: string; tables: string[] }) =>
      api<z.infer<typeof ZAdminAppCreated>>(`${adBase(seedId)}/apps`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adKeys.all(seedId) }),
  });
}

export function useRenameApp(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, name }: { appId: string; name: string }) => api(`${adBase(seedId)}/apps/${appId}`, { method: 'PATCH', body: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adKeys.all(seedId) }),
  });
}

export function useDeleteApp(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (appId: string) => api(`${adBase(seedId)}/apps/${appId}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adKeys.all(seedId) }),
  });
}

export function useSaveSettings(seedId: string, appId: string, table: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<TAdminTableSettings>) =>
      api(`${adBase(seedId)}/apps/${appId}/tables/${encodeURIComponent(table)}/settings`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adKeys.all(seedId) }),
  });
}

const tableBase = (seedId: string, appId: string, table: string) => `${adBase(seedId)}/apps/${appId}/tables/${encodeURIComponent(table)}`;

export const useRows = (seedId: string, appId: string, table: string, params: URLSearchParams) =>
  useQuery({
    queryKey: [...adKeys.rows(seedId, appId, table), params.toString()],
    queryFn: () => api<TAdminRowList>(`${tableBase(seedId, appId, table)}/rows?${params.toString()}`),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useRow = (seedId: string, appId: string, table: string, key: string) =>
  useQuery({
    queryKey: [...adKeys.rows(seedId, appId, table), 'row', key],
    queryFn: () => api<z.infer<typeof ZAdminRow>>(`${tableBase(seedId, appId, table)}/row?key=${encodeURIComponent(key)}`),
    enabled: Boolean(key),
    retry: false,
  });

export const fetchOptions = (seedId: string, appId: string, table: string, q: string) =>
  api<z.infer<typeof ZAdminOptions>>(`${tableBase(seedId, appId, table)}/options?q=${encodeURIComponent(q)}`);

export function useSaveRow(seedId: string, appId: string, table: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ key, values }: { key: string | null; values: Record<string, unknown> }) =>
      key
        ? api<z.infer<typeof ZAdminRowSaved>>(`${tableBase(seedId, appId, table)}/row?key=${encodeURIComponent(key)}`, { method: 'PATCH', body: values })
        : api<z.infer<typeof ZAdminRowSaved>>(`${tableBase(seedId, appId, table)}/rows`, { method: 'POST', body: values }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin-builder', seedId, 'rows', appId] }),
  });
}

export function useDeleteRows(seedId: string, appId: string, table: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (keys: string[]) => api<{ message: string }>(`${tableBase(seedId, appId, table)}/rows/delete`, { method: 'POST', body: { keys } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin-builder', seedId, 'rows', appId] }),
  });
}

export function useImportCsv(seedId: string, appId: string, table: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { csv: string; commit: boolean }) =>
      api<z.infer<typeof ZAdminImportResult>>(`${tableBase(seedId, appId, table)}/import`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin-builder', seedId, 'rows', appId] }),
  });
}

export const useAudit = (seedId: string, appId: string, q: string, page: number) =>
  useQuery({
    queryKey: ['admin-builder', seedId, 'audit', appId, q, page],
    queryFn: () => api<z.infer<typeof ZAdminAuditList>>(`${adBase(seedId)}/apps/${appId}/audit?page=${page}${q ? `&q=${encodeURIComponent(q)}` : ''}`),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The CSV of the current filter, downloaded with the session's token (a file, so not through the JSON client). */
export async function downloadCsv(seedId: string, appId: string, table: string, params: URLSearchParams) {
  const p = new URLSearchParams(params);
  p.delete('page');
  p.delete('pageSize');
  const res = await fetch(`${tableBase(seedId, appId, table)}/export.csv?${p.toString()}`, {
    headers: { authorization: `Bearer ${tokenStorage.getAccess() ?? ''}` },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    throw new ApiError(res.status, body.code ?? 'EXPORT', body.error ?? '');
  }
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${table}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
