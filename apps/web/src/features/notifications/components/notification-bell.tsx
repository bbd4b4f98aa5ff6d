import { Link, useNavigate } from 'react-router';
import { Bell } from 'lucide-react';
import { ko } from '@suite/shared';
import { koNotificationsUi } from '@suite/shared/messages/ko-notifications-ui';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { useBellNotices } from '../api/list-notices';
import { useMarkRead } from '../api/mark-read';
import { useInboxStream } from '../api/use-inbox-stream';
import { isAppLink, noticeTime } from '../lib/notice-time';

const b = koNotificationsUi.bell;

/**
 * The console header's bell: the unread count, kept live by the inbox's event stream, and the latest notices. Choosing
 * one marks it read and opens what it is about; the last entry leads to the whole inbox and the settings.
 */
export function NotificationBell() {
  const { data, error } = useBellNotices();
  useInboxStream(true);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const unread = data?.unread ?? 0;
  const notices = data?.data ?? [];
  const unreadIds = notices.filter((n) => !n.read).map((n) => n.id);
  return (
    // Not modal: the page behind stays in the accessibility tree (a modal menu hides it with aria-hidden while it still
    // holds focusable controls); the menu still closes on Escape and on a click outside.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative size-9"
          aria-label={unread ? b.labelUnread(unread) : b.label}
          data-testid="notification-bell"
          data-unread={unread}
        >
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute right-0.5 top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-semibold leading-none text-primary-foreground"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1.5rem))] p-0">
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <DropdownMenuLabel className="p-0 text-sm text-foreground">{b.title}</DropdownMenuLabel>
          {unreadIds.length ? (
            <DropdownMenuItem
              className="px-2 py-1 text-xs text-primary"
              onSelect={(e) => {
                e.preventDefault();
                markRead.mutate(unreadIds);
              }}
            >
              {b.markAll}
            </DropdownMenuItem>
          ) : null}
        </div>
        <DropdownMenuSeparator className="m-0" />
        <div className="max-h-[min(24rem,60vh)] overflow-y-auto p-1">
          {error ? <p className="px-2 py-3 text-sm text-destructive">{b.loadError}</p> : null}
          {!error && data && notices.length === 0 ? <p className="px-2 py-3 text-sm text-muted-foreground">{b.empty}</p> : null}
          {!data && !error ? <p className="px-2 py-3 text-sm text-muted-foreground">{ko.common.loading}</p> : null}
          {notices.map((n) => (
            <DropdownMenuItem
              key={n.id}
              data-testid="bell-notice"
              data-read={n.read}
              className="items-start gap-2 py-2"
              onSelect={() => {
                if (!n.read) markRead.mutate([n.id]);
                if (isAppLink(n.link)) void navigate(n.link);
              }}
            >
              <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-primary')} />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className={cn('break-keep', n.read ? 'text-muted-foreground' : 'font-medium')}>
                  {n.read ? null : <span className="sr-only">{koNotificationsUi.inbox.new}: </span>}
                  {n.title}
                </span>
                <span className="line-clamp-2 text-xs break-keep text-muted-foreground">{n.body}</span>
                <span className="text-xs text-muted-foreground">{noticeTime(n.createdAt)}</span>
              </span>
            </DropdownMenuItem>
          ))}
        </div>
        <DropdownMenuSeparator className="m-0" />
        <DropdownMenuItem asChild className="justify-center rounded-none py-2.5 font-medium">
          <Link to="/admin/notifications">{b.all}</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
