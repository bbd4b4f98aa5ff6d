import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TConnectorUpdateInput,
  ZConnectorOkResponse,
  ZConnectorResponse,
  ZConnectorsResponse,
  ZDriveStartResponse,
} from '@suite/shared/schemas/connectors';
import { api } from '@/lib/api';
import { slackBase } from './keys';

type TList = z.infer<typeof ZConnectorsResponse>;
type TOne = z.infer<typeof ZConnectorResponse>;

/** Google Drive and Notion connections of a workspace (decision 089). */
export const connectorsKey = (id: string) => ['slack-ws', id, 'connectors'] as const;
const base = (id: string) => `${slackBase(id)}/connectors`;
export const listConnectorsQuery = (id: string) => queryOptions({ queryKey: connectorsKey(id), queryFn: () => api<TList>(base(id)) });
export const useConnectors = (id: string) => useQuery(listConnectorsQuery(id));

function useConnectorMutation<V>(id: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: connectorsKey(id) }) });
}

export const useConnectNotion = (id: string) =>
  useConnectorMutation(id, (token: string) => api<TOne>(`${base(id)}/notion`, { method: 'POST', body: { token } }));
export const useStartDrive = (id: string) =>
  useMutation({ mutationFn: () => api<z.infer<typeof ZDriveStartResponse>>(`${base(id)}/google-drive/start`, { method: 'POST' }) });
export const useUpdateConnector = (id: string) =>
  useConnectorMutation(id, ({ connectionId, body }: { connectionId: string; body: TConnectorUpdateInput }) =>
    api<TOne>(`${base(id)}/${connectionId}`, { method: 'PATCH', body }),
  );
export const useSyncConnector = (id: string) =>
  useConnectorMutation(id, (connectionId: string) => api<TOne>(`${base(id)}/${connectionId}/sync`, { method: 'POST' }));
export const useDisconnectConnector = (id: string) =>
  useConnectorMutation(id, (connectionId: string) => api<z.infer<typeof ZConnectorOkResponse>>(`${base(id)}/${connectionId}`, { method: 'DELETE' }));
