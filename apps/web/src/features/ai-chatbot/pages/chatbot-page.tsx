import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { ko } from '@suite/shared';
import { ZChatbotSourceInput, ZCreateChatbotInput, ZUpdateChatbotInput, type TChatbot } from '@suite/shared/schemas/chatbot';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useSeeds } from '@/lib/seed-context';
import { KnowledgeUsage } from '@/components/knowledge-usage';
import { useKnowledgeUsage, useSetKnowledgeAttachment } from '@/lib/knowledge-usage';
import { ApiError } from '@/lib/api';
import { useAddSource } from '../api/add-source';
import { useAnswerTicket } from '../api/answer-ticket';
import { useCreateBot } from '../api/create-bot';
import { useDeleteSource } from '../api/delete-source';
import { useFigures } from '../api/get-figures';
import { useTranscript } from '../api/get-transcript';
import { useBots } from '../api/list-bots';
import { useConversations } from '../api/list-conversations';
import { useSources } from '../api/list-sources';
import { useTickets } from '../api/list-tickets';
import { useUnanswered } from '../api/list-unanswered';
import { useUpdateBot } from '../api/update-bot';
import { FieldError } from '@/components/ui/field-error';

const c = ko.chatbot.console;
type TTab = keyof typeof c.tabs;

function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {error instanceof ApiError ? error.message : ko.errors.internal}
    </p>
  );
}

/** The shared create schema's name and origins, the origins typed as one text (comma or space separated); an invalid one is reported on that text. */
const ZCreateForm = ZCreateChatbotInput.pick({ name: true }).extend({
  allowedOrigins: z.string().transform((text, ctx) => {
    const r = ZCreateChatbotInput.shape.allowedOrigins.safeParse(text.split(/[\s,]+/).filter(Boolean));
    r.error?.issues.forEach((i) => ctx.addIssue({ code: 'custom', message: i.message }));
    return r.success ? r.data : z.NEVER;
  }),
});

/** /admin/services/ai-chatbot: bots, install snippet with a live preview, sources, conversations, unanswered questions, tickets, figures. */
export function ChatbotPage() {
  const { selected } = useSeeds();
  if (!selected) return <p className="text-sm text-muted-foreground">{c.noSeed}</p>;
  return <ChatbotConsole seedId={selected.id} canManage={selected.role === 'owner' || selected.role === 'admin'} />;
}

function ChatbotConsole({ seedId, canManage }: { seedId: string; canManage: boolean }) {
  const bots = useBots(seedId);
  const createBot = useCreateBot(seedId);
  const [botId, setBotId] = useState<string | null>(null);
  const bot = bots.data?.find((b) => b.id === botId) ?? bots.data?.[0];
  const { register, handleSubmit, formState, reset } = useForm<z.input<typeof ZCreateForm>, unknown, z.output<typeof ZCreateForm>>({
    resolver: zodResolver(ZCreateForm),
    defaultValues: { name: '', allowedOrigins: '' },
  });
  const err = formState.errors;
  const create = handleSubmit((v) => createBot.mutate(v, { onSuccess: (r) => (setBotId(r.id), reset()) }));
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
          <form onSubmit={create} noValidate className="grid gap-2 sm:grid-cols-[1fr_2fr_auto]">
            <div className="grid gap-1">
              <Input aria-label={c.name} placeholder={c.name} required maxLength={60} aria-invalid={err.name ? true : undefined} {...register('name')} />
              <FieldError message={err.name?.message} />
            </div>
            <div className="grid gap-1">
              <Input aria-label={c.origins} placeholder={c.origins} aria-invalid={err.allowedOrigins ? true : undefined} {...register('allowedOrigins')} />
              <FieldError message={err.allowedOrigins?.message} />
            </div>
            <Button type="submit" className="self-start" disabled={createBot.isPending}>
              {c.create}
            </Button>
          </form>
          <ErrorText error={createBot.error} />
        </CardContent>
      </Card>
      {bot && <BotPanel seedId={seedId} bot={bot} canManage={canManage} key={bot.id} />}
    </div>
  );
}

function BotPanel({ seedId, bot, canManage }: { seedId: string; bot: TChatbot; canManage: boolean }) {
  const [tab, setTab] = useState<TTab>('install');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{bot.name}</CardTitle>
        <div className="flex flex-wrap gap-1" role="tablist">
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
            <Install bot={bot} />
            <SlackNotice seedId={seedId} bot={bot} canManage={canManage} />
          </div>
        )}
        {tab === 'sources' && <Sources seedId={seedId} botId={bot.id} canManage={canManage} />}
        {tab === 'conversations' && <Conversations seedId={seedId} botId={bot.id} />}
        {tab === 'unanswered' && <Unanswered seedId={seedId} botId={bot.id} onDone={() => setTab('sources')} />}
        {tab === 'tickets' && <Tickets seedId={seedId} botId={bot.id} />}
        {tab === 'figures' && <Figures seedId={seedId} botId={bot.id} />}
      </CardContent>
    </Card>
  );
}

function Install({ bot }: { bot: TChatbot }) {
  const origin = window.location.origin;
  const snippet = `<script src="${origin}/widget.js" data-bot="${bot.id}" async></script>`;
  const [copied, setCopied] = useState(false);
  const srcDoc = `<!doctype html><html lang="ko"><body style="font-family:sans-serif;background:#f3f4f6"><p style="padding:16px">${c.preview}</p>${snippet}</body></html>`;
  return (
    <div className="space-y-3">
      <p className="text-sm break-keep">{c.snippet}</p>
      <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs" data-testid="chatbot-snippet">
        {snippet}
      </pre>
      <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(snippet).then(() => setCopied(true))}>
        {copied ? c.copied : c.copy}
      </Button>
      <p className="text-sm font-medium">{c.preview}</p>
      <iframe title={c.preview} srcDoc={srcDoc} className="h-[640px] w-full rounded-md border" />
    </div>
  );
}

const ZSlackChannelForm = ZUpdateChatbotInput.pick({ slackChannelId: true });

/** The Slack channel told of hand-offs (the seed's connected workspace; decision 026). */
function SlackNotice({ seedId, bot, canManage }: { seedId: string; bot: TChatbot; canManage: boolean }) {
  const usage = useKnowledgeUsage(seedId);
  const update = useUpdateBot(seedId);
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZSlackChannelForm>, unknown, z.output<typeof ZSlackChannelForm>>({
    resolver: zodResolver(ZSlackChannelForm),
    defaultValues: { slackChannelId: bot.slackChannelId ?? '' },
  });
  const error = formState.errors.slackChannelId?.message;
  const save = handleSubmit((patch) => update.mutate({ botId: bot.id, patch }));
  return (
    <form onSubmit={save} noValidate className="space-y-2">
      <p className="text-sm font-medium">{c.slackChannel}</p>
      <p className="text-xs text-muted-foreground break-keep">{usage.data?.slack ? c.slackChannelHint(usage.data.slack.teamName) : c.slackNotConnected}</p>
      <div className="flex gap-2">
        <Input
          aria-label={c.slackChannel}
          placeholder="C0123ABCD"
          disabled={!canManage}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          {...register('slackChannelId')}
        />
        <Button type="submit" size="sm" disabled={!canManage || update.isPending}>
          {c.save}
        </Button>
      </div>
      <FieldError message={error} />
      <ErrorText error={update.error} />
    </form>
  );
}

/** The kind picked with the buttons and its two inputs (question and answer, title and content, or the address). */
const ZSourceFields = z.object({ kind: z.enum(['faq', 'text', 'url']), a: z.string(), b: z.string() });
type TSourceFields = z.infer<typeof ZSourceFields>;
const sourceOf = (v: TSourceFields) =>
  v.kind === 'faq'
    ? { type: 'faq', question: v.a, answer: v.b }
    : v.kind === 'text'
      ? { type: 'markdown', title: v.a, content: v.b }
      : { type: 'url', url: v.a };
const inputOf: Record<string, 'a' | 'b'> = { answer: 'b', content: 'b' };

/** The two inputs as the source to add, checked by the shared schema; each issue lands under the input it came from. */
const ZSourceForm = ZSourceFields.transform((v, ctx) => {
  const r = ZChatbotSourceInput.safeParse(sourceOf(v));
  if (r.success) return r.data;
  for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: [inputOf[String(i.path[0])] ?? 'a'] });
  return z.NEVER;
});

function Sources({ seedId, botId, canManage }: { seedId: string; botId: string; canManage: boolean }) {
  const sources = useSources(seedId, botId);
  const addSource = useAddSource(seedId);
  const deleteSource = useDeleteSource(seedId);
  const usage = useKnowledgeUsage(seedId);
  const attach = useSetKnowledgeAttachment(seedId, () => void sources.refetch());
  const { register, handleSubmit, formState, reset, setValue, watch } = useForm<TSourceFields, unknown, z.output<typeof ZSourceForm>>({
    resolver: zodResolver(ZSourceForm),
    defaultValues: { kind: 'faq', a: '', b: '' },
  });
  const kind = watch('kind');
  const err = formState.errors;
  const submit = handleSubmit((input) => addSource.mutate({ botId, input }, { onSuccess: () => reset({ kind, a: '', b: '' }) }));
  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="space-y-2">
        <div className="flex gap-1">
          {(['faq', 'text', 'url'] as const).map((k) => (
            <Button key={k} type="button" size="sm" variant={kind === k ? 'secondary' : 'ghost'} aria-pressed={kind === k} onClick={() => setValue('kind', k)}>
              {c[k]}
            </Button>
          ))}
        </div>
        <Input
          aria-label={kind === 'faq' ? c.question : kind === 'text' ? c.titleLabel : c.url}
          placeholder={kind === 'faq' ? c.question : kind === 'text' ? c.titleLabel : 'https://'}
          required
          aria-invalid={err.a ? true : undefined}
          {...register('a')}
        />
        <FieldError message={err.a?.message} />
        {kind !== 'url' && (
          <>
            <Textarea
              aria-label={kind === 'faq' ? c.answer : c.content}
              placeholder={kind === 'faq' ? c.answer : c.content}
              required
              rows={4}
              aria-invalid={err.b ? true : undefined}
              {...register('b')}
            />
            <FieldError message={err.b?.message} />
          </>
        )}
        <Button type="submit" disabled={addSource.isPending}>
          {c.add}
        </Button>
        <ErrorText error={addSource.error} />
      </form>
      <ErrorText error={attach.error} />
      {sources.data?.length === 0 && <p className="text-sm text-muted-foreground">{c.noSources}</p>}
      <ul className="divide-y text-sm">
        {sources.data?.map((s) => (
          <li key={s.id} className="flex items-start justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="font-medium break-keep">{s.title}</p>
              <p className="text-xs text-muted-foreground">
                {s.type.toUpperCase()} · {c.passages(s.passages)}
                {s.url ? ` · ${s.url}` : ''}
              </p>
              {usage.data && (
                <KnowledgeUsage
                  usage={usage.data}
                  sourceId={s.id}
                  service="chatbot"
                  canManage={canManage}
                  busy={attach.isPending}
                  onChange={(input) => attach.mutate({ sourceId: s.id, input })}
                />
              )}
            </div>
            <Button size="sm" variant="ghost" onClick={() => deleteSource.mutate({ botId, id: s.id })}>
              {c.delete}
            </Button>
          </li>
        ))}
      </ul>
    </div>
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
          <b>{l.role === 'visitor' ? ko.chatbot.server.visitor : ko.chatbot.server.bot}:</b> {l.text}
        </li>
      ))}
    </ol>
  );
}

function Unanswered({ seedId, botId, onDone }: { seedId: string; botId: string; onDone: () => void }) {
  const list = useUnanswered(seedId, botId);
  const addSource = useAddSource(seedId);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  if (list.data?.length === 0) return <p className="text-sm text-muted-foreground">{c.noUnanswered}</p>;
  return (
    <ul className="space-y-3 text-sm">
      {list.data?.map((u) => (
        <li key={u.id} className="space-y-1">
          <p className="font-medium break-keep">{u.question}</p>
          <div className="flex gap-2">
            <Input
              aria-label={`${c.answer}: ${u.question}`}
              placeholder={c.answer}
              value={drafts[u.id] ?? ''}
              onChange={(e) => setDrafts({ ...drafts, [u.id]: e.target.value })}
            />
            <Button
              size="sm"
              disabled={!drafts[u.id]?.trim() || addSource.isPending}
              onClick={() => addSource.mutate({ botId, input: { type: 'faq', question: u.question, answer: drafts[u.id]! } }, { onSuccess: onDone })}
            >
              {c.toFaq}
            </Button>
          </div>
        </li>
      ))}
      <ErrorText error={addSource.error} />
    </ul>
  );
}

function Tickets({ seedId, botId }: { seedId: string; botId: string }) {
  const list = useTickets(seedId, botId);
  const answer = useAnswerTicket(seedId);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  if (list.data?.length === 0) return <p className="text-sm text-muted-foreground">{c.noTickets}</p>;
  return (
    <ul className="space-y-4 text-sm" data-testid="chatbot-tickets">
      {list.data?.map((t) => (
        <li key={t.id} className="space-y-2 rounded-md border p-3">
          <p className="font-medium">
            {t.name || t.email} · <span className="text-muted-foreground">{t.status === 'open' ? c.open : c.answered}</span>
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

function Figures({ seedId, botId }: { seedId: string; botId: string }) {
  const f = useFigures(seedId, botId).data;
  if (!f) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2 text-sm">
      <div>
        <p className="font-medium">{c.conversationsPerDay}</p>
        {f.conversationsPerDay.length === 0 ? (
          <p className="text-muted-foreground">{c.none}</p>
        ) : (
          <ul>
            {f.conversationsPerDay.map((d) => (
              <li key={d.day}>
                {d.day}: {d.conversations}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <p className="font-medium">{c.resolutionRate}</p>
        <p className="text-2xl">{f.resolutionRate === null ? '—' : `${Math.round(f.resolutionRate * 100)}%`}</p>
        <p className="font-medium mt-2">{c.thumbs}</p>
        <p className="flex items-center gap-2">
          <ThumbsUp className="size-4" aria-label={ko.chatbot.widget.helpful} /> {f.thumbsUp}
          <ThumbsDown className="size-4" aria-label={ko.chatbot.widget.notHelpful} /> {f.thumbsDown}
        </p>
      </div>
      <div className="sm:col-span-2">
        <p className="font-medium">{c.topQuestions}</p>
        {f.topQuestions.length === 0 ? (
          <p className="text-muted-foreground">{c.none}</p>
        ) : (
          <ol className="list-decimal pl-5">
            {f.topQuestions.map((q) => (
              <li key={q.question}>
                {q.question} ({q.count})
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
