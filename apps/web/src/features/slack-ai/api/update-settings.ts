import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TSlackSettingsInput, ZSlackWorkspaceResponse } from '@suite/shared/schemas/slack';
import { api } from '@/lib/api';
import { useInvalidateSlackWorkspaces } from './invalidate';
import { slackBase } from './keys';

type TResponse = z.infer<typeof ZSlackWorkspaceResponse>;

export const updateSlackSettings = (id: string, body: TSlackSettingsInput) => api<TResponse>(`${slackBase(id)}/settings`, { method: 'PATCH', body });
export function useUpdateSlackSettings(id: string) {
  const invalidate = useInvalidateSlackWorkspaces();
  return useMutation({ mutationFn: (body: TSlackSettingsInput) => updateSlackSettings(id, body), onSuccess: invalidate });
}
