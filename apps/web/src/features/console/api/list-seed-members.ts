import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSeedMembersResponse } from '@suite/shared/schemas/seeds';
import { api } from '@/lib/api';
import { consoleKeys } from './keys';

/** The seed's members and its open invitations. */
export const listSeedMembers = (seedId: string | undefined) => api<TSeedMembersResponse>(`/api/seeds/${seedId}/members`);
export const listSeedMembersQuery = (seedId: string | undefined) =>
  queryOptions({ queryKey: consoleKeys.seedMembers(seedId), queryFn: () => listSeedMembers(seedId) });
export const useSeedMembers = (seedId: string | undefined) => useQuery({ ...listSeedMembersQuery(seedId), enabled: Boolean(seedId) });
