import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { ko, ZSlackDocumentInput, type TSlackWorkspace } from '@suite/shared';
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
import { useAddSlackDocument, useDeleteSlackDocument, useSlackDocuments, useSlackSearch, useUploadSlackPdf } from '../api/slack';

const t = ko.slack.ui.knowledge;
type TKind = 'text' | 'markdown' | 'qa' | 'url' | 'pdf';

function AddForm({ id }: { id: string }) {
  const [kind, setKind] = useState<TKind>('markdown');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useAddSlackDocument(id);
  const upload = useUploadSlackPdf(id);
  const busy = add.isPending || upload.isPending;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (kind === 'pdf') {
      const pdfTitle = title.trim() || file?.name.replace(/\.pdf$/i, '') || '';
      if (!file) return setError(t.fileRequired);
      if (!pdfTitle) return setError(ko.slack.validation.titleRequired);
      if (file.size > 10 * 1_048_576) return setError(ko.slack.server.pdfTooLarge);
      setError(null);
      try {
        const r = await upload.mutateAsync({ file, title: pdfTitle });
        toast.success(r.message);
        setTitle('');
        setFile(null);
        (e.target as HTMLFormElement).reset();
      } catch (err) {
        setError((err as Error).message);
      }
      return;
    }
    const body =
      kind === 'qa'
        ? { kind, question: title, answer: content }
        : kind === 'url'
          ? { kind, url, ...(title.trim() ? { title } : {}) }
          : { kind, title, content };
    const parsed = ZSlackDocumentInput.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ko.errors.validation);
      return;
    }
    setError(null);
    try {
      const r = await add.mutateAsync(parsed.data);
      toast.success(r.message);
      setTitle('');
      setContent('');
      setUrl('');
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <form className="grid gap-3" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="grid gap-1.5 sm:w-48">
        <Label htmlFor="kb-kind">{ko.slack.ui.logs.kind}</Label>
        <NativeSelect id="kb-kind" value={kind} onChange={(e) => setKind(e.target.value as TKind)}>
          {(['markdown', 'text', 'qa', 'url', 'pdf'] as const).map((k) => (
            <option key={k} value={k}>
              {t.kinds[k]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {kind === 'url' ? (
        <div className="grid gap-1.5">
          <Label htmlFor="kb-url">{t.urlLabel}</Label>
          <Input id="kb-url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" />
        </div>
      ) : null}
      {kind === 'pdf' ? (
        <div className="grid gap-1.5">
          <Label htmlFor="kb-file">{t.fileLabel}</Label>
          <Input id="kb-file" type="file" accept="application/pdf,.pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="kb-title">{kind === 'qa' ? t.questionLabel : t.titleLabel}</Label>
        <Input id="kb-title" value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      {kind !== 'url' && kind !== 'pdf' ? (
        <div className="grid gap-1.5">
          <Label htmlFor="kb-content">{kind === 'qa' ? t.answerLabel : t.contentLabel}</Label>
          <Textarea id="kb-content" value={content} onChange={(e) => setContent(e.target.value)} rows={kind === 'qa' ? 3 : 8} />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
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
                        onChange={(input) => attach.mutate({ sourceId: d.id, input }, { onError: (err) => toast.error(err.message) })}
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
            onError: (err) => toast.error(err.message),
          });
        }}
      />
    </div>
  );
}
