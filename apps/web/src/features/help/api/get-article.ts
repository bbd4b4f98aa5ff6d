import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THelpArticle } from '@suite/shared/schemas/help';
import { api } from '@/lib/api';
import { helpKeys } from './keys';

/** GET /api/help/articles/{slug} (public): the article with its sanitised HTML; 404 for an unknown slug. */
export const getArticle = (slug: string) => api<THelpArticle>(`/api/help/articles/${encodeURIComponent(slug)}`, { auth: false });
export const getArticleQuery = (slug: string) => queryOptions({ queryKey: helpKeys.article(slug), queryFn: () => getArticle(slug), staleTime: 60_000 });
export const useArticle = (slug: string) => useQuery({ ...getArticleQuery(slug), enabled: Boolean(slug) });
