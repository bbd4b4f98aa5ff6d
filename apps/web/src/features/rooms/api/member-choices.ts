import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSeedMembersResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { roomKeys } from './keys';

/** The seed's members, for picking attendees. */
export const listMemberChoices = (seedId: string) => api<TSeedMembersResponse>(`/api/seeds/${seedId}/members`).then((r) => r.data);
export const memberChoicesQuery = (seedId: string) =>
  queryOptions({ queryKey: roomKeys.members(seedId), queryFn: () => listMemberChoices(seedId), staleTime: 60_000 });
export const useMemberChoices = (seedId: string) => useQuery(memberChoicesQuery(seedId));
