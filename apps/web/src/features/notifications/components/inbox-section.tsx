import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Check } from 'lucide-react';
import { ko } from '@suite/shared';
import { koNotificationsUi } from '@suite/shared/messages/ko-notifications-ui';
import type { TNotice } from '@suite/shared/schemas/notifications';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useInbox } from '../api/list-notices';
import { useMarkRead } from '../api/mark-read';
import { isAppLink, noticeTime } from '../lib/notice-time';

const i = koNotificationsUi.inbox;
/** The server marks at most 200 ids per request. */
const CHUNK = 200;

function NoticeRow({ notice, onRead, busy }: { notice: TNotice; onRead: () => void; busy: boolean }) {
  return (
    <li
      className={cn('grid gap-2 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-start sm:px-6', !notice.read && 'bg-primary/5')}
      data-testid="inbox-notice"
      data-read={notice.read}
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          {notice.read ? null : <Badge variant="new">{i.new}</Badge>}
          <span className="text-xs text-muted-foreground">{ko.notifications.events[notice.event]}</span>
          <span className="text-xs text-muted-foreground">· {noticeTime(notice.createdAt)}</span>
        </div>
        <p className={cn('break-keep', notice.read ? 'text-muted-foreground' : 'font-medium')}>{notice.title}</p>
        {notice.body ? <p className="whitespace-pre-line text-sm text-muted-foreground break-keep">{notice.body}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {isAppLink(notice.link) ? (
          <Button asChild variant="outline" size="sm">
            <Link to={notice.link} onClick={() => !notice.read && onRead()}>
              {i.open} <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
        {notice.read ? null : (
          <Button type="button" variant="ghost" size="sm" onClick={onRead} disabled={busy}>
            <Check aria-hidden="true" /> {i.markRead}
            <span className="sr-only">: {notice.title}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** The inbox: all or unread notices, newest first, 30 at a time; mark one or all read; links to what they are about. */
export function InboxSection() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const query = useInbox(unreadOnly);
  const markRead = useMarkRead();
  const notices = query.data?.pages.flatMap((p) => p.data) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;
  const unreadIds = notices.filter((n) => !n.read).map((n) => n.id);
  const markAll = async () => {
    for (let k = 0; k < unreadIds.length; k += CHUNK) await markRead.mutateAsync(unreadIds.slice(k, k + CHUNK));
  };

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">{i.title}</CardTitle>
          <CardDescription className="break-keep">
            {i.description} <span data-testid="inbox-unread">{i.unreadCount(unread)}</span>
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label={i.filterLabel} className="inline-flex rounded-md border p-0.5">
            {([false, true] as const).map((only) => (
              <Button
                key={String(only)}
                type="button"
                size="sm"
                variant={unreadOnly === only ? 'secondary' : 'ghost'}
                aria-pressed={unreadOnly === only}
                className="h-8"
                onClick={() => setUnreadOnly(only)}
              >
                {only ? i.unread : i.all}
              </Button>
            ))}
          </div>
          <Button type="button" size="sm" variant="outline" className="h-9" disabled={!unreadIds.length || markRead.isPending} onClick={() => void markAll()}>
            {i.markAll}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="p-0">
        {query.error ? (
          <div className="px-6 pb-6">
            <ErrorAlert message={query.error.message} error={query.error} />
          </div>
        ) : null}
        {markRead.error ? (
          <div className="px-6 pb-6">
            <ErrorAlert message={markRead.error.message} error={markRead.error} />
          </div>
        ) : null}
        {query.isPending ? <p className="px-6 pb-6 text-sm text-muted-foreground">{ko.common.loading}</p> : null}
        {query.isSuccess && notices.length === 0 ? <p className="px-6 pb-6 text-sm text-muted-foreground">{unreadOnly ? i.emptyUnread : i.empty}</p> : null}
        {notices.length ? (
          <ul className="divide-y border-t">
            {notices.map((n) => (
              <NoticeRow key={n.id} notice={n} busy={markRead.isPending} onRead={() => markRead.mutate([n.id])} />
            ))}
          </ul>
        ) : null}
        {query.hasNextPage ? (
          <div className="border-t p-3 text-center">
            <Button type="button" variant="ghost" size="sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {i.more}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
