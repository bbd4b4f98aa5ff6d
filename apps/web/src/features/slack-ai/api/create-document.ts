import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TSlackDocumentInput, ZSlackDocumentResponse } from '@suite/shared/schemas/slack';
import { api } from '@/lib/api';
import { useInvalidateSlackDocuments } from './invalidate';
import { slackBase } from './keys';

type TResponse = z.infer<typeof ZSlackDocumentResponse>;

export const createSlackDocument = (id: string, body: TSlackDocumentInput) => api<TResponse>(`${slackBase(id)}/documents`, { method: 'POST', body });
export function useAddSlackDocument(id: string) {
  const invalidate = useInvalidateSlackDocuments(id);
  return useMutation({ mutationFn: (body: TSlackDocumentInput) => createSlackDocument(id, body), onSuccess: invalidate });
}
