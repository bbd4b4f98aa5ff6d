import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { ko, type TSlackWorkspace } from '@suite/shared';
import { minuteOfTime, ZDigestSettingsInput, type TDigestChannel, type TDigestFrequency } from '@suite/shared/schemas/slack-digest';
import { toast, toastError } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useDigestSubscription, useDigests, useUpdateDigest } from '../api/digests';

const t = ko.slackDigest.ui;
const WEEKDAYS = ko.slackDigest.weekdays;

const when = (iso: string) =>
  new Intl.DateTimeFormat('ko-KR', {
    timeZone: 'Asia/Seoul',
    month: 'long',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));

/** 다이제스트 tab: every channel the app mirrors or has a digest for, its schedule, delivery and subscribers. */
export function DigestTab({ ws }: { ws: TSlackWorkspace }) {
  const q = useDigests(ws.id);
  if (q.isLoading)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> {ko.slack.ui.loading}
      </p>
    );
  if (q.isError || !q.data)
    return (
      <p role="alert" className="text-sm text-destructive">
        {q.error?.message || t.loadFailed}
      </p>
    );
  const canManage = q.data.can_manage && ws.status === 'active';
  return (
    <div className="grid min-w-0 gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{t.title}</CardTitle>
          <CardDescription className="break-keep">{t.intro}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-1 text-sm text-muted-foreground break-keep">
          <p>{ws.llm_enabled ? t.llmMode : t.basicMode}</p>
          {!canManage ? <p>{t.managersOnly}</p> : null}
        </CardContent>
      </Card>
      {q.data.data.length === 0 ? (
        <p className="text-sm text-muted-foreground break-keep">{t.empty}</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label={t.title}>
          {q.data.data.map((c) => (
            <li key={c.channel} className="min-w-0">
              <DigestChannelCard wsId={ws.id} channel={c} canManage={canManage} active={ws.status === 'active'} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DigestChannelCard({ wsId, channel: c, canManage, active }: { wsId: string; channel: TDigestChannel; canManage: boolean; active: boolean }) {
  const [frequency, setFrequency] = useState<TDigestFrequency>(c.frequency);
  const [weekday, setWeekday] = useState(c.weekday);
  const [time, setTime] = useState(c.time);
  const [post, setPost] = useState(c.post_to_channel);
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateDigest(wsId);
  const subscription = useDigestSubscription(wsId);
  const id = `digest-${c.channel}`;
  const name = c.channel_name ? `#${c.channel_name}` : c.channel;

  const onSave = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = { frequency, weekday, time, post_to_channel: post };
    const v = ZDigestSettingsInput.safeParse(body);
    if (!v.success) return setError(v.error.issues[0]?.message ?? t.loadFailed);
    setError(null);
    try {
      const r = await save.mutateAsync({ channel: c.channel, body });
      toast.success(r.message);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const onSubscribe = async () => {
    try {
      const r = await subscription.mutateAsync({ channel: c.channel, on: !c.subscribed });
      toast.success(r.message);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Card className="h-full" data-testid={id}>
      <CardHeader className="gap-1 pb-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="truncate text-base">{name}</CardTitle>
          <Badge variant={c.frequency === 'off' ? 'secondary' : 'success'}>{ko.slackDigest.schedule({ ...c, minute_of_day: minuteOfTime(c.time) })}</Badge>
        </div>
        <CardDescription className="break-keep">
          {c.subscribers.length
            ? `${t.subscribers(c.subscribers.length)} · ${c.subscribers.map((s) => s.name ?? s.slack_user_id).join(', ')}`
            : t.noSubscribers}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="grid gap-3" onSubmit={onSave} noValidate aria-label={`${name} ${t.title}`}>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-frequency`}>{t.frequency}</Label>
              <NativeSelect id={`${id}-frequency`} value={frequency} disabled={!canManage} onChange={(e) => setFrequency(e.target.value as TDigestFrequency)}>
                {(['daily', 'weekly', 'off'] as const).map((f) => (
                  <option key={f} value={f}>
                    {t.frequencies[f]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {frequency === 'weekly' ? (
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-weekday`}>{t.weekday}</Label>
                <NativeSelect id={`${id}-weekday`} value={weekday} disabled={!canManage} onChange={(e) => setWeekday(Number(e.target.value))}>
                  {WEEKDAYS.map((w, i) => (
                    <option key={w} value={i}>
                      {w}요일
                    </option>
                  ))}
                </NativeSelect>
              </div>
            ) : null}
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-time`}>{t.time}</Label>
              <Input
                id={`${id}-time`}
                inputMode="numeric"
                placeholder="18:00"
                value={time}
                disabled={!canManage || frequency === 'off'}
                aria-invalid={error ? true : undefined}
                onChange={(e) => setTime(e.target.value)}
              />
            </div>
          </div>
          <label className="flex items-center gap-2 text-sm break-keep">
            <Checkbox checked={post} disabled={!canManage} onCheckedChange={(v) => setPost(v === true)} aria-label={t.postToChannel} />
            {t.postToChannel}
          </label>
          <FieldError message={error ?? undefined} />
          <div className="flex flex-wrap items-center gap-2">
            {canManage ? (
              <Button type="submit" size="sm" disabled={save.isPending}>
                {save.isPending ? t.saving : t.save}
              </Button>
            ) : null}
            {active && c.subscribed !== null ? (
              <Button type="button" size="sm" variant="outline" disabled={subscription.isPending} onClick={onSubscribe}>
                {c.subscribed ? t.unsubscribe : t.subscribe}
              </Button>
            ) : null}
          </div>
        </form>
        <dl className="grid gap-1 text-xs text-muted-foreground break-keep">
          <div className="flex flex-wrap gap-1">
            <dt>{t.lastRun}:</dt>
            <dd>
              {c.last_run
                ? `${when(c.last_run.at)} · ${t.lastRunStatus[c.last_run.status] ?? c.last_run.status} · 메시지 ${c.last_run.message_count}개`
                : t.never}
            </dd>
          </div>
          {c.next_at && c.frequency !== 'off' ? <dd>{t.nextAt(when(c.next_at))}</dd> : null}
        </dl>
      </CardContent>
    </Card>
  );
}
