// Receipts of a round (issue 38): list, upload (the file as the raw body), the bytes as a Blob, delete; the ledger's rounds.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMessageResponse } from '@suite/shared';
import type { ZMealReceiptListResponse, ZMealReceiptResponse, ZMealReceiptRounds } from '@suite/shared/schemas/meal-outings';
import { api, apiRaw } from '@/lib/api';
import { mealKeys } from './keys';

type TList = z.infer<typeof ZMealReceiptListResponse>;
type TUploaded = z.infer<typeof ZMealReceiptResponse>;
type TRounds = z.infer<typeof ZMealReceiptRounds>;
type TMessage = z.infer<typeof ZMessageResponse>;
const url = (seedId: string, mealId: string) => `/api/seeds/${seedId}/meals/${mealId}/receipts`;

export const receiptsKey = (seedId: string, mealId: string) => [...mealKeys.all(seedId), 'receipts', mealId] as const;

export const listReceipts = (seedId: string, mealId: string) => api<TList>(url(seedId, mealId)).then((r) => r.data);
export const useReceipts = (seedId: string, mealId: string) => useQuery({ queryKey: receiptsKey(seedId, mealId), queryFn: () => listReceipts(seedId, mealId) });

/** The file goes as it is; the server checks its bytes, so the type sent is only the browser's guess. */
export async function uploadReceipt(seedId: string, mealId: string, file: File): Promise<TUploaded> {
  const res = await apiRaw(url(seedId, mealId), { method: 'POST', body: file, headers: { 'content-type': file.type || 'application/octet-stream' } });
  return (await res.json()) as TUploaded;
}

export function useUploadReceipt(seedId: string, mealId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadReceipt(seedId, mealId, file),
    onSuccess: () => qc.invalidateQueries({ queryKey: mealKeys.all(seedId) }),
  });
}

export const deleteReceipt = (seedId: string, mealId: string, receiptId: string) => api<TMessage>(`${url(seedId, mealId)}/${receiptId}`, { method: 'DELETE' });

export function useDeleteReceipt(seedId: string, mealId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (receiptId: string) => deleteReceipt(seedId, mealId, receiptId),
    onSuccess: () => qc.invalidateQueries({ queryKey: mealKeys.all(seedId) }),
  });
}

/** The stored bytes (bearer-authenticated, so not a plain <img src>): kept by receipt id, outside the live-refreshed meal keys. */
export const receiptBlob = async (seedId: string, mealId: string, receiptId: string) =>
  (await apiRaw(`${url(seedId, mealId)}/${receiptId}`, { headers: { accept: '*/*' } })).blob();
/** A photo's object URL for its thumbnail (kept for the page's life: a handful of small JPEGs per round). */
export const useReceiptImage = (seedId: string, mealId: string, receiptId: string) =>
  useQuery({
    queryKey: ['meal-receipt-file', receiptId] as const,
    queryFn: async () => URL.createObjectURL(await receiptBlob(seedId, mealId, receiptId)),
    staleTime: Infinity,
    gcTime: Infinity,
    enabled: Boolean(receiptId),
  });

/**
 * Shows a receipt from its bytes: a photo in a new tab, a PDF saved as a file (an inherited page policy may keep the
 * browser's PDF viewer from opening a blob: page).
 */
export async function openReceipt(seedId: string, mealId: string, receiptId: string, pdf = false): Promise<void> {
  const tab = pdf ? null : window.open('', '_blank');
  const href = URL.createObjectURL(await receiptBlob(seedId, mealId, receiptId));
  if (tab) tab.location.href = href;
  else {
    const a = document.createElement('a');
    a.href = href;
    a.download = `receipt-${receiptId.slice(0, 8)}.${pdf ? 'pdf' : 'jpg'}`;
    a.click();
  }
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export const listReceiptRounds = (seedId: string) => api<TRounds>(`/api/seeds/${seedId}/meal-receipts`).then((r) => r.data);
export const useReceiptRounds = (seedId: string) =>
  useQuery({ queryKey: [...mealKeys.all(seedId), 'receipt-rounds'] as const, queryFn: () => listReceiptRounds(seedId) });
