import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THelpChecklist } from '@suite/shared/schemas/help';
import { api } from '@/lib/api';
import { helpKeys } from './keys';

/** GET /api/seeds/{seedId}/help/checklist: getting-started steps ticked from the seed's real state. */
export const getChecklist = (seedId: string) => api<THelpChecklist>(`/api/seeds/${seedId}/help/checklist`);
export const getChecklistQuery = (seedId: string) => queryOptions({ queryKey: helpKeys.checklist(seedId), queryFn: () => getChecklist(seedId) });
export const useChecklist = (seedId: string | null) => useQuery({ ...getChecklistQuery(seedId ?? ''), enabled: Boolean(seedId) });
