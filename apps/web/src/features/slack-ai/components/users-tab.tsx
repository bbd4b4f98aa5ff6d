import { ko } from '@suite/shared';
import { Card } from '@/components/ui/card';
import { HeadCells } from '@/components/head-cells';
import { CardScrollRegion } from '@/components/scroll-region';
import { useSlackUsers } from '../api/list-users';

const t = ko.slack.ui.users;
const fmt = (n: number) => n.toLocaleString('ko-KR');

/** Slack users who used the assistant, with their counts. */
export function UsersTab({ id }: { id: string }) {
  const q = useSlackUsers(id);
  if (q.isLoading)
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {ko.slack.ui.loading}
      </p>
    );
  if (q.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {q.error.message}
      </p>
    );
  const rows = q.data ?? [];
  if (!rows.length) return <p className="text-sm text-muted-foreground">{t.empty}</p>;
  return (
    <Card>
      <CardScrollRegion label={ko.slack.ui.tabs.users} className="p-0" tableClassName="w-full min-w-[560px] text-sm">
        <thead className="border-b text-muted-foreground">
          <tr>
            <HeadCells
              cells={[
                [t.user, 'p-3 text-left font-medium'],
                [t.mentions, 'p-3 text-right font-medium'],
                [t.summaries, 'p-3 text-right font-medium'],
                [t.searches, 'p-3 text-right font-medium'],
                [t.tokens, 'p-3 text-right font-medium'],
                [t.lastSeen, 'p-3 text-left font-medium'],
              ]}
            />
          </tr>
        </thead>
        <tbody>
          {rows.map((u) => (
            <tr key={u.slack_user_id} className="border-b last:border-0">
              <td className="p-3">
                {u.name ? <span className="block font-medium">{u.name}</span> : null}
                <span className="font-mono text-xs text-muted-foreground">{u.slack_user_id}</span>
              </td>
              <td className="p-3 text-right tabular-nums">{fmt(u.mentions)}</td>
              <td className="p-3 text-right tabular-nums">{fmt(u.summaries)}</td>
              <td className="p-3 text-right tabular-nums">{fmt(u.searches)}</td>
              <td className="p-3 text-right tabular-nums">{fmt(u.tokens)}</td>
              <td className="p-3 whitespace-nowrap">{new Date(u.last_seen).toLocaleString('ko-KR')}</td>
            </tr>
          ))}
        </tbody>
      </CardScrollRegion>
    </Card>
  );
}
