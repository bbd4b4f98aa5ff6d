import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THelpContact } from '@suite/shared/schemas/help';
import { api } from '@/lib/api';
import { helpKeys } from './keys';

/** GET /api/help/contact: the suite's own help chatbot for 문의하기 (botId null while it is not ready). */
export const getContact = () => api<THelpContact>('/api/help/contact', { auth: false });
export const getContactQuery = () => queryOptions({ queryKey: helpKeys.contact(), queryFn: getContact, staleTime: 5 * 60_000 });
export const useContact = () => useQuery(getContactQuery());
