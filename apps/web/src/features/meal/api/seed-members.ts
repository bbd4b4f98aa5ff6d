import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSeedMembersResponse } from '@suite/shared';
import { api } from '@/lib/api';

/** The seed's members (for choosing a sponsor). */
export const listSeedMembers = (seedId: string) => api<TSeedMembersResponse>(`/api/seeds/${seedId}/members`).then((r) => r.data);
export const seedMembersQuery = (seedId: string) => queryOptions({ queryKey: ['meal', seedId, 'members'], queryFn: () => listSeedMembers(seedId) });
export const useSeedMembers = (seedId: string) => useQuery(seedMembersQuery(seedId));
