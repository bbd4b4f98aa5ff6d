import { useQuery } from '@tanstack/react-query';
import type { TDataRecipients } from '@suite/shared';
import { api } from '@/lib/api';
import { privacyKeys } from './keys';

/** GET /api/me/data-recipients: outside services that receive personal data, and whether this person's went to them. */
export const getRecipients = () => api<TDataRecipients>('/api/me/data-recipients');
export const useRecipients = () => useQuery({ queryKey: privacyKeys.recipients, queryFn: getRecipients });
