import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMealLedger } from '@suite/shared/schemas/meal';
import { api } from '@/lib/api';
import { mealKeys } from './keys';

export const getLedger = (seedId: string) => api<TMealLedger>(`/api/seeds/${seedId}/meal-ledger`);
export const getLedgerQuery = (seedId: string) => queryOptions({ queryKey: mealKeys.ledger(seedId), queryFn: () => getLedger(seedId) });
export const useLedger = (seedId: string) => useQuery(getLedgerQuery(seedId));
