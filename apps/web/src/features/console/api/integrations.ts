import { useQuery } from '@tanstack/react-query';
import type { TIntegrationsResponse } from '@suite/shared';
import { api } from '@/lib/api';

/** GET /api/admin/integrations: which outside services the server is configured for (platform admins). */
export const fetchIntegrations = () => api<TIntegrationsResponse>('/api/admin/integrations');

export function useIntegrations() {
  return useQuery({ queryKey: ['admin-integrations'], queryFn: fetchIntegrations });
}
