import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TSlackDocument,
  TSlackDocumentInput,
  TSlackLogEntry,
  TSlackPrepareResponse,
  TSlackSettingsInput,
  TSlackStatsResponse,
  TSlackWorkspace,
  ZSlackSearchResponse,
  ZSlackUsersResponse,
} from '@suite/shared';
import { api, ApiError, NETWORK_ERROR, refreshTokens } from '@/lib/api';
import { tokenStorage } from '@/lib/token-storage';

const base = (id: string) => `/api/slack/workspaces/${id}`;
export const slackKeys = { workspaces: ['slack-workspaces'] as const, ws: (id: string) => ['slack-ws', id] as const };

export function prepareSlackConnection(seedId: string | undefined) {
  return api<TSlackPrepareResponse>('/api/slack-oauth-prepare', { method: 'POST', body: seedId ? { seed_id: seedId } : {} });
}

export function useSlackWorkspaces() {
  return useQuery({ queryKey: slackKeys.workspaces, queryFn: () => api<{ data: TSlackWorkspace[] }>('/api/slack/workspaces').then((r) => r.data) });
}

export function useUpdateSlackSettings(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSlackSettingsInput) => api<{ success: true; message: string; data: TSlackWorkspace }>(`${base(id)}/settings`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: slackKeys.workspaces }),
  });
}

export function useDisconnectSlack(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ success: true; message: string }>(base(id), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: slackKeys.workspaces }),
  });
}

export function useSlackUsers(id: string) {
  return useQuery({ queryKey: [...slackKeys.ws(id), 'users'], queryFn: () => api<z.infer<typeof ZSlackUsersResponse>>(`${base(id)}/users`).then((r) => r.data) });
}

export function useSlackLogs(id: string, q: string, before: string | undefined) {
  const params = new URLSearchParams({ limit: '30', ...(q ? { q } : {}), ...(before ? { before } : {}) });
  return useQuery({
    queryKey: [...slackKeys.ws(id), 'logs', q, before],
    queryFn: () => api<{ data: TSlackLogEntry[]; next_before: string | null }>(`${base(id)}/logs?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useSlackStats(id: string, days: number) {
  return useQuery({ queryKey: [...slackKeys.ws(id), 'stats', days], queryFn: () => api<TSlackStatsResponse>(`${base(id)}/stats?days=${days}`) });
}

/** Polls every 5 s while passages are still being embedded in the background (only with EMBEDDINGS_MODEL). */
export function useSlackDocuments(id: string) {
  return useQuery({
    queryKey: [...slackKeys.ws(id), 'documents'],
    queryFn: () => api<{ data: TSlackDocument[] }>(`${base(id)}/documents`).then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.some((d) => d.embedded_passages !== null && d.embedded_passages < d.passages) ? 5000 : false),
  });
}

export function useAddSlackDocument(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSlackDocumentInput) => api<{ success: true; message: string; data: TSlackDocument }>(`${base(id)}/documents`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...slackKeys.ws(id), 'documents'] }),
  });
}

export function useDeleteSlackDocument(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => api<{ success: true; message: string }>(`${base(id)}/documents/${documentId}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...slackKeys.ws(id), 'documents'] }),
  });
}

export function useSlackSearch(id: string, q: string) {
  return useQuery({
    queryKey: [...slackKeys.ws(id), 'search', q],
    enabled: q.trim().length > 0,
    queryFn: () => api<z.infer<typeof ZSlackSearchResponse>>(`${base(id)}/search?q=${encodeURIComponent(q)}`).then((r) => r.data),
  });
}

/** Uploads a PDF as its raw bytes (the JSON client does not send files); one refresh-and-retry on 401 like api(). */
async function uploadPdf(id: string, file: File, title: string) {
  const send = () =>
    fetch(`${base(id)}/documents/pdf?title=${encodeURIComponent(title)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenStorage.getAccess() ?? ''}`, 'content-type': 'application/pdf', accept: 'application/json' },
      body: file,
    }).catch(() => {
      throw new ApiError(0, 'NETWORK', NETWORK_ERROR);
    });
  let res = await send();
  if (res.status === 401 && tokenStorage.getRefresh()) {
    await refreshTokens();
    res = await send();
  }
  const body = (await res.json().catch(() => null)) as { error?: string; code?: string; message?: string; data?: TSlackDocument } | null;
  if (!res.ok) throw new ApiError(res.status, body?.code ?? `HTTP_${res.status}`, body?.error ?? `Edge Function 오류: ${res.status}`);
  return body as { success: true; message: string; data: TSlackDocument };
}

export function useUploadSlackPdf(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; title: string }) => uploadPdf(id, v.file, v.title),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...slackKeys.ws(id), 'documents'] }),
  });
}
