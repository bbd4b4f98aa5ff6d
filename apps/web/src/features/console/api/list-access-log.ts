import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAccessLogPage } from '@suite/shared/schemas/privacy';
import { api } from '@/lib/api';
import { listParams } from './keys';

/** The filters of the access records' screen (strings as typed; empty ones are left out of the query). */
export type TAccessLogFilters = { actor: string; action: string; from: string; to: string; page: number };

export const listAccessLog = (f: TAccessLogFilters) =>
  api<TAccessLogPage>(`/api/admin/privacy/access-log?${listParams({ actor: f.actor, action: f.action, from: f.from, to: f.to, page: f.page, limit: 20 })}`);

export const useAccessLog = (f: TAccessLogFilters) =>
  useQuery({ queryKey: ['admin-privacy-access-log', f] as const, queryFn: () => listAccessLog(f), placeholderData: keepPreviousData });
