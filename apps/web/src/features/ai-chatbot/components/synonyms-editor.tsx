import { useState } from 'react';
import { ko } from '@suite/shared';
import { ZChatbotSynonyms } from '@suite/shared/schemas/chatbot';
import { Textarea } from '@/components/ui/textarea';
import { useSynonyms } from '../api/get-synonyms';
import { useSaveSynonyms } from '../api/save-synonyms';
import { ErrorText } from './error-text';
import { LabelledField } from './labelled-field';
import { SaveFooter } from './save-footer';

const c = ko.chatbot.console;

/** One group a line, words separated by commas ('끊다, 등록하다, 결제하다'); blank lines are skipped. */
export const groupsOf = (text: string) =>
  text
    .split('\n')
    .map((line) =>
      line
        .split(/[,，、]/)
        .map((w) => w.trim())
        .filter(Boolean),
    )
    .filter((g) => g.length > 0);
export const textOf = (groups: readonly (readonly string[])[]) => groups.map((g) => g.join(', ')).join('\n');

/** The bot's own synonyms (설정 tab): word groups its FAQ matcher treats as one meaning. Checked by the shared schema, saved with PUT. */
export function SynonymsEditor({ seedId, botId, canManage }: { seedId: string; botId: string; canManage: boolean }) {
  const current = useSynonyms(seedId, botId);
  if (!current.data) return <ErrorText error={current.error} />;
  return <SynonymsForm seedId={seedId} botId={botId} canManage={canManage} initial={textOf(current.data.groups)} />;
}

function SynonymsForm({ seedId, botId, canManage, initial }: { seedId: string; botId: string; canManage: boolean; initial: string }) {
  const save = useSaveSynonyms(seedId);
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <form
      className="space-y-2 border-t pt-4"
      aria-label={c.synonymsTitle}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(null);
        const parsed = ZChatbotSynonyms.safeParse({ groups: groupsOf(text) });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const line = typeof issue.path[1] === 'number' ? issue.path[1] + 1 : null;
          setProblem(line ? `${c.synonymsLine(line)} ${issue.message}` : issue.message);
          return;
        }
        setProblem(undefined);
        save.mutate({ botId, input: parsed.data }, { onSuccess: (r) => (setSaved(r.message), setText(textOf(r.data.groups))) });
      }}
    >
      <p className="font-medium">{c.synonymsTitle}</p>
      <LabelledField id={`chatbot-synonyms-${botId}`} label={c.synonymsLabel} help={c.synonymsHelp} error={problem}>
        <Textarea rows={4} value={text} readOnly={!canManage} placeholder="끊다, 등록하다, 결제하다" onChange={(e) => setText(e.target.value)} />
      </LabelledField>
      <SaveFooter canManage={canManage} pending={save.isPending} saved={saved} error={save.error} />
    </form>
  );
}
