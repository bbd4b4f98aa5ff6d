import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSlackDocumentResponse } from '@suite/shared/schemas/slack';
import { apiRaw } from '@/lib/api';
import { useInvalidateSlackDocuments } from './invalidate';
import { slackBase } from './keys';

type TResponse = z.infer<typeof ZSlackDocumentResponse>;

/** Uploads a PDF as its raw bytes (the JSON client does not send files) through the client's raw helper. */
export async function uploadSlackPdf(id: string, file: File, title: string): Promise<TResponse> {
  const res = await apiRaw(`${slackBase(id)}/documents/pdf?title=${encodeURIComponent(title)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: file,
  });
  return (await res.json()) as TResponse;
}
export function useUploadSlackPdf(id: string) {
  const invalidate = useInvalidateSlackDocuments(id);
  return useMutation({ mutationFn: (v: { file: File; title: string }) => uploadSlackPdf(id, v.file, v.title), onSuccess: invalidate });
}
