import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZApiDefinitionList, ZDbTableList } from '@suite/shared/schemas/api-builder';
import type { TLookupDeleteResponse, TLookupInput, TLookupListResponse, TLookupPatch, TLookupResponse } from '@suite/shared/schemas/chatbot-lookups';
import { api } from '@/lib/api';
import { useRefreshChatbots } from './invalidate';
import { chatbotBase, chatbotKeys } from './keys';

/** A bot's lookups (issue 29) and, for choosing API → table → columns, what the API builder publishes in the seed. */
const lookupsUrl = (seedId: string, botId: string) => `${chatbotBase(seedId)}/${botId}/lookups`;
const builder = (seedId: string) => `/api/seeds/${seedId}/api-builder`;

export const lookupsQuery = (seedId: string, botId: string) =>
  queryOptions({
    queryKey: chatbotKeys.bot(seedId, botId, 'lookups'),
    queryFn: () => api<TLookupListResponse>(lookupsUrl(seedId, botId)).then((r) => r.data),
  });
export const useLookups = (seedId: string, botId: string) => useQuery(lookupsQuery(seedId, botId));

/** The seed's published APIs (owner and admins only; the API builder refuses members). */
export const usePublishedApis = (seedId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...chatbotKeys.all(seedId), 'published-apis'],
    queryFn: () => api<z.infer<typeof ZApiDefinitionList>>(`${builder(seedId)}/apis`).then((r) => r.data),
    enabled,
  });

/** The tables (with columns) of a connection, as the API builder last read them. */
export const useConnectionTables = (seedId: string, connectionId: string | undefined) =>
  useQuery({
    queryKey: [...chatbotKeys.all(seedId), 'connection-tables', connectionId ?? ''],
    queryFn: () => api<z.infer<typeof ZDbTableList>>(`${builder(seedId)}/connections/${connectionId}/tables`).then((r) => r.data),
    enabled: Boolean(connectionId),
  });

export function useSaveLookup(seedId: string, botId: string) {
  const refresh = useRefreshChatbots(seedId);
  return useMutation({
    mutationFn: (v: { id?: string | undefined; input: TLookupInput | TLookupPatch }) =>
      api<TLookupResponse>(v.id ? `${lookupsUrl(seedId, botId)}/${v.id}` : lookupsUrl(seedId, botId), {
        method: v.id ? 'PATCH' : 'POST',
        body: v.input,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteLookup(seedId: string, botId: string) {
  const refresh = useRefreshChatbots(seedId);
  return useMutation({
    mutationFn: (id: string) => api<TLookupDeleteResponse>(`${lookupsUrl(seedId, botId)}/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
