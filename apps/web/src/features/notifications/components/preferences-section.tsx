import { useState } from 'react';
import { ko } from '@suite/shared';
import { koNotificationsUi } from '@suite/shared/messages/ko-notifications-ui';
import { ZNotificationPreferencesInput, type TNotificationPreferences, type TNotificationPreferencesInput } from '@suite/shared/schemas/notifications';
import { BusyButton } from '@/components/busy-button';
import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePreferences } from '../api/get-preferences';
import { useSavePreferences } from '../api/save-preferences';
import { PreferenceMatrix } from './preference-matrix';
import { QuietHoursFields, type TQuietDraft } from './quiet-hours-fields';

const u = koNotificationsUi;
const DEFAULT_QUIET = { start: '22:00', end: '08:00' };

type TDraft = { events: TNotificationPreferences['events']; quiet: TQuietDraft };

const draftOf = (p: TNotificationPreferences): TDraft => ({
  events: p.events,
  quiet: { enabled: p.quietHours !== null, ...(p.quietHours ?? DEFAULT_QUIET), digest: p.digest },
});

const inputOf = (d: TDraft): TNotificationPreferencesInput => ({
  events: d.events,
  quietHours: d.quiet.enabled ? { start: d.quiet.start, end: d.quiet.end } : null,
  digest: d.quiet.enabled && d.quiet.digest,
});

/**
 * The person's settings for the selected seed (or their personal ones without a seed): the event × channel matrix,
 * quiet hours and the digest, checked with the shared schema before the one PUT that saves them.
 */
export function PreferencesSection({ seedId, seedName }: { seedId: string | null; seedName: string | null }) {
  const query = usePreferences(seedId);
  if (query.error) return <ErrorAlert message={query.error.message} error={query.error} />;
  if (!query.data) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  // A form of its own per scope: its draft starts from that scope's saved settings.
  return <PreferencesForm key={seedId ?? 'personal'} seedId={seedId} seedName={seedName} saved={query.data} />;
}

function PreferencesForm({ seedId, seedName, saved: initial }: { seedId: string | null; seedName: string | null; saved: TNotificationPreferences }) {
  const save = useSavePreferences(seedId);
  const [draft, setDraft] = useState<TDraft>(() => draftOf(initial));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const change = (next: TDraft) => {
    setDraft(next);
    setSaved(false);
    setError(null);
  };
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ZNotificationPreferencesInput.safeParse(inputOf(draft));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ko.errors.validation);
    save.mutate(parsed.data, {
      onSuccess: () => setSaved(true),
      onError: (err) => setError(err.message),
    });
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-6" aria-label={u.page.tabs.preferences}>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{u.matrix.title}</CardTitle>
          <CardDescription className="break-keep">{u.matrix.description}</CardDescription>
          <p className="text-sm text-muted-foreground break-keep">{seedId && seedName ? u.page.scopeSeed(seedName) : u.page.scopePersonal}</p>
        </CardHeader>
        <CardContent className="grid gap-3">
          <PreferenceMatrix
            events={draft.events}
            disabled={save.isPending}
            onChange={(event, channel, on) => change({ ...draft, events: { ...draft.events, [event]: { ...draft.events[event], [channel]: on } } })}
          />
          <ul className="grid list-disc gap-1 pl-5 text-xs text-muted-foreground break-keep">
            <li>{u.matrix.slackHint}</li>
            <li>{u.matrix.webhookHint}</li>
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-6">
          <QuietHoursFields value={draft.quiet} disabled={save.isPending} onChange={(quiet) => change({ ...draft, quiet })} />
        </CardContent>
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton type="submit" busy={save.isPending} disabled={save.isPending}>
          {save.isPending ? u.saving : u.save}
        </BusyButton>
        <p role="status" className="text-sm text-muted-foreground">
          {saved ? u.saved : ''}
        </p>
      </div>
      <ErrorAlert message={error} />
    </form>
  );
}
