import { useState } from 'react';
import { ko, ALERT_KINDS, ZAlertRuleInput, type TAlertKind, type TAlertRule, type TAlertRuleSaved, type TAlertsResponse } from '@suite/shared';
import { BusyButton } from '@/components/busy-button';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useCreateAlert } from '../api/create-alert';
import { useUpdateAlert } from '../api/update-alert';

const u = ko.alerts.ui;

type TForm = {
  name: string;
  kind: TAlertKind;
  threshold: string;
  windowMinutes: string;
  mail: string;
  slackSeedId: string;
  slackChannel: string;
  webhook: string;
  enabled: boolean;
};

function formOf(rule: TAlertRule | null): TForm {
  return {
    name: rule?.name ?? '',
    kind: rule?.kind ?? '5xx-rate',
    threshold: rule ? String(rule.threshold) : '5',
    windowMinutes: rule ? String(rule.windowMinutes) : '5',
    mail: rule?.channels.mail.join(', ') ?? '',
    slackSeedId: rule?.channels.slack?.seedId ?? '',
    slackChannel: rule?.channels.slack?.channel ?? '',
    webhook: rule?.channels.webhook ?? '',
    enabled: rule?.enabled ?? true,
  };
}

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/** Create or edit one alert rule; the form is checked with the server's own schema before it is sent. */
export function AlertRuleDialog({
  open,
  rule,
  slackSeeds,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  rule: TAlertRule | null;
  slackSeeds: TAlertsResponse['slackSeeds'];
  onOpenChange: (open: boolean) => void;
  onSaved: (saved: TAlertRuleSaved) => void;
}) {
  const [form, setForm] = useState<TForm>(() => formOf(rule));
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAlert();
  const update = useUpdateAlert();
  const busy = create.isPending || update.isPending;
  const set = <K extends keyof TForm>(key: K, value: TForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = {
      name: form.name,
      kind: form.kind,
      threshold: num(form.threshold),
      windowMinutes: num(form.windowMinutes),
      channels: {
        mail: form.mail
          .split(/[,\s]+/)
          .map((m) => m.trim())
          .filter(Boolean),
        slack: form.slackSeedId ? { seedId: form.slackSeedId, channel: form.slackChannel } : null,
        webhook: form.webhook.trim() || null,
      },
      enabled: form.enabled,
    };
    const parsed = ZAlertRuleInput.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ko.errors.validation);
    const done = { onSuccess: onSaved, onError: (err: Error) => setError(err.message) };
    if (rule) update.mutate({ id: rule.id, patch: body }, done);
    else create.mutate(body, done);
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{rule ? u.editTitle : u.createTitle}</DialogTitle>
          <DialogDescription className="break-keep">{ko.alerts.ui.description}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="alert-name">{u.name}</Label>
            <Input id="alert-name" value={form.name} maxLength={80} onChange={(e) => set('name', e.target.value)} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="alert-kind">{u.kind}</Label>
              <NativeSelect id="alert-kind" value={form.kind} onChange={(e) => set('kind', e.target.value as TAlertKind)}>
                {ALERT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {ko.alerts.kinds[k]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="alert-window">{u.window}</Label>
              <Input
                id="alert-window"
                type="number"
                inputMode="numeric"
                min={1}
                max={1440}
                value={form.windowMinutes}
                onChange={(e) => set('windowMinutes', e.target.value)}
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="alert-threshold">{u.threshold}</Label>
            <Input
              id="alert-threshold"
              type="number"
              inputMode="decimal"
              min={0}
              value={form.threshold}
              aria-describedby="alert-threshold-help"
              onChange={(e) => set('threshold', e.target.value)}
            />
            <p id="alert-threshold-help" className="text-xs text-muted-foreground break-keep">
              {ko.alerts.thresholdHelp[form.kind]}
            </p>
          </div>
          <fieldset className="grid gap-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">{u.channels}</legend>
            <div className="grid gap-1.5">
              <Label htmlFor="alert-mail">{u.mail}</Label>
              <Input id="alert-mail" inputMode="email" autoComplete="off" value={form.mail} onChange={(e) => set('mail', e.target.value)} />
            </div>
            {slackSeeds.length ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="grid gap-1.5">
                  <Label htmlFor="alert-slack-seed">{u.slackSeed}</Label>
                  <NativeSelect id="alert-slack-seed" value={form.slackSeedId} onChange={(e) => set('slackSeedId', e.target.value)}>
                    <option value="">{u.slackSeedNone}</option>
                    {slackSeeds.map((s) => (
                      <option key={s.seedId} value={s.seedId}>
                        {s.teamName}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="alert-slack-channel">{u.slackChannel}</Label>
                  <Input
                    id="alert-slack-channel"
                    placeholder="#ops"
                    disabled={!form.slackSeedId}
                    value={form.slackChannel}
                    onChange={(e) => set('slackChannel', e.target.value)}
                  />
                </div>
              </div>
            ) : (
              <p className="text-xs text-muted-foreground break-keep">{u.slackUnavailable}</p>
            )}
            <div className="grid gap-1.5">
              <Label htmlFor="alert-webhook">{u.webhook}</Label>
              <Input
                id="alert-webhook"
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://"
                value={form.webhook}
                onChange={(e) => set('webhook', e.target.value)}
              />
            </div>
          </fieldset>
          <div className="flex items-center gap-2">
            <Checkbox id="alert-enabled" checked={form.enabled} onCheckedChange={(c) => set('enabled', c === true)} />
            <Label htmlFor="alert-enabled">{u.enabled}</Label>
          </div>
          <ErrorAlert message={error} />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              {u.cancel}
            </Button>
            <BusyButton type="submit" busy={busy}>
              {u.save}
            </BusyButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
