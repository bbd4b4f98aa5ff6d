import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminUsersResponse } from '@suite/shared/schemas/admin';
import { api } from '@/lib/api';
import { consoleKeys, listParams } from './keys';

/** The users page's filters as the page holds them ('' or 'all' = no filter). */
export type TUserQuery = {
  search: string;
  role: string;
  status: string;
  joined: string;
  sort: 'email' | 'created_at';
  order: 'asc' | 'desc';
  page: number;
};

export const listAdminUsers = (q: TUserQuery) => api<TAdminUsersResponse>(`/api/admin/users?${listParams({ ...q, limit: 10 })}`);
export const listAdminUsersQuery = (q: TUserQuery) => queryOptions({ queryKey: consoleKeys.userList(q), queryFn: () => listAdminUsers(q) });
export const useAdminUsers = (q: TUserQuery) => useQuery({ ...listAdminUsersQuery(q), placeholderData: keepPreviousData });
