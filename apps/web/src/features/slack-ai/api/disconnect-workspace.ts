import { useMutation } from '@tanstack/react-query';
import type { TMessageResponse } from '@suite/shared/schemas/auth';
import { api } from '@/lib/api';
import { useInvalidateSlackWorkspaces } from './invalidate';
import { slackBase } from './keys';

/** DELETE the workspace connection: the bot leaves the workspace. */
export const disconnectSlackWorkspace = (id: string) => api<TMessageResponse>(slackBase(id), { method: 'DELETE' });
export function useDisconnectSlack(id: string) {
  const invalidate = useInvalidateSlackWorkspaces();
  return useMutation({ mutationFn: () => disconnectSlackWorkspace(id), onSuccess: invalidate });
}
