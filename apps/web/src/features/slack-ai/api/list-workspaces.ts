import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSlackWorkspaceList } from '@suite/shared/schemas/slack';
import { api } from '@/lib/api';
import { slackKeys } from './keys';

type TResponse = z.infer<typeof ZSlackWorkspaceList>;

export const listSlackWorkspaces = () => api<TResponse>('/api/slack/workspaces').then((r) => r.data);
export const listSlackWorkspacesQuery = () => queryOptions({ queryKey: slackKeys.workspaces, queryFn: listSlackWorkspaces });
export const useSlackWorkspaces = () => useQuery(listSlackWorkspacesQuery());
