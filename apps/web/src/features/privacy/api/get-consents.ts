import { useQuery } from '@tanstack/react-query';
import type { TConsents } from '@suite/shared';
import { api } from '@/lib/api';
import { privacyKeys } from './keys';

/** GET /api/me/consents: every consent's current state and the history of changes. */
export const getConsents = () => api<TConsents>('/api/me/consents');
export const useConsents = () => useQuery({ queryKey: privacyKeys.consents, queryFn: getConsents });
