import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSlackDocumentList } from '@suite/shared/schemas/slack';
import { api } from '@/lib/api';
import { slackBase, slackKeys } from './keys';

type TResponse = z.infer<typeof ZSlackDocumentList>;

export const listSlackDocuments = (id: string) => api<TResponse>(`${slackBase(id)}/documents`).then((r) => r.data);
export const listSlackDocumentsQuery = (id: string) => queryOptions({ queryKey: slackKeys.documents(id), queryFn: () => listSlackDocuments(id) });
/** Polls every 5 s while passages are still being embedded in the background (only with EMBEDDINGS_MODEL). */
export const useSlackDocuments = (id: string) =>
  useQuery({
    ...listSlackDocumentsQuery(id),
    refetchInterval: (q) => (q.state.data?.some((d) => d.embedded_passages !== null && d.embedded_passages < d.passages) ? 5000 : false),
  });
