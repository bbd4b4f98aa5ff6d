import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMarkReadInput, ZMarkReadResponse } from '@suite/shared/schemas/notifications';
import { api } from '@/lib/api';
import { notificationKeys } from './keys';

type TResponse = z.infer<typeof ZMarkReadResponse>;

/** POST /api/me/notifications/read { ids } (only the caller's own are marked). */
export const markRead = (body: z.infer<typeof ZMarkReadInput>) => api<TResponse>('/api/me/notifications/read', { method: 'POST', body });

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => markRead({ ids }),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.inbox }),
  });
}
