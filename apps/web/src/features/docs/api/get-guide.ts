import { useQuery } from '@tanstack/react-query';
import type { TDocGuide } from '@suite/shared/schemas/docs';
import { api } from '@/lib/api';
import { docsKeys } from './keys';

export const getGuide = (slug: string) => api<TDocGuide>(`/api/docs/guides/${encodeURIComponent(slug)}`);
export const useGuide = (slug: string | undefined) =>
  useQuery({ queryKey: docsKeys.guide(slug ?? ''), queryFn: () => getGuide(slug!), enabled: Boolean(slug), staleTime: 5 * 60_000 });
