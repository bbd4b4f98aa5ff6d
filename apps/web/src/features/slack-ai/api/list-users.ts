import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSlackUsersResponse } from '@suite/shared/schemas/slack';
import { api } from '@/lib/api';
import { slackBase, slackKeys } from './keys';

type TResponse = z.infer<typeof ZSlackUsersResponse>;

export const listSlackUsers = (id: string) => api<TResponse>(`${slackBase(id)}/users`).then((r) => r.data);
export const listSlackUsersQuery = (id: string) => queryOptions({ queryKey: slackKeys.users(id), queryFn: () => listSlackUsers(id) });
export const useSlackUsers = (id: string) => useQuery(listSlackUsersQuery(id));
