import { useMutation } from '@tanstack/react-query';
import type { TAddChatbotSourceResponse } from '@suite/shared/schemas/chatbot';
import { apiRaw } from '@/lib/api';
import { useRefreshChatbots } from './invalidate';
import { chatbotBase } from './keys';

/** A PDF goes to …/sources/pdf; Word (.docx) and 한글 (.hwpx) files to …/sources/file, which tells them apart by their bytes. */
export const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** Uploads a file as its raw bytes (the JSON client does not send files). */
export async function uploadSourceFile(seedId: string, botId: string, file: File, title: string): Promise<TAddChatbotSourceResponse> {
  const pdf = isPdf(file);
  const res = await apiRaw(`${chatbotBase(seedId)}/${botId}/sources/${pdf ? 'pdf' : 'file'}?title=${encodeURIComponent(title)}`, {
    method: 'POST',
    headers: { 'content-type': pdf ? 'application/pdf' : 'application/octet-stream' },
    body: file,
  });
  return (await res.json()) as TAddChatbotSourceResponse;
}
export function useUploadSourceFile(seedId: string) {
  const refresh = useRefreshChatbots(seedId);
  return useMutation({
    mutationFn: (v: { botId: string; file: File; title: string }) => uploadSourceFile(seedId, v.botId, v.file, v.title),
    onSuccess: refresh,
  });
}
