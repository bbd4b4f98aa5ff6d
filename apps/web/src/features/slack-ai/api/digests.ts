import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TDigestSettingsInput, ZDigestChannelList, ZDigestChannelResponse } from '@suite/shared/schemas/slack-digest';
import { api } from '@/lib/api';
import { slackBase } from './keys';

type TList = z.infer<typeof ZDigestChannelList>;
type TOne = z.infer<typeof ZDigestChannelResponse>;

/** Channel digests of a workspace (decision 087): schedule, delivery, subscribers, last run. */
export const digestKey = (id: string) => ['slack-ws', id, 'digests'] as const;
export const listDigests = (id: string) => api<TList>(`${slackBase(id)}/digests`);
export const listDigestsQuery = (id: string) => queryOptions({ queryKey: digestKey(id), queryFn: () => listDigests(id) });
export const useDigests = (id: string) => useQuery(listDigestsQuery(id));

const channelUrl = (id: string, channel: string) => `${slackBase(id)}/digests/${encodeURIComponent(channel)}`;

export function useUpdateDigest(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, body }: { channel: string; body: TDigestSettingsInput }) => api<TOne>(channelUrl(id, channel), { method: 'PATCH', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: digestKey(id) }),
  });
}

export function useDigestSubscription(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, on }: { channel: string; on: boolean }) => api<TOne>(`${channelUrl(id, channel)}/subscription`, { method: on ? 'POST' : 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: digestKey(id) }),
  });
}
