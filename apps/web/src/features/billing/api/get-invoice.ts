import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInvoice } from '@suite/shared/schemas/billing';
import { api } from '@/lib/api';
import { historyKeys } from './get-invoices';

/** GET /api/seeds/{seedId}/billing/invoices/{invoiceId} (the seed's owner and admins); 404 when not this seed's. */
export const getInvoice = (seedId: string, invoiceId: string) =>
  api<TInvoice>(`/api/seeds/${encodeURIComponent(seedId)}/billing/invoices/${encodeURIComponent(invoiceId)}`);

/** Polled each 30 s while the page is open: a deposit or a 국세청 state arrives on its own. */
export const invoiceQuery = (seedId: string, invoiceId: string) =>
  queryOptions({ queryKey: historyKeys.invoice(seedId, invoiceId), queryFn: () => getInvoice(seedId, invoiceId), refetchInterval: 30_000 });
export const useInvoice = (seedId: string, invoiceId: string, enabled = true) => useQuery({ ...invoiceQuery(seedId, invoiceId), enabled });
