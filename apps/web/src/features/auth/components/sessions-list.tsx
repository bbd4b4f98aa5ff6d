import { toast, toastError } from '@/lib/toast';
import { Monitor, Smartphone } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { useEndSession, useSessions } from '@/lib/me-api';

const t = ko.authUi.settings;

function device(ua: string): { label: string; mobile: boolean } {
  if (!ua) return { label: t.unknownDevice, mobile: false };
  const mobile = /Mobile|Android|iPhone|iPad/i.test(ua);
  const browser = /Edg\//.test(ua) ? 'Edge' : /Chrome\//.test(ua) ? 'Chrome' : /Firefox\//.test(ua) ? 'Firefox' : /Safari\//.test(ua) ? 'Safari' : '브라우저';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Mac OS X/.test(ua)
      ? 'macOS'
      : /Android/.test(ua)
        ? 'Android'
        : /iPhone|iPad/.test(ua)
          ? 'iOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return { label: [browser, os].filter(Boolean).join(' · '), mobile };
}

const fmt = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' });

export function SessionsList() {
  const sessions = useSessions();
  const end = useEndSession();
  if (sessions.isLoading) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  if (sessions.isError) return <p className="text-sm text-destructive">{sessions.error.message}</p>;
  return (
    <ul className="grid gap-2" aria-label={t.sessions}>
      {(sessions.data ?? []).map((s) => {
        const d = device(s.user_agent);
        const Icon = d.mobile ? Smartphone : Monitor;
        return (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
            <div className="flex items-center gap-3">
              <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
              <div className="text-sm">
                <p className="font-medium">
                  {d.label} {s.current ? <span className="ml-1 rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary">{t.current}</span> : null}
                </p>
                <p className="text-muted-foreground">
                  {s.ip || '-'} · {t.lastUsed} {fmt.format(new Date(s.last_used_at))}
                </p>
              </div>
            </div>
            {s.current ? null : (
              <Button
                variant="outline"
                size="sm"
                disabled={end.isPending}
                onClick={() =>
                  end.mutate(s.id, {
                    onSuccess: () => toast.success(t.ended),
                    onError: (e) => toastError(e),
                  })
                }
              >
                {t.end}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
