import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminViewInput, TAdminViewListResponse, TAdminViewSavedResponse, TAdminViewUpdateInput } from '@suite/shared/schemas/admin-builder-views';
import type { TMessageResponse } from '@suite/shared/schemas/auth';
import { api } from '@/lib/api';
import { adKeys, adTableBase } from './keys';

/** The signed-in person's own saved views of one table (decision 093). */
const viewsKey = (seedId: string, appId: string, table: string) => [...adKeys.all(seedId), 'views', appId, table] as const;
const viewsBase = (seedId: string, appId: string, table: string) => `${adTableBase(seedId, appId, table)}/views`;

export const useViews = (seedId: string, appId: string, table: string) =>
  useQuery({
    queryKey: viewsKey(seedId, appId, table),
    queryFn: () => api<TAdminViewListResponse>(viewsBase(seedId, appId, table)),
    retry: false,
  });

/** Saves a new view (id null, POST) or changes one's name or config (PATCH). */
export function useSaveView(seedId: string, appId: string, table: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TAdminViewInput | TAdminViewUpdateInput }) =>
      id
        ? api<TAdminViewSavedResponse>(`${viewsBase(seedId, appId, table)}/${id}`, { method: 'PATCH', body })
        : api<TAdminViewSavedResponse>(viewsBase(seedId, appId, table), { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: viewsKey(seedId, appId, table) }),
  });
}

export function useDeleteView(seedId: string, appId: string, table: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<TMessageResponse>(`${viewsBase(seedId, appId, table)}/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: viewsKey(seedId, appId, table) }),
  });
}
