import { useQuery } from '@tanstack/react-query';
import type { TDocGuideSummary } from '@suite/shared/schemas/docs';
import { api } from '@/lib/api';
import { docsKeys } from './keys';

export const listGuides = () => api<TDocGuideSummary[]>('/api/docs/guides');
export const useGuides = () => useQuery({ queryKey: docsKeys.guides, queryFn: listGuides, staleTime: 5 * 60_000 });
