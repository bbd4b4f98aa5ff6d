import { useMutation } from '@tanstack/react-query';
import type { TActionResponse } from '@suite/shared/schemas/auth';
import { api } from '@/lib/api';
import { useInvalidateAdminUsers } from './invalidate';

export type TAdminActionRequest = { path: string; method: 'POST' | 'PATCH' | 'DELETE'; body?: unknown };

/** Any admin action under /api/admin/users (invite, edit, status, end sessions, delete, restore); the lists reload after it. */
export const runAdminAction = (req: TAdminActionRequest) => api<TActionResponse>(`/api/admin/users${req.path}`, { method: req.method, body: req.body });
export function useAdminAction() {
  const invalidate = useInvalidateAdminUsers();
  return useMutation({ mutationFn: runAdminAction, onSuccess: invalidate });
}
