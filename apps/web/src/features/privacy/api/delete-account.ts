import { useMutation } from '@tanstack/react-query';
import type { TDeleteMeInput, TDeletionScheduled } from '@suite/shared';
import { api } from '@/lib/api';

/**
 * DELETE /api/me {password | secondFactorCode} → 202 {deleteAt}. Every session ends on the server, so the caller
 * signs out locally afterwards (no cache to update: the screen is left).
 */
export const deleteAccount = (body: TDeleteMeInput) => api<TDeletionScheduled>('/api/me', { method: 'DELETE', body, retryOn401: false });
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
