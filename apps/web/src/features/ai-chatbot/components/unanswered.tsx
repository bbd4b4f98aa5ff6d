import { useState } from 'react';
import { ThumbsDown } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAddSource } from '../api/add-source';
import { useEditFaq } from '../api/edit-faq';
import { useUnanswered } from '../api/list-unanswered';
import { ErrorText } from './error-text';

const c = ko.chatbot.console;

/**
 * 답하지 못한 질문 (issue 29): questions the bot refused and answers a visitor gave a thumbs-down, not yet handled.
 * Each shows the FAQ entry it comes closest to (or the one the visitor chose among the bot's suggestions, decision 096); one click adds the question as that entry's phrasing (PATCH with
 * the message's id, so the server marks it handled and it leaves the list). Or the owner writes a new FAQ entry from
 * it (then marked handled on that entry the same way).
 */
export function Unanswered({ seedId, botId, canManage, onDone }: { seedId: string; botId: string; canManage: boolean; onDone: () => void }) {
  const list = useUnanswered(seedId, botId);
  const addSource = useAddSource(seedId);
  const teach = useEditFaq(seedId);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [taught, setTaught] = useState<string | null>(null);
  if (list.data?.length === 0)
    return (
      <div className="space-y-2 text-sm">
        {taught && <p role="status">{taught}</p>}
        <p className="text-muted-foreground">{c.noUnanswered}</p>
      </div>
    );
  return (
    <div className="space-y-3 text-sm">
      <p className="text-xs text-muted-foreground break-keep">{c.unansweredHelp}</p>
      {taught && <p role="status">{taught}</p>}
      <ErrorText error={teach.error} />
      <ul className="space-y-4" aria-label={c.tabs.unanswered}>
        {list.data?.map((u) => (
          <li key={u.id} className="space-y-2 rounded-md border p-3">
            <p className="font-medium break-keep">{u.question}</p>
            {u.kind === 'thumbsDown' && (
              <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground break-keep">
                <ThumbsDown className="size-3" aria-hidden /> {c.thumbsDownBadge}
                {u.answeredWith ? ` · ${c.answeredWith(u.answeredWith)}` : ''}
              </p>
            )}
            {u.suggestion ? (
              <div className="space-y-1">
                {u.suggestion.chosen ? (
                  // The visitor picked this entry among the bot's suggestions (decision 096): stronger than the matcher's guess.
                  <p className="text-xs font-medium break-keep" title={c.chosenHelp}>
                    {c.chosenByVisitor(u.suggestion.question)}
                  </p>
                ) : (
                  <p className="text-xs text-muted-foreground break-keep">{c.suggested(u.suggestion.question)}</p>
                )}
                {canManage && (
                  <Button
                    size="sm"
                    variant="secondary"
                    className="h-auto whitespace-normal text-left break-keep"
                    disabled={teach.isPending}
                    onClick={() =>
                      teach.mutate(
                        { botId, sourceId: u.suggestion!.sourceId, input: { addPhrasing: u.question, messageId: u.id } },
                        { onSuccess: (r) => setTaught(r.message) },
                      )
                    }
                  >
                    {c.teach(u.suggestion.question)}
                  </Button>
                )}
              </div>
            ) : (
              <p className="text-xs text-muted-foreground break-keep">{c.noSuggestion}</p>
            )}
            {canManage && (
              <div className="space-y-1">
                <p className="text-xs text-muted-foreground">{c.orNewFaq}</p>
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
                    onClick={() =>
                      addSource.mutate(
                        { botId, input: { type: 'faq', question: u.question, answer: drafts[u.id]! } },
                        // The new entry's question is this question: marking it taught there takes it off the list.
                        {
                          onSuccess: (r) =>
                            teach.mutate({ botId, sourceId: r.data.id, input: { addPhrasing: u.question, messageId: u.id } }, { onSuccess: onDone }),
                        },
                      )
                    }
                  >
                    {c.toFaq}
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ErrorText error={addSource.error} />
    </div>
  );
}
