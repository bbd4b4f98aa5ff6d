import { useState } from 'react';
import { NoResults } from '@/components/no-results';
import { Search } from 'lucide-react';
import { ko, type TSlackLogEntry } from '@suite/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useDebounced } from '@/lib/use-debounced';
import { useSlackLogs } from '../api/list-logs';

const t = ko.slack.ui.logs;

function Entry({ e }: { e: TSlackLogEntry }) {
  const tokens = e.prompt_tokens + e.completion_tokens;
  return (
    <li className="grid gap-1.5 border-b p-3 last:border-0">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <time dateTime={e.created_at}>{new Date(e.created_at).toLocaleString('ko-KR')}</time>
        <Badge variant="outline">{t.kinds[e.kind] ?? e.kind}</Badge>
        <Badge variant={e.status === 'answered' ? 'success' : e.status === 'failed' ? 'destructive' : e.status === 'pending' ? 'muted' : 'amber'}>
          {t.statuses[e.status] ?? e.status}
        </Badge>
        <span>{t.modes[e.mode] ?? e.mode}</span>
        {e.slack_user_id ? <span className="font-mono">{e.slack_user_id}</span> : null}
        {e.channel ? <span className="font-mono">#{e.channel}</span> : null}
        {e.latency_ms !== null ? (
          <span>
            {t.latency} {t.ms(e.latency_ms)}
          </span>
        ) : null}
        <span>
          {t.tokens} {tokens.toLocaleString('ko-KR')}
        </span>
      </div>
      {e.question ? (
        <p className="text-sm break-words">
          <span className="text-muted-foreground">{t.question}: </span>
          {e.question}
        </p>
      ) : null}
      {e.answer ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">{t.answer}</summary>
          <pre className="mt-1 whitespace-pre-wrap break-words font-sans">{e.answer}</pre>
        </details>
      ) : null}
      {e.error ? <p className="text-xs text-destructive break-words">{e.error}</p> : null}
    </li>
  );
}

/** Every event and answer, newest first, searchable, paged by time. */
export function LogsTab({ id }: { id: string }) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const before = pages[pages.length - 1];
  const logs = useSlackLogs(id, q, before);
  return (
    <div className="grid gap-3">
      <div className="relative max-w-md">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPages([undefined]);
          }}
          placeholder={t.search}
          aria-label={t.search}
          className="pl-9"
        />
      </div>
      {logs.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {logs.error.message}
        </p>
      ) : null}
      {logs.isLoading ? (
        <p className="text-sm text-muted-foreground" role="status">
          {ko.slack.ui.loading}
        </p>
      ) : null}
      {logs.data ? (
        logs.data.data.length ? (
          <Card>
            <CardContent className="p-0">
              <ul aria-label={ko.slack.ui.tabs.logs}>
                {logs.data.data.map((e) => (
                  <Entry key={e.id} e={e} />
                ))}
              </ul>
            </CardContent>
          </Card>
        ) : q ? (
          <NoResults
            query={q}
            onClear={() => {
              setText('');
              setPages([undefined]);
            }}
          />
        ) : (
          <p className="text-sm text-muted-foreground">{t.empty}</p>
        )
      ) : null}
      <div className="flex gap-2">
        {pages.length > 1 ? (
          <Button variant="outline" size="sm" onClick={() => setPages((p) => p.slice(0, -1))}>
            {t.previous}
          </Button>
        ) : null}
        {logs.data?.next_before ? (
          <Button variant="outline" size="sm" onClick={() => setPages((p) => [...p, logs.data!.next_before!])}>
            {t.more}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
