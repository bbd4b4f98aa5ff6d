import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSlackSearchResponse } from '@suite/shared/schemas/slack';
import { api } from '@/lib/api';
import { slackBase, slackKeys } from './keys';

type TResponse = z.infer<typeof ZSlackSearchResponse>;

/** The passages the bot would find for a question (the knowledge tab's test search). */
export const searchSlackDocuments = (id: string, q: string) => api<TResponse>(`${slackBase(id)}/search?q=${encodeURIComponent(q)}`).then((r) => r.data);
export const searchSlackDocumentsQuery = (id: string, q: string) =>
  queryOptions({ queryKey: slackKeys.search(id, q), queryFn: () => searchSlackDocuments(id, q) });
export const useSlackSearch = (id: string, q: string) => useQuery({ ...searchSlackDocumentsQuery(id, q), enabled: q.trim().length > 0 });
