import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ko } from '@suite/shared';
import { ZChatbotSourceInput } from '@suite/shared/schemas/chatbot';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { FieldError } from '@/components/ui/field-error';
import { KnowledgeUsage } from '@/components/knowledge-usage';
import { useKnowledgeUsage, useSetKnowledgeAttachment } from '@/lib/knowledge-usage';
import { useAddSource } from '../api/add-source';
import { useDeleteSource } from '../api/delete-source';
import { useSources } from '../api/list-sources';
import { ErrorText } from './error-text';
import { FaqEntry } from './faq-entry';
import { SourceFileForm } from './source-file-form';
import { koChatbotSources } from '@suite/shared/messages/ko-chatbot-sources';

const c = ko.chatbot.console;
const u = koChatbotSources.ui;
const KINDS = ['faq', 'text', 'url', 'sitemap', 'file'] as const;
const kindLabel = (k: (typeof KINDS)[number]) => (k === 'sitemap' || k === 'file' ? u[k] : c[k]);

/** The kind picked with the buttons and its two inputs (question and answer, title and content, or the address). */
const ZSourceFields = z.object({ kind: z.enum(KINDS), a: z.string(), b: z.string(), p: z.string() });
type TSourceFields = z.infer<typeof ZSourceFields>;
/** An FAQ entry's other wordings, one a line. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const sourceOf = (v: TSourceFields) =>
  v.kind === 'faq'
    ? { type: 'faq', question: v.a, answer: v.b, phrasings: linesOf(v.p) }
    : v.kind === 'text'
      ? { type: 'markdown', title: v.a, content: v.b }
      : { type: v.kind === 'sitemap' ? 'sitemap' : 'url', url: v.a };
const inputOf: Record<string, 'a' | 'b' | 'p'> = { answer: 'b', content: 'b', phrasings: 'p' };

/** The two inputs as the source to add, checked by the shared schema; each issue lands under the input it came from. */
const ZSourceForm = ZSourceFields.transform((v, ctx) => {
  const r = ZChatbotSourceInput.safeParse(sourceOf(v));
  if (r.success) return r.data;
  for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: [inputOf[String(i.path[0])] ?? 'a'] });
  return z.NEVER;
});

/** The Korean name of a source's kind (never the raw "MARKDOWN"). */
export const sourceTypeLabel = (type: string) => c.sourceTypes[type] ?? u.types[type] ?? c.sourceTypes.text!;

/** The knowledge tab: add (owners and admins), list, where each source is used, delete. */
export function Sources({ seedId, botId, canManage }: { seedId: string; botId: string; canManage: boolean }) {
  const sources = useSources(seedId, botId);
  const deleteSource = useDeleteSource(seedId);
  const usage = useKnowledgeUsage(seedId);
  const attach = useSetKnowledgeAttachment(seedId, () => void sources.refetch());
  return (
    <div className="space-y-4">
      {canManage ? <AddSourceForm seedId={seedId} botId={botId} /> : <p className="text-sm text-muted-foreground break-keep">{c.readOnly}</p>}
      <ErrorText error={attach.error} />
      <ErrorText error={deleteSource.error} />
      {sources.data?.length === 0 && <p className="text-sm text-muted-foreground">{c.noSources}</p>}
      <ul className="divide-y text-sm">
        {sources.data?.map((s) => (
          <li key={s.id} className="flex items-start justify-between gap-2 py-2">
            <div className="min-w-0 flex-1 space-y-1">
              {s.type === 'faq' ? (
                <FaqEntry seedId={seedId} botId={botId} source={s} canManage={canManage} />
              ) : (
                <p className="font-medium break-keep">{s.title}</p>
              )}
              <p className="text-xs text-muted-foreground break-all">
                {sourceTypeLabel(s.type)} · {c.passages(s.passages)}
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
            {canManage && (
              <Button size="sm" variant="ghost" aria-label={`${c.delete}: ${s.title}`} onClick={() => deleteSource.mutate({ botId, id: s.id })}>
                {c.delete}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function AddSourceForm({ seedId, botId }: { seedId: string; botId: string }) {
  const addSource = useAddSource(seedId);
  const { register, handleSubmit, formState, reset, setValue, watch } = useForm<TSourceFields, unknown, z.output<typeof ZSourceForm>>({
    resolver: zodResolver(ZSourceForm),
    defaultValues: { kind: 'faq', a: '', b: '', p: '' },
  });
  const kind = watch('kind');
  const err = formState.errors;
  const submit = handleSubmit((input) => addSource.mutate({ botId, input }, { onSuccess: () => reset({ kind, a: '', b: '', p: '' }) }));
  const kinds = (
    <div className="flex flex-wrap gap-1">
      {KINDS.map((k) => (
        <Button key={k} type="button" size="sm" variant={kind === k ? 'secondary' : 'ghost'} aria-pressed={kind === k} onClick={() => setValue('kind', k)}>
          {kindLabel(k)}
        </Button>
      ))}
    </div>
  );
  if (kind === 'file')
    return (
      <div className="space-y-2">
        {kinds}
        <SourceFileForm seedId={seedId} botId={botId} />
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      {kinds}
      <Input
        aria-label={kind === 'faq' ? c.question : kind === 'text' ? c.titleLabel : kind === 'sitemap' ? u.sitemapUrl : c.url}
        placeholder={kind === 'faq' ? c.question : kind === 'text' ? c.titleLabel : 'https://'}
        required
        aria-invalid={err.a ? true : undefined}
        {...register('a')}
      />
      <FieldError message={err.a?.message} />
      {kind === 'sitemap' && <p className="text-xs text-muted-foreground break-keep">{u.sitemapHint(200)}</p>}
      {kind !== 'url' && kind !== 'sitemap' && (
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
      {kind === 'faq' && (
        <>
          <Textarea
            aria-label={c.phrasingsNew}
            aria-describedby="chatbot-new-phrasings-help"
            placeholder={c.phrasingsPlaceholder}
            rows={2}
            aria-invalid={err.p ? true : undefined}
            {...register('p')}
          />
          <p id="chatbot-new-phrasings-help" className="text-xs text-muted-foreground break-keep">
            {c.phrasingsHelp}
          </p>
          <FieldError message={err.p?.message} />
        </>
      )}
      <Button type="submit" disabled={addSource.isPending}>
        {c.add}
      </Button>
      <ErrorText error={addSource.error} />
    </form>
  );
}
