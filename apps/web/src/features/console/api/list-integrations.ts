import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TIntegrationsResponse } from '@suite/shared/schemas/integrations';
import { api } from '@/lib/api';
import { consoleKeys } from './keys';

/** GET /api/admin/integrations: which outside services the server is configured for (platform admins). */
export const listIntegrations = () => api<TIntegrationsResponse>('/api/admin/integrations');
export const listIntegrationsQuery = () => queryOptions({ queryKey: consoleKeys.integrations, queryFn: listIntegrations });
export const useIntegrations = () => useQuery(listIntegrationsQuery());
