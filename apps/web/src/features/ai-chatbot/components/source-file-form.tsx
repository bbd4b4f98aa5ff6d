import { useRef, useState } from 'react';
import { koChatbotSources } from '@suite/shared/messages/ko-chatbot-sources';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/field-error';
import { useUploadSourceFile } from '../api/upload-source-file';
import { ErrorText } from './error-text';

const u = koChatbotSources.ui;
const MAX_BYTES = 10 * 1_048_576;
/** PDF, Word and 한글 files; .hwp is offered too, so the server can say how to save it as .hwpx or PDF. */
const ACCEPT = '.pdf,.docx,.hwpx,.hwp,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The knowledge tab's file upload (issue 29): a PDF, Word (.docx) or 한글 (.hwpx) file with an optional title. */
export function SourceFileForm({ seedId, botId }: { seedId: string; botId: string }) {
  const upload = useUploadSourceFile(seedId);
  const fileRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return setProblem(u.fileMissing);
    if (file.size > MAX_BYTES) return setProblem(u.fileTooBig);
    setProblem(undefined);
    const name = (title.trim() || file.name.replace(/\.[^.]+$/, '') || file.name).slice(0, 200);
    upload.mutate(
      { botId, file, title: name },
      {
        onSuccess: () => {
          setTitle('');
          if (fileRef.current) fileRef.current.value = '';
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <Input aria-label={u.fileTitle} placeholder={u.fileTitle} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      <Input
        ref={fileRef}
        type="file"
        accept={ACCEPT}
        aria-label={u.fileLabel}
        aria-describedby="chatbot-file-help"
        aria-invalid={problem ? true : undefined}
        onChange={() => setProblem(undefined)}
      />
      <p id="chatbot-file-help" className="text-xs text-muted-foreground break-keep">
        {u.fileLabel} · {u.fileHint}
      </p>
      <FieldError message={problem} />
      <Button type="submit" disabled={upload.isPending}>
        {u.upload}
      </Button>
      <ErrorText error={upload.error} />
    </form>
  );
}
