import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { ko } from '@suite/shared';
import type { TChatbotFigures } from '@suite/shared/schemas/chatbot';
import { useFigures } from '../api/get-figures';

const c = ko.chatbot.console;

/** The answer rate of a week in whole percent, '—' without questions. */
export const weekRate = (w: { questions: number; answered: number }) => (w.questions ? `${Math.round((w.answered / w.questions) * 100)}%` : '—');

/** 지표: conversations per day, resolution rate, thumbs, the answer rate per week (last 8), top questions. */
export function Figures({ seedId, botId }: { seedId: string; botId: string }) {
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
        <p className="text-xs text-muted-foreground break-keep">{c.resolutionHelp}</p>
        <p className="font-medium mt-2">{c.thumbs}</p>
        <p className="flex items-center gap-2">
          <ThumbsUp className="size-4" aria-label={ko.chatbot.widget.helpful} /> {f.thumbsUp}
          <ThumbsDown className="size-4" aria-label={ko.chatbot.widget.notHelpful} /> {f.thumbsDown}
        </p>
      </div>
      <Weekly weekly={f.weekly} />
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

/** The answer rate per Asia/Seoul week (server-computed), oldest first, with a bar per week. */
function Weekly({ weekly }: { weekly: TChatbotFigures['weekly'] }) {
  return (
    <div className="sm:col-span-2 space-y-1">
      <p className="font-medium" id="chatbot-weekly-title">
        {c.weeklyTitle}
      </p>
      <p className="text-xs text-muted-foreground break-keep">{c.weeklyHelp}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-xs" aria-labelledby="chatbot-weekly-title">
          <thead>
            <tr className="text-muted-foreground">
              <th className="py-1 pr-2 font-normal">{c.weekStart}</th>
              <th className="py-1 pr-2 font-normal">{c.weekQuestions}</th>
              <th className="py-1 pr-2 font-normal">{c.weekAnswered}</th>
              <th className="py-1 font-normal">{c.weekRate}</th>
            </tr>
          </thead>
          <tbody>
            {weekly.map((w) => (
              <tr key={w.weekStart} className="border-t">
                <td className="py-1 pr-2 whitespace-nowrap">{c.weekOf(w.weekStart)}</td>
                <td className="py-1 pr-2">{w.questions}</td>
                <td className="py-1 pr-2">{w.answered}</td>
                <td className="py-1">
                  <span className="inline-flex items-center gap-2">
                    <span className="inline-block h-2 w-16 rounded bg-muted" aria-hidden>
                      <span
                        className="block h-2 rounded bg-primary"
                        style={{ width: w.questions ? `${Math.round((w.answered / w.questions) * 100)}%` : '0%' }}
                      />
                    </span>
                    {weekRate(w)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
