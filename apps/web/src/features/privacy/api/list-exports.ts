import { useQuery } from '@tanstack/react-query';
import type { TExportList } from '@suite/shared';
import { api } from '@/lib/api';
import { privacyKeys } from './keys';

/** How often a pending export's status is asked for (the export job runs on the server's job runner). */
export const PENDING_POLL_MS = 2_000;

/** GET /api/me/exports: the person's recent exports, newest first. */
export const listExports = () => api<TExportList>('/api/me/exports');
export const useExports = () => useQuery({ queryKey: privacyKeys.exports, queryFn: listExports });
