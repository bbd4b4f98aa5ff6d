import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSecondFactorPolicyResponse } from '@suite/shared/schemas/accounts';
import { api } from '@/lib/api';
import { consoleKeys } from './keys';

type TResponse = z.infer<typeof ZSecondFactorPolicyResponse>;

/** Whether the seed's members must use a second factor. */
export const getSeedPolicy = (seedId: string) => api<TResponse>(`/api/seeds/${seedId}/security/second-factor`);
export const seedPolicyQuery = (seedId: string) => queryOptions({ queryKey: consoleKeys.seedPolicy(seedId), queryFn: () => getSeedPolicy(seedId) });
export const useSeedPolicy = (seedId: string) => useQuery(seedPolicyQuery(seedId));
