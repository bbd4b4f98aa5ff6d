import { useQuery } from '@tanstack/react-query';
import type { TChangelog } from '@suite/shared/schemas/docs';
import { api } from '@/lib/api';
import { docsKeys } from './keys';

export const getChangelog = () => api<TChangelog>('/api/docs/changelog');
export const useChangelog = () => useQuery({ queryKey: docsKeys.changelog, queryFn: getChangelog, staleTime: 5 * 60_000 });
