import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { THelpArticleSummary } from '@suite/shared/schemas/help';
import { api } from '@/lib/api';
import { helpKeys } from './keys';

/** GET /api/help/articles?q= (public): every article when `q` is empty, else the matches best first. */
export const searchArticles = (q: string) => {
  const query = q.trim();
  return api<THelpArticleSummary[]>(`/api/help/articles${query ? `?q=${encodeURIComponent(query)}` : ''}`, { auth: false });
};
export const searchArticlesQuery = (q: string) =>
  queryOptions({ queryKey: helpKeys.search(q.trim()), queryFn: () => searchArticles(q), staleTime: 60_000, placeholderData: keepPreviousData });
export const useArticleSearch = (q: string) => useQuery(searchArticlesQuery(q));
