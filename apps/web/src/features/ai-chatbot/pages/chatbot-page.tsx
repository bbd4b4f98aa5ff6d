import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ko } from '@suite/shared';
import { koChatbotHandoff } from '@suite/shared/messages/ko-chatbot-handoff';
import type { TChatbot } from '@suite/shared/schemas/chatbot';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useSeeds } from '@/lib/seed-context';
import { useAnswerTicket } from '../api/answer-ticket';
import { useTranscript } from '../api/get-transcript';
import { useBots } from '../api/list-bots';
import { useConversations } from '../api/list-conversations';
import { useTickets } from '../api/list-tickets';
import { BotSettings } from '../components/bot-settings';
import { CreateBotForm } from '../components/create-bot-form';
import { ErrorText } from '../components/error-text';
import { Figures } from '../components/figures';
import { Inbox } from '../components/inbox';
import { OfficeHours } from '../components/inbox-hours';
import { Install } from '../components/install';
import { SlackNotice } from '../components/slack-notice';
import { Sources } from '../components/sources';
import { SynonymsEditor } from '../components/synonyms-editor';
import { LookupsEditor } from '../components/lookups-editor';
import { Unanswered } from '../components/unanswered';

const c = ko.chatbot.console;
type TTab = keyof typeof c.tabs;
const isTab = (v: string | null): v is TTab => v !== null && v in c.tabs;

/**
 * /admin/services/ai-chatbot: bots, install snippet with a live preview, settings, sources, conversations, unanswered
 * questions, tickets, figures. `?seed=<id>&bot=<id>&tab=<tab>&ticket=<id>` (the hand-off mail's link) opens that bot's tab and
 * shows that ticket; a link with a ticket and no tab opens the tickets tab.
 */
export function ChatbotPage() {
  const { selected, seeds, select } = useSeeds();
  const [params] = useSearchParams();
  // A link from a mail names the bot's seed: switch to it when it is one of the user's seeds.
  const linkedSeed = seeds?.find((x) => x.id === params.get('seed'));
  useEffect(() => {
    if (linkedSeed && selected?.id !== linkedSeed.id) select(linkedSeed);
  }, [linkedSeed, selected?.id, select]);
  if (linkedSeed && selected?.id !== linkedSeed.id) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  if (!selected) return <p className="text-sm text-muted-foreground">{c.noSeed}</p>;
  return <ChatbotConsole seedId={selected.id} canManage={selected.role === 'owner' || selected.role === 'admin'} />;
}

function ChatbotConsole({ seedId, canManage }: { seedId: string; canManage: boolean }) {
  const [params] = useSearchParams();
  const bots = useBots(seedId);
  const [botId, setBotId] = useState<string | null>(params.get('bot'));
  const bot = bots.data?.find((b) => b.id === botId) ?? bots.data?.[0];
  const linked = bot && bot.id === params.get('bot');
  const linkedTab = params.get('tab');
  const initialTab: TTab = linked && isTab(linkedTab) ? linkedTab : linked && params.get('ticket') ? 'tickets' : 'install';
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-semibold">{c.title}</h2>
        <p className="text-sm text-muted-foreground break-keep">{c.intro}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{c.bots}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {bots.data?.length === 0 && <p className="text-sm text-muted-foreground">{c.noBots}</p>}
          <div className="flex flex-wrap gap-2" role="tablist" aria-label={c.bots}>
            {bots.data?.map((b) => (
              <Button
                key={b.id}
                role="tab"
                aria-selected={b.id === bot?.id}
                variant={b.id === bot?.id ? 'default' : 'outline'}
                size="sm"
                onClick={() => setBotId(b.id)}
              >
                {b.name}
              </Button>
            ))}
          </div>
          {canManage ? <CreateBotForm seedId={seedId} onCreated={setBotId} /> : <p className="text-sm text-muted-foreground break-keep">{c.readOnly}</p>}
        </CardContent>
      </Card>
      {bot && (
        <BotPanel
          seedId={seedId}
          bot={bot}
          canManage={canManage}
          key={bot.id}
          initialTab={initialTab}
          ticketId={linked ? params.get('ticket') : null}
          onDeleted={() => setBotId(null)}
        />
      )}
    </div>
  );
}

function BotPanel({
  seedId,
  bot,
  canManage,
  initialTab,
  ticketId,
  onDeleted,
}: {
  seedId: string;
  bot: TChatbot;
  canManage: boolean;
  initialTab: TTab;
  ticketId: string | null;
  onDeleted: () => void;
}) {
  const [tab, setTab] = useState<TTab>(initialTab);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{bot.name}</CardTitle>
        <div className="flex flex-wrap gap-1" role="tablist" aria-label={bot.name}>
          {(Object.keys(c.tabs) as TTab[]).map((k) => (
            <Button key={k} role="tab" aria-selected={tab === k} size="sm" variant={tab === k ? 'secondary' : 'ghost'} onClick={() => setTab(k)}>
              {c.tabs[k]}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        {tab === 'install' && (
          <div className="space-y-6">
            <Install seedId={seedId} bot={bot} canManage={canManage} />
            <SlackNotice seedId={seedId} bot={bot} canManage={canManage} />
          </div>
        )}
        {tab === 'settings' && (
          <div className="space-y-6">
            <BotSettings seedId={seedId} bot={bot} canManage={canManage} onDeleted={onDeleted} />
            <SynonymsEditor seedId={seedId} botId={bot.id} canManage={canManage} />
            <LookupsEditor seedId={seedId} botId={bot.id} canManage={canManage} />
            <OfficeHours seedId={seedId} botId={bot.id} canManage={canManage} />
          </div>
        )}
        {tab === 'sources' && <Sources seedId={seedId} botId={bot.id} canManage={canManage} />}
        {tab === 'conversations' && <Conversations seedId={seedId} botId={bot.id} />}
        {tab === 'unanswered' && <Unanswered seedId={seedId} botId={bot.id} canManage={canManage} onDone={() => setTab('sources')} />}
        {tab === 'tickets' && <Tickets seedId={seedId} botId={bot.id} focusId={ticketId} />}
        {tab === 'inbox' && <Inbox seedId={seedId} botId={bot.id} />}
        {tab === 'figures' && <Figures seedId={seedId} botId={bot.id} />}
      </CardContent>
    </Card>
  );
}

function Conversations({ seedId, botId }: { seedId: string; botId: string }) {
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const list = useConversations(seedId, botId, q);
  return (
    <div className="space-y-3">
      <Input type="search" aria-label={c.search} placeholder={c.search} value={q} onChange={(e) => setQ(e.target.value)} />
      {list.data?.length === 0 && <p className="text-sm text-muted-foreground">{c.noConversations}</p>}
      <ul className="divide-y text-sm">
        {list.data?.map((v) => (
          <li key={v.id} className="py-2">
            <button type="button" className="w-full text-left" aria-expanded={open === v.id} onClick={() => setOpen(open === v.id ? null : v.id)}>
              <span className="font-medium">{v.first ?? '—'}</span>{' '}
              <span className="text-xs text-muted-foreground">
                {new Date(v.createdAt).toLocaleString('ko-KR')} · {c.messages(v.messages)}
                {v.handedOff ? ` · ${c.handedOff}` : ''}
              </span>
            </button>
            {open === v.id && <Transcript seedId={seedId} botId={botId} id={v.id} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Transcript({ seedId, botId, id }: { seedId: string; botId: string; id: string }) {
  const t = useTranscript(seedId, botId, id);
  return (
    <ol className="mt-2 space-y-1 rounded-md bg-muted p-2 text-xs">
      {t.data?.map((l) => (
        <li key={l.id} className="whitespace-pre-wrap">
          <b>{l.role === 'visitor' ? ko.chatbot.server.visitor : l.role === 'agent' ? koChatbotHandoff.server.agentLabel : ko.chatbot.server.bot}:</b> {l.text}
        </li>
      ))}
    </ol>
  );
}

function Tickets({ seedId, botId, focusId }: { seedId: string; botId: string; focusId: string | null }) {
  const list = useTickets(seedId, botId);
  const answer = useAnswerTicket(seedId);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const focused = useRef<HTMLLIElement | null>(null);
  const hasFocus = Boolean(focusId && list.data?.some((t) => t.id === focusId));
  useEffect(() => {
    if (hasFocus) focused.current?.scrollIntoView?.({ block: 'start' });
  }, [hasFocus]);
  if (list.data?.length === 0) return <p className="text-sm text-muted-foreground">{c.noTickets}</p>;
  return (
    <ul className="space-y-4 text-sm" data-testid="chatbot-tickets">
      {list.data?.map((t) => (
        <li
          key={t.id}
          ref={t.id === focusId ? focused : undefined}
          aria-current={t.id === focusId ? 'true' : undefined}
          className={`space-y-2 rounded-md border p-3 ${t.id === focusId ? 'ring-2 ring-primary' : ''}`}
        >
          <p className="font-medium">
            {t.name || t.email} · <span className="text-muted-foreground">{t.status === 'open' ? c.open : c.answered}</span>
          </p>
          <p className="text-xs text-muted-foreground break-all">
            {c.ticketEmail(t.email)} · {new Date(t.createdAt).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' })}
          </p>
          <pre className="whitespace-pre-wrap rounded bg-muted p-2 text-xs">{t.transcript}</pre>
          {t.status === 'open' ? (
            <div className="space-y-1">
              <Textarea aria-label={c.answer} value={drafts[t.id] ?? ''} onChange={(e) => setDrafts({ ...drafts, [t.id]: e.target.value })} rows={3} />
              <Button size="sm" disabled={!drafts[t.id]?.trim() || answer.isPending} onClick={() => answer.mutate({ botId, id: t.id, answer: drafts[t.id]! })}>
                {c.sendAnswer}
              </Button>
            </div>
          ) : (
            <p className="whitespace-pre-wrap">{t.answer}</p>
          )}
        </li>
      ))}
      <ErrorText error={answer.error} />
    </ul>
  );
}
