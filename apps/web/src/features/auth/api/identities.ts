import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TIdentitiesResponse } from '@suite/shared';
import { api } from '@/lib/api';

export const fetchIdentities = () => api<TIdentitiesResponse>('/api/me/identities').then((r) => r.data);
export const identitiesQuery = () => queryOptions({ queryKey: ['me', 'identities'], queryFn: fetchIdentities });
export const useIdentities = () => useQuery(identitiesQuery());
