import { useState } from 'react';
import { X } from 'lucide-react';
import { ko } from '@suite/shared';
import type { TChatbotSource } from '@suite/shared/schemas/chatbot';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useEditFaq } from '../api/edit-faq';
import { ErrorText } from './error-text';

const c = ko.chatbot.console;

/**
 * An FAQ entry of the knowledge tab (issue 29): its question and answer (editable by owners and admins) and its
 * 다른 표현 (phrasings) as chips, each removable, with an input to add one. Every change is one PATCH of the entry.
 */
export function FaqEntry({ seedId, botId, source, canManage }: { seedId: string; botId: string; source: TChatbotSource; canManage: boolean }) {
  const edit = useEditFaq(seedId);
  const [editing, setEditing] = useState(false);
  const [question, setQuestion] = useState(source.question ?? source.title);
  const [answer, setAnswer] = useState(source.answer ?? '');
  const [phrasing, setPhrasing] = useState('');
  const send = (input: Parameters<typeof edit.mutate>[0]['input'], onSuccess?: () => void) =>
    edit.mutate({ botId, sourceId: source.id, input }, { onSuccess: () => onSuccess?.() });
  const phrasingsId = `faq-phrasings-${source.id}`;
  return (
    <div className="min-w-0 space-y-2">
      {editing ? (
        <form
          className="space-y-2"
          aria-label={`${c.editFaq}: ${source.title}`}
          onSubmit={(e) => {
            e.preventDefault();
            send({ question, answer }, () => setEditing(false));
          }}
        >
          <Input aria-label={c.question} value={question} maxLength={300} onChange={(e) => setQuestion(e.target.value)} />
          <Textarea aria-label={c.answer} value={answer} rows={3} maxLength={4000} onChange={(e) => setAnswer(e.target.value)} />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={edit.isPending || !question.trim() || !answer.trim()}>
              {c.save}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
              {c.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex items-start gap-2">
          <div className="min-w-0">
            <p className="font-medium break-keep">{source.question ?? source.title}</p>
            <p className="whitespace-pre-wrap text-muted-foreground break-keep">{source.answer}</p>
          </div>
          {canManage && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={`${c.editFaq}: ${source.title}`}
              onClick={() => (setQuestion(source.question ?? source.title), setAnswer(source.answer ?? ''), setEditing(true))}
            >
              {c.editFaq}
            </Button>
          )}
        </div>
      )}
      <div className="space-y-1" role="group" aria-labelledby={`${phrasingsId}-label`}>
        <p id={`${phrasingsId}-label`} className="text-xs font-medium">
          {c.phrasings}
        </p>
        {source.phrasings.length === 0 ? (
          <p className="text-xs text-muted-foreground">{c.noPhrasings}</p>
        ) : (
          <ul className="flex flex-wrap gap-1" aria-label={`${c.phrasings}: ${source.title}`}>
            {source.phrasings.map((p) => (
              <li key={p} className="flex items-center gap-1 rounded-full border bg-muted px-2 py-0.5 text-xs break-keep">
                {p}
                {canManage && (
                  <button
                    type="button"
                    className="rounded-full hover:bg-background"
                    aria-label={c.removePhrasing(p)}
                    disabled={edit.isPending}
                    onClick={() => send({ phrasings: source.phrasings.filter((x) => x !== p) })}
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canManage && (
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (phrasing.trim()) send({ addPhrasing: phrasing.trim() }, () => setPhrasing(''));
            }}
          >
            <Input
              aria-label={`${c.addPhrasing}: ${source.title}`}
              aria-describedby={`${phrasingsId}-help`}
              placeholder={c.addPhrasing}
              value={phrasing}
              maxLength={300}
              onChange={(e) => setPhrasing(e.target.value)}
            />
            <Button type="submit" size="sm" variant="secondary" disabled={edit.isPending || !phrasing.trim()}>
              {c.add}
            </Button>
          </form>
        )}
        {canManage && (
          <p id={`${phrasingsId}-help`} className="text-xs text-muted-foreground break-keep">
            {c.phrasingsHelp}
          </p>
        )}
      </div>
      <ErrorText error={edit.error} />
    </div>
  );
}
