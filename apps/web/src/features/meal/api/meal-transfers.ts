// 송금 links and transfer states (issue 38): the seed's transfers view and the mutations that change a transfer.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TMealTransferInput, TMealTransferReceivedInput, ZMealTransferSaved, ZMealTransfersResponse } from '@suite/shared/schemas/meal-transfers';
import { api } from '@/lib/api';
import { mealKeys } from './keys';

type TSaved = z.infer<typeof ZMealTransferSaved>;
const base = (seedId: string) => `/api/seeds/${seedId}/meal-transfers`;
export const transfersKey = (seedId: string) => [...mealKeys.all(seedId), 'transfers'] as const;

export const getTransfers = (seedId: string) => api<z.infer<typeof ZMealTransfersResponse>>(base(seedId)).then((r) => r.data);
export const transfersQuery = (seedId: string) => queryOptions({ queryKey: transfersKey(seedId), queryFn: () => getTransfers(seedId) });
export const useMealTransfers = (seedId: string) => useQuery(transfersQuery(seedId));

export const markSent = (seedId: string, body: TMealTransferInput) => api<TSaved>(base(seedId), { method: 'POST', body });
export const recordReceived = (seedId: string, body: TMealTransferReceivedInput) => api<TSaved>(`${base(seedId)}/received`, { method: 'POST', body });
export const confirmTransfer = (seedId: string, id: string) => api<TSaved>(`${base(seedId)}/${id}/confirm`, { method: 'POST' });
export const cancelTransfer = (seedId: string, id: string) => api<TSaved>(`${base(seedId)}/${id}/cancel`, { method: 'POST' });

/** A transfer mutation that refreshes the seed's meal queries (the ledger and the transfers) afterwards. */
function useTransferMutation<TVars>(seedId: string, fn: (vars: TVars) => Promise<TSaved>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: mealKeys.all(seedId) }) });
}

export const useMarkSent = (seedId: string) => useTransferMutation(seedId, (body: TMealTransferInput) => markSent(seedId, body));
export const useRecordReceived = (seedId: string) => useTransferMutation(seedId, (body: TMealTransferReceivedInput) => recordReceived(seedId, body));
export const useConfirmTransfer = (seedId: string) => useTransferMutation(seedId, (id: string) => confirmTransfer(seedId, id));
export const useCancelTransfer = (seedId: string) => useTransferMutation(seedId, (id: string) => cancelTransfer(seedId, id));
