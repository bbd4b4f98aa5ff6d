import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSecondFactorPolicyResponse } from '@suite/shared/schemas/accounts';
import { api } from '@/lib/api';
import { consoleKeys } from './keys';

type TResponse = z.infer<typeof ZSecondFactorPolicyResponse>;

/** Whether platform admins must use a second factor. */
export const getAdminPolicy = () => api<TResponse>('/api/admin/security/second-factor');
export const adminPolicyQuery = () => queryOptions({ queryKey: consoleKeys.adminPolicy, queryFn: getAdminPolicy });
export const useAdminPolicy = () => useQuery(adminPolicyQuery());
