import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZInvoiceList } from '@suite/shared/schemas/billing';
import { api } from '@/lib/api';

export type TInvoiceList = z.infer<typeof ZInvoiceList>;

/** The 결제 내역 queries' keys: every invoice query of a seed shares the prefix (a payment invalidates it). */
export const historyKeys = {
  invoices: (seedId: string) => ['billing', 'invoices', seedId] as const,
  invoice: (seedId: string, invoiceId: string) => ['billing', 'invoices', seedId, invoiceId] as const,
  revenue: ['billing', 'revenue'] as const,
};

/** GET /api/seeds/{seedId}/billing/invoices (the seed's owner and admins): newest first. */
export const getInvoices = (seedId: string) => api<TInvoiceList>(`/api/seeds/${encodeURIComponent(seedId)}/billing/invoices`);

/** Polled each 30 s: a charge or a deposit changes a status without the page doing anything. */
export const invoicesQuery = (seedId: string) =>
  queryOptions({ queryKey: historyKeys.invoices(seedId), queryFn: () => getInvoices(seedId), refetchInterval: 30_000 });
export const useInvoices = (seedId: string, enabled = true) => useQuery({ ...invoicesQuery(seedId), enabled });
