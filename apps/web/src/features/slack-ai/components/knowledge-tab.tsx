import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Trash2 } from 'lucide-react';
import { toast, toastError } from '@/lib/toast';
import { ko, ZSlackDocumentInput, ZSlackPdfQuery, type TSlackWorkspace } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDebounced } from '@/lib/use-debounced';
import { KnowledgeUsage } from '@/components/knowledge-usage';
import { useKnowledgeUsage, useSetKnowledgeAttachment } from '@/lib/knowledge-usage';
import { useAddSlackDocument } from '../api/create-document';
import { useDeleteSlackDocument } from '../api/delete-document';
import { useSlackDocuments } from '../api/list-documents';
import { useSlackSearch } from '../api/search-documents';
import { useUploadSlackPdf } from '../api/upload-pdf';
import { FieldError } from '@/components/ui/field-error';

const t = ko.slack.ui.knowledge;
const KINDS = ['markdown', 'text', 'qa', 'url', 'pdf'] as const;

/** A PDF upload (its own request): a file of at most 10 MB first, then its title (without a file there is no name to fall back on). */
const ZPdfUpload = z
  .looseObject({ file: z.instanceof(File, { error: t.fileRequired }).refine((f) => f.size <= 10 * 1_048_576, ko.slack.server.pdfTooLarge) })
  .pipe(ZSlackPdfQuery.extend({ kind: z.literal('pdf'), file: z.instanceof(File) }));

const ZFields = z.object({ kind: z.enum(KINDS), title: z.string(), content: z.string(), url: z.string(), file: z.custom<FileList | null>() });
type TFields = z.infer<typeof ZFields>;

/** The inputs as the request: the title input is a Q&A's question and the content its answer; a PDF without a title takes its file name. */
function request(v: TFields) {
  const file = v.file?.[0];
  if (v.kind === 'pdf') return { kind: v.kind, file, title: v.title.trim() || file?.name.replace(/\.pdf$/i, '') || '' };
  if (v.kind === 'qa') return { kind: v.kind, question: v.title, answer: v.content };
  if (v.kind === 'url') return { kind: v.kind, url: v.url, ...(v.title.trim() ? { title: v.title } : {}) };
  return { kind: v.kind, title: v.title, content: v.content };
}
const inputOf: Record<string, keyof TFields> = { question: 'title', answer: 'content' };

/** Checked by the shared schemas; each issue lands under the input it came from. */
const ZAddForm = ZFields.transform((v, ctx) => {
  const body = request(v);
  const r = body.kind === 'pdf' ? ZPdfUpload.safeParse(body) : ZSlackDocumentInput.safeParse(body);
  if (r.success) return r.data;
  for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: [inputOf[String(i.path[0])] ?? String(i.path[0])] });
  return z.NEVER;
});

function AddForm({ id }: { id: string }) {
  const add = useAddSlackDocument(id);
  const upload = useUploadSlackPdf(id);
  const { register, handleSubmit, formState, reset, setError, watch } = useForm<TFields, unknown, z.output<typeof ZAddForm>>({
    resolver: zodResolver(ZAddForm),
    defaultValues: { kind: 'markdown', title: '', content: '', url: '', file: null },
  });
  const kind = watch('kind');
  const err = formState.errors;
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async (v) => {
    try {
      const r = v.kind === 'pdf' ? await upload.mutateAsync(v) : await add.mutateAsync(v);
      toast.success(r.message);
      reset({ kind: v.kind, title: '', content: '', url: '', file: null });
    } catch (e) {
      setError('root', { message: (e as Error).message });
    }
  });

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <div className="grid gap-1.5 sm:w-48">
        <Label htmlFor="kb-kind">{ko.slack.ui.logs.kind}</Label>
        <NativeSelect id="kb-kind" {...register('kind')}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t.kinds[k]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {kind === 'url' ? (
        <div className="grid gap-1.5">
          <Label htmlFor="kb-url">{t.urlLabel}</Label>
          <Input id="kb-url" type="url" placeholder="https://" aria-invalid={err.url ? true : undefined} {...register('url')} />
          <FieldError message={err.url?.message} />
        </div>
      ) : null}
      {kind === 'pdf' ? (
        <div className="grid gap-1.5">
          <Label htmlFor="kb-file">{t.fileLabel}</Label>
          <Input id="kb-file" type="file" accept="application/pdf,.pdf" aria-invalid={err.file ? true : undefined} {...register('file')} />
          <FieldError message={err.file?.message} />
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="kb-title">{kind === 'qa' ? t.questionLabel : t.titleLabel}</Label>
        <Input id="kb-title" aria-invalid={err.title ? true : undefined} {...register('title')} />
        <FieldError message={err.title?.message} />
      </div>
      {kind !== 'url' && kind !== 'pdf' ? (
        <div className="grid gap-1.5">
          <Label htmlFor="kb-content">{kind === 'qa' ? t.answerLabel : t.contentLabel}</Label>
          <Textarea id="kb-content" rows={kind === 'qa' ? 3 : 8} aria-invalid={err.content ? true : undefined} {...register('content')} />
          <FieldError message={err.content?.message} />
        </div>
      ) : null}
      <FieldError message={err.root?.message} />
      <Button type="submit" className="w-fit" disabled={busy}>
        {busy ? t.adding : t.add}
      </Button>
    </form>
  );
}

function SearchTest({ id }: { id: string }) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const r = useSlackSearch(id, q);
  return (
    <div className="grid gap-2">
      <Label htmlFor="kb-search">{t.searchTest}</Label>
      <Input id="kb-search" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t.searchTestPlaceholder} />
      {r.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {r.error.message}
        </p>
      ) : null}
      {q && r.data ? (
        r.data.length ? (
          <ol className="grid gap-2 text-sm" aria-label={t.searchTest}>
            {r.data.map((h, i) => (
              <li key={`${h.document_id}-${i}`} className="rounded-md border p-2">
                <p className="font-medium">
                  {i + 1}. {h.title}
                </p>
                <p className="line-clamp-3 whitespace-pre-wrap text-muted-foreground">{h.content}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">{t.searchNoResult}</p>
        )
      ) : null}
    </div>
  );
}

/** Documents and Q&A the assistant answers from (text, Markdown, Q&A, a web page, re-fetched daily; decision 026). */
export function KnowledgeTab({ ws }: { ws: TSlackWorkspace }) {
  const docs = useSlackDocuments(ws.id);
  const del = useDeleteSlackDocument(ws.id);
  const usage = useKnowledgeUsage(ws.seed_id);
  const attach = useSetKnowledgeAttachment(ws.seed_id, () => void docs.refetch());
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t.title}</CardTitle>
          <CardDescription className="break-keep">{t.hint}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {ws.can_manage ? <AddForm id={ws.id} /> : <p className="text-sm text-muted-foreground">{ko.slack.ui.settings.managersOnly}</p>}
        </CardContent>
      </Card>
      <div className="grid content-start gap-4">
        <Card>
          <CardContent className="p-5">
            <SearchTest id={ws.id} />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="p-0">
            {docs.isError ? (
              <p role="alert" className="p-4 text-sm text-destructive">
                {docs.error.message}
              </p>
            ) : null}
            {docs.data && !docs.data.length ? <p className="p-4 text-sm text-muted-foreground">{t.empty}</p> : null}
            <ul aria-label={t.title}>
              {docs.data?.map((d) => (
                <li key={d.id} className="flex items-start justify-between gap-3 border-b p-3 last:border-0">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{d.title}</p>
                    <p className="text-xs text-muted-foreground">
                      {t.kinds[d.kind] ?? d.kind} · {t.passages(d.passages)}
                      {d.embedded_passages === null
                        ? null
                        : ` · ${d.embedded_passages >= d.passages ? t.embedded : t.embedding(d.embedded_passages, d.passages)}`}{' '}
                      · {new Date(d.created_at).toLocaleDateString('ko-KR')}
                    </p>
                    {d.source_url ? <p className="truncate text-xs text-muted-foreground">{d.source_url}</p> : null}
                    {usage.data ? (
                      <KnowledgeUsage
                        usage={usage.data}
                        sourceId={d.id}
                        service="slack"
                        canManage={ws.can_manage}
                        busy={attach.isPending}
                        onChange={(input) => attach.mutate({ sourceId: d.id, input }, { onError: (err) => toastError(err) })}
                      />
                    ) : null}
                  </div>
                  {ws.can_manage ? (
                    <Button variant="ghost" size="sm" onClick={() => setDeleting({ id: d.id, title: d.title })} aria-label={`${t.delete}: ${d.title}`}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t.delete}
        message={deleting ? t.deleteConfirm(deleting.title) : ''}
        confirmLabel={t.delete}
        destructive
        busy={del.isPending}
        onOpenChange={(o) => !o && setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          del.mutate(deleting.id, {
            onSuccess: (r) => {
              toast.success(r.message);
              setDeleting(null);
            },
            onError: (err) => toastError(err),
          });
        }}
      />
    </div>
  );
}
