import { useEffect, useState } from 'react';
import { koChatbotHandoff } from '@suite/shared/messages/ko-chatbot-handoff';
import type { TInboxChat } from '@suite/shared/schemas/chatbot-handoff';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Textarea } from '@/components/ui/textarea';
import { useMe } from '@/lib/me-api';
import { useInbox, useInboxAction, useInboxStream, usePresence, useSetPresence } from '../api/inbox';
import { ErrorText } from './error-text';

const c = koChatbotHandoff.console;
/** The heartbeat of '상담 가능' while this page is open; the server lets it lapse 90 s after the last one. */
const HEARTBEAT_MS = 30_000;

/** 상담함 (issue 29): live conversations of the bot, '상담 가능' for the signed-in member, and the chat with a customer. */
export function Inbox({ seedId, botId }: { seedId: string; botId: string }) {
  const chats = useInbox(seedId, botId);
  const live = useInboxStream(seedId, botId);
  const [open, setOpen] = useState<string | null>(null);
  const chat = chats.data?.find((x) => x.conversationId === open) ?? null;
  return (
    <div className="space-y-4">
      <Presence seedId={seedId} />
      <ErrorText error={chats.error} />
      <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
        <ul className="space-y-2 text-sm" aria-label={c.tab} data-live={live}>
          {chats.data?.length === 0 && <li className="text-muted-foreground break-keep">{c.empty}</li>}
          {chats.data?.map((x) => (
            <li key={x.conversationId}>
              <button
                type="button"
                aria-current={x.conversationId === open ? 'true' : undefined}
                onClick={() => setOpen(x.conversationId)}
                className={`w-full rounded-md border p-2 text-left ${x.conversationId === open ? 'ring-2 ring-primary' : ''}`}
              >
                <span className="block truncate font-medium">{x.transcript.find((l) => l.role === 'visitor')?.text ?? '—'}</span>
                <span className="text-xs text-muted-foreground">
                  {x.status === 'waiting' ? c.waiting : `${c.live} · ${x.agentName ?? ''}`} ·{' '}
                  {new Date(x.requestedAt).toLocaleTimeString('ko-KR', { timeZone: 'Asia/Seoul', hour: 'numeric', minute: '2-digit' })}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {chat ? <Chat seedId={seedId} botId={botId} chat={chat} /> : <p className="text-sm text-muted-foreground">{c.select}</p>}
      </div>
    </div>
  );
}

function Presence({ seedId }: { seedId: string }) {
  const presence = usePresence(seedId);
  const set = useSetPresence(seedId);
  const online = presence.data?.online ?? false;
  const { mutate } = set;
  // While on, beat every 30 s; closing the page (or this tab of the console) stops the beats and the server lets it lapse.
  useEffect(() => {
    if (!online) return;
    const timer = setInterval(() => mutate(true), HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [online, mutate]);
  return (
    <div className="space-y-1 rounded-md border p-3">
      <label className="flex items-center gap-2 text-sm font-medium">
        <Checkbox checked={online} disabled={!presence.data || set.isPending} onCheckedChange={(v) => set.mutate(v === true)} />
        {c.presence}
      </label>
      <p className="text-xs text-muted-foreground break-keep">{c.presenceHint}</p>
      <ErrorText error={set.error} />
    </div>
  );
}

function Chat({ seedId, botId, chat }: { seedId: string; botId: string; chat: TInboxChat }) {
  const me = useMe().data?.id;
  const act = useInboxAction(seedId, botId);
  const [text, setText] = useState('');
  const mine = chat.status === 'live' && chat.agentId === me;
  const who = (role: string) => (role === 'visitor' ? c.visitor : role === 'agent' ? c.agent : c.bot);
  return (
    <section className="space-y-3" aria-label={c.tab}>
      <ol className="max-h-96 space-y-1 overflow-y-auto rounded-md bg-muted p-2 text-sm" aria-live="polite">
        {chat.transcript.map((l) => (
          <li key={l.id} className="whitespace-pre-wrap break-words">
            <b>{who(l.role)}:</b> {l.text}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        {chat.status === 'waiting' && (
          <Button size="sm" disabled={act.isPending} onClick={() => act.mutate({ conversationId: chat.conversationId, action: 'take' })}>
            {c.take}
          </Button>
        )}
        {(chat.status === 'waiting' || mine) && (
          <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => act.mutate({ conversationId: chat.conversationId, action: 'end' })}>
            {c.end}
          </Button>
        )}
      </div>
      {mine && (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!text.trim()) return;
            act.mutate({ conversationId: chat.conversationId, action: 'reply', text }, { onSuccess: () => setText('') });
          }}
        >
          <Textarea aria-label={c.reply} rows={2} value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" size="sm" disabled={!text.trim() || act.isPending}>
            {c.send}
          </Button>
        </form>
      )}
      <ErrorText error={act.error} />
    </section>
  );
}
