import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMessageResponse } from '@suite/shared';
import { api } from '@/lib/api';

export const unlinkIdentity = (id: string) => api<z.infer<typeof ZMessageResponse>>(`/api/me/identities/${id}`, { method: 'DELETE' });

export function useUnlinkIdentity() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unlinkIdentity, onSuccess: () => qc.invalidateQueries({ queryKey: ['me', 'identities'] }) });
}
