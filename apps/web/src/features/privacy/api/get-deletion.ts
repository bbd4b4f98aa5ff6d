import { useQuery } from '@tanstack/react-query';
import type { TDeletionStatus } from '@suite/shared';
import { api } from '@/lib/api';
import { privacyKeys } from './keys';

/** GET /api/me/deletion: the pending deletion's date (or null), owned seeds, and which re-authentication applies. */
export const getDeletion = () => api<TDeletionStatus>('/api/me/deletion');
export const useDeletion = (enabled = true) => useQuery({ queryKey: privacyKeys.deletion, queryFn: getDeletion, enabled });
