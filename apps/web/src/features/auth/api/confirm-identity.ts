import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMessageResponse } from '@suite/shared';
import { api } from '@/lib/api';

type TMessage = z.infer<typeof ZMessageResponse>;

/** Signed in: the owner confirms a pending link. */
export const confirmIdentity = (id: string) => api<TMessage>(`/api/me/identities/${id}/confirm`, { method: 'POST' });

export function useConfirmIdentity() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: confirmIdentity, onSuccess: () => qc.invalidateQueries({ queryKey: ['me', 'identities'] }) });
}

/** From the mailed link: the token alone proves the mailbox. */
export const confirmIdentityByMail = (token: string) => api<TMessage>('/api/auth/identities/confirm', { method: 'POST', body: { token }, auth: false });
