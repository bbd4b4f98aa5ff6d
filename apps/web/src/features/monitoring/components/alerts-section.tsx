import { useState } from 'react';
import { Copy, KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { ko, type TAlertIncident, type TAlertRule } from '@suite/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast, toastError } from '@/lib/toast';
import { useAlerts } from '../api/get-alerts';
import { useDeleteAlert } from '../api/delete-alert';
import { formatWhen } from '../lib/health-format';
import { AlertRuleDialog } from './alert-rule-dialog';

const u = ko.alerts.ui;

function channelsOf(rule: TAlertRule): string {
  const parts = [...rule.channels.mail];
  if (rule.channels.slack) parts.push(`Slack ${rule.channels.slack.channel}`);
  if (rule.channels.webhook) parts.push(u.webhook);
  return parts.join(', ');
}

function RuleRow({ rule, onEdit, onRemove }: { rule: TAlertRule; onEdit: () => void; onRemove: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-4" data-testid="alert-rule">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-keep">{rule.name}</span>
          {rule.firing ? <Badge variant="destructive">{u.open}</Badge> : null}
          <Badge variant={rule.enabled ? 'success' : 'muted'}>{rule.enabled ? u.on : u.off}</Badge>
        </div>
        <p className="text-sm text-muted-foreground break-keep">
          {ko.alerts.kinds[rule.kind]} · {ko.alerts.units[rule.kind](rule.threshold)} · {u.windowMinutes(rule.windowMinutes)}
        </p>
        <p className="text-xs text-muted-foreground break-all">{channelsOf(rule)}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" /> {u.edit}
        </Button>
        <Button variant="outline" size="sm" onClick={onRemove} aria-label={`${rule.name} ${u.remove}`}>
          <Trash2 aria-hidden="true" /> {u.remove}
        </Button>
      </div>
    </li>
  );
}

function IncidentRow({ i }: { i: TAlertIncident }) {
  return (
    <li className="grid gap-1 border-b py-3 last:border-b-0" data-testid="alert-incident">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={i.resolvedAt ? 'success' : 'destructive'}>{i.resolvedAt ? u.resolved : u.open}</Badge>
        <span className="font-medium break-keep">{i.ruleName}</span>
        <span className="text-xs text-muted-foreground">{ko.alerts.kinds[i.kind]}</span>
      </div>
      <p className="text-xs text-muted-foreground">
        {u.openedAt} {formatWhen(i.openedAt)}
        {i.resolvedAt ? ` · ${u.resolvedAt} ${formatWhen(i.resolvedAt)}` : ''} · {u.value} {ko.alerts.values[i.kind](i.value)}
        {i.detail ? ` · ${i.detail}` : ''}
      </p>
    </li>
  );
}

/** The operator's alerts on /admin/monitoring: rules (create, edit, delete) and their incidents, open first. */
export function AlertsSection() {
  const q = useAlerts();
  const remove = useDeleteAlert();
  const [editing, setEditing] = useState<{ rule: TAlertRule | null } | null>(null);
  const [removing, setRemoving] = useState<TAlertRule | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
    } catch {
      // clipboard refused (insecure origin): the secret stays on screen to copy by hand
    }
  };

  return (
    <Card data-testid="alerts-section">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">{u.title}</CardTitle>
          <CardDescription className="break-keep">{u.description}</CardDescription>
        </div>
        <Button size="sm" onClick={() => setEditing({ rule: null })} disabled={!q.data}>
          <Plus aria-hidden="true" /> {u.add}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        {q.error ? <ErrorAlert message={q.error.message} error={q.error} /> : null}
        {q.isPending ? <p className="text-sm text-muted-foreground">{ko.common.loading}</p> : null}
        {secret ? (
          <Alert variant="success">
            <KeyRound className="size-4" aria-hidden="true" />
            <AlertDescription className="grid gap-2">
              <p className="font-semibold">{u.secretTitle}</p>
              <p className="break-keep">{u.secretBody}</p>
              <div className="flex flex-wrap items-center gap-2">
                <code className="min-w-0 break-all rounded bg-muted px-1.5 py-0.5" data-testid="alert-webhook-secret">
                  {secret}
                </code>
                <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
                  <Copy aria-hidden="true" /> {u.copy}
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : null}
        {q.data ? (
          q.data.rules.length ? (
            <ul className="grid gap-3">
              {q.data.rules.map((r) => (
                <RuleRow key={r.id} rule={r} onEdit={() => setEditing({ rule: r })} onRemove={() => setRemoving(r)} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{u.none}</p>
          )
        ) : null}
        {q.data ? (
          <section className="grid gap-2" aria-label={u.incidents}>
            <h3 className="text-base font-semibold">{u.incidents}</h3>
            {q.data.incidents.length ? (
              <ul>
                {q.data.incidents.map((i) => (
                  <IncidentRow key={i.id} i={i} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{u.noIncidents}</p>
            )}
          </section>
        ) : null}
      </CardContent>
      {editing && q.data ? (
        <AlertRuleDialog
          key={editing.rule?.id ?? 'new'}
          open
          rule={editing.rule}
          slackSeeds={q.data.slackSeeds}
          onOpenChange={(o) => !o && setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setSecret(saved.webhookSecret);
            toast.success(u.saved);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={u.remove}
        message={removing ? u.removeConfirm(removing.name) : ''}
        confirmLabel={u.remove}
        destructive
        busy={remove.isPending}
        onOpenChange={(o) => !o && setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              toast.success(u.removed);
            },
            onError: (err) => toastError(err),
          })
        }
      />
    </Card>
  );
}
