import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSlackLogResponse } from '@suite/shared/schemas/slack';
import { api } from '@/lib/api';
import { slackBase, slackKeys } from './keys';

type TResponse = z.infer<typeof ZSlackLogResponse>;

export function listSlackLogs(id: string, q: string, before: string | undefined) {
  const params = new URLSearchParams({ limit: '30', ...(q ? { q } : {}), ...(before ? { before } : {}) });
  return api<TResponse>(`${slackBase(id)}/logs?${params.toString()}`);
}
export const listSlackLogsQuery = (id: string, q: string, before: string | undefined) =>
  queryOptions({ queryKey: slackKeys.logs(id, q, before), queryFn: () => listSlackLogs(id, q, before) });
export const useSlackLogs = (id: string, q: string, before: string | undefined) =>
  useQuery({ ...listSlackLogsQuery(id, q, before), placeholderData: keepPreviousData });
