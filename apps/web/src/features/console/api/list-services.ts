import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TServicesResponse } from '@suite/shared/schemas/admin';
import { api } from '@/lib/api';
import { consoleKeys } from './keys';

export const listServices = () => api<TServicesResponse>('/api/services');
export const listServicesQuery = () => queryOptions({ queryKey: consoleKeys.services, queryFn: listServices });
export const useServices = () => useQuery(listServicesQuery());
