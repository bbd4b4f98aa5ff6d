import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TMessageResponse,
  TSlackDocumentInput,
  TSlackSettingsInput,
  TSlackStatsResponse,
  ZSlackDocumentList,
  ZSlackDocumentResponse,
  ZSlackLogResponse,
  ZSlackSearchResponse,
  ZSlackWorkspaceList,
  ZSlackWorkspaceResponse,
  ZSlackUsersResponse,
} from '@suite/shared';
import { knowledgeUsageAll } from '@/lib/knowledge-usage';
import { api, apiRaw } from '@/lib/api';

const base = (id: string) => `/api/slack/workspaces/${id}`;
export const slackKeys = { workspaces: ['slack-workspaces'] as const, ws: (id: string) => ['slack-ws', id] as const };

export function useSlackWorkspaces() {
  return useQuery({ queryKey: slackKeys.workspaces, queryFn: () => api<z.infer<typeof ZSlackWorkspaceList>>('/api/slack/workspaces').then((r) => r.data) });
}

export function useUpdateSlackSettings(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSlackSettingsInput) => api<z.infer<typeof ZSlackWorkspaceResponse>>(`${base(id)}/settings`, { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: slackKeys.workspaces }),
  });
}

export function useDisconnectSlack(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<TMessageResponse>(base(id), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: slackKeys.workspaces }),
  });
}

export function useSlackUsers(id: string) {
  return useQuery({
    queryKey: [...slackKeys.ws(id), 'users'],
    queryFn: () => api<z.infer<typeof ZSlackUsersResponse>>(`${base(id)}/users`).then((r) => r.data),
  });
}

export function useSlackLogs(id: string, q: string, before: string | undefined) {
  const params = new URLSearchParams({ limit: '30', ...(q ? { q } : {}), ...(before ? { before } : {}) });
  return useQuery({
    queryKey: [...slackKeys.ws(id), 'logs', q, before],
    queryFn: () => api<z.infer<typeof ZSlackLogResponse>>(`${base(id)}/logs?${params.toString()}`),
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
    queryFn: () => api<z.infer<typeof ZSlackDocumentList>>(`${base(id)}/documents`).then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.some((d) => d.embedded_passages !== null && d.embedded_passages < d.passages) ? 5000 : false),
  });
}

export function useAddSlackDocument(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSlackDocumentInput) => api<z.infer<typeof ZSlackDocumentResponse>>(`${base(id)}/documents`, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: [...slackKeys.ws(id), 'documents'] }), qc.invalidateQueries({ queryKey: knowledgeUsageAll })]),
  });
}

export function useDeleteSlackDocument(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => api<TMessageResponse>(`${base(id)}/documents/${documentId}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: [...slackKeys.ws(id), 'documents'] }), qc.invalidateQueries({ queryKey: knowledgeUsageAll })]),
  });
}

export function useSlackSearch(id: string, q: string) {
  return useQuery({
    queryKey: [...slackKeys.ws(id), 'search', q],
    enabled: q.trim().length > 0,
    queryFn: () => api<z.infer<typeof ZSlackSearchResponse>>(`${base(id)}/search?q=${encodeURIComponent(q)}`).then((r) => r.data),
  });
}

/** Uploads a PDF as its raw bytes (the JSON client does not send files) through the client's raw helper. */
async function uploadPdf(id: string, file: File, title: string): Promise<z.infer<typeof ZSlackDocumentResponse>> {
  const res = await apiRaw(`${base(id)}/documents/pdf?title=${encodeURIComponent(title)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: file,
  });
  return (await res.json()) as z.infer<typeof ZSlackDocumentResponse>;
}

export function useUploadSlackPdf(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; title: string }) => uploadPdf(id, v.file, v.title),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: [...slackKeys.ws(id), 'documents'] }), qc.invalidateQueries({ queryKey: knowledgeUsageAll })]),
  });
}
