import { useMutation } from '@tanstack/react-query';
import type { TMessageResponse } from '@suite/shared/schemas/auth';
import { api } from '@/lib/api';
import { useInvalidateSlackDocuments } from './invalidate';
import { slackBase } from './keys';

export const deleteSlackDocument = (id: string, documentId: string) => api<TMessageResponse>(`${slackBase(id)}/documents/${documentId}`, { method: 'DELETE' });
export function useDeleteSlackDocument(id: string) {
  const invalidate = useInvalidateSlackDocuments(id);
  return useMutation({ mutationFn: (documentId: string) => deleteSlackDocument(id, documentId), onSuccess: invalidate });
}
