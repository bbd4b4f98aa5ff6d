import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChatbotMessageResponse } from '@suite/shared/schemas/chatbot';
import type {
  TAgentReplyResponse,
  TInboxActionResponse,
  TInboxResponse,
  TOfficeHours,
  TOfficeHoursResponse,
  TPresenceResponse,
} from '@suite/shared/schemas/chatbot-handoff';
import { api } from '@/lib/api';
import { useEventStream } from '@/lib/use-event-stream';
import { chatbotBase, chatbotKeys } from './keys';

/** Live hand-off (issue 29): the 상담함, '상담 가능' and office hours of the console. */
const inboxKey = (seedId: string, botId: string) => chatbotKeys.bot(seedId, botId, 'inbox');
const hoursKey = (seedId: string, botId: string) => chatbotKeys.bot(seedId, botId, 'office-hours');
const presenceKey = (seedId: string) => ['chatbots', seedId, 'presence'] as const;
const presencePath = (seedId: string) => `/api/seeds/${seedId}/chatbots-presence`;

export const useInbox = (seedId: string, botId: string) =>
  useQuery({ queryKey: inboxKey(seedId, botId), queryFn: () => api<TInboxResponse>(`${chatbotBase(seedId)}/${botId}/inbox`).then((r) => r.data) });

/** The 상담함's live stream (`event: inbox`): every change fetches the list again. */
export const useInboxStream = (seedId: string, botId: string) =>
  useEventStream(`${chatbotBase(seedId)}/${botId}/inbox/stream`, 'inbox', inboxKey(seedId, botId));

export function useInboxAction(seedId: string, botId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      v: { conversationId: string; action: 'take' | 'end' } | { conversationId: string; action: 'reply'; text: string },
    ): Promise<TAgentReplyResponse | TInboxActionResponse> =>
      v.action === 'reply'
        ? api<TAgentReplyResponse>(`${chatbotBase(seedId)}/${botId}/inbox/${v.conversationId}/messages`, { method: 'POST', body: { text: v.text } })
        : api<TInboxActionResponse>(`${chatbotBase(seedId)}/${botId}/inbox/${v.conversationId}/${v.action}`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: inboxKey(seedId, botId) }),
  });
}

export const usePresence = (seedId: string) =>
  useQuery({ queryKey: presenceKey(seedId), queryFn: () => api<TPresenceResponse>(presencePath(seedId)).then((r) => r.data) });

export function useSetPresence(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (online: boolean) => api<TPresenceResponse>(presencePath(seedId), { method: 'PUT', body: { online } }),
    onSuccess: (r) => qc.setQueryData(presenceKey(seedId), r.data),
  });
}

export const useOfficeHours = (seedId: string, botId: string) =>
  useQuery({ queryKey: hoursKey(seedId, botId), queryFn: () => api<TOfficeHoursResponse>(`${chatbotBase(seedId)}/${botId}/office-hours`).then((r) => r.data) });

export function useSaveOfficeHours(seedId: string, botId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hours: TOfficeHours) => api<TChatbotMessageResponse>(`${chatbotBase(seedId)}/${botId}/office-hours`, { method: 'PUT', body: hours }),
    onSuccess: () => qc.invalidateQueries({ queryKey: hoursKey(seedId, botId) }),
  });
}
