import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ko } from '@suite/shared';
import type { TAdminTable } from '@suite/shared/schemas/admin-builder';
import { ZAdminActionInput, type TAdminAction } from '@suite/shared/schemas/admin-builder-actions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useActionRuns, useActions, useDeleteAction, useRotateAction, useSaveAction } from '../api/actions';
import { useApp } from '../api/get-app';
import { useRoles } from '../api/roles';
import { appPath, Note, t, tableLabel, useSelectedSeed } from '../components/common';

const u = ko.adminBuilder.actions.ui;

type TDraft = {
  id: string | null;
  table: string;
  label: string;
  kind: 'function' | 'webhook';
  target: string;
  scope: 'row' | 'selection';
  confirmText: string;
  roles: string[];
};
const fromAction = (a: TAdminAction): TDraft => ({
  id: a.id,
  table: a.table,
  label: a.label,
  kind: a.kind,
  target: a.target,
  scope: a.scope,
  confirmText: a.confirmText,
  roles: a.roles,
});

/** /admin/services/admin-builder/actions/:appId: the app's row actions (webhooks) and their recent runs (managers; decision 094). */
export function AdminBuilderActionsPage() {
  const { appId = '' } = useParams();
  const { seed } = useSelectedSeed();
  const seedId = seed?.id ?? '';
  const app = useApp(seedId, appId);
  const actions = useActions(seedId, appId);
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [secret, setSecret] = useState('');
  if (!seed) return <Note>{t.noSeed}</Note>;
  if (app.isError) return <Note alert>{app.error.message}</Note>;
  if (!app.data) return <Note>{t.loading}</Note>;
  if (!app.data.canManage) return <Note alert>{u.managersOnly}</Note>;
  const schema = app.data.schema;
  const list = actions.data?.data ?? [];
  const blank = (): TDraft => ({ id: null, table: schema[0]?.name ?? '', label: '', kind: 'webhook', target: '', scope: 'row', confirmText: '', roles: [] });
  return (
    <div className="grid gap-4">
      <Link to={appPath(appId)} className="text-sm underline">
        {t.back}
      </Link>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{`${app.data.name} — ${u.title}`}</CardTitle>
          <CardDescription className="break-keep">{u.intro}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {actions.isError ? <Note alert>{actions.error.message}</Note> : null}
          {actions.data && !list.length ? <Note>{u.empty}</Note> : null}
          <ul className="grid gap-2">
            {list.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm">
                {/* What the action is, as one block; 고치기 beside it, or under it at the right on a phone (every item alike). */}
                <span className="flex min-w-0 flex-1 basis-64 flex-wrap items-center gap-2">
                  <span className="font-medium break-keep">{a.label}</span>
                  <Badge variant="secondary">{tableOf(schema, a.table)}</Badge>
                  <Badge variant="outline">{u.kinds[a.kind]}</Badge>
                  <Badge variant="outline">{u.scopes[a.scope]}</Badge>
                  <span className="min-w-0 break-all text-muted-foreground">{a.target}</span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  className="ml-auto"
                  onClick={() => {
                    setSecret('');
                    setDraft(fromAction(a));
                  }}
                >
                  {u.edit}
                </Button>
              </li>
            ))}
          </ul>
          <Button
            size="sm"
            variant="secondary"
            className="w-fit"
            disabled={!schema.length}
            onClick={() => {
              setSecret('');
              setDraft(blank());
            }}
          >
            {`+ ${u.add}`}
          </Button>
        </CardContent>
      </Card>
      {secret ? <SecretBox secret={secret} /> : null}
      {draft ? (
        <ActionEditor key={draft.id ?? 'new'} seedId={seedId} appId={appId} schema={schema} draft={draft} onSecret={setSecret} onDone={(d) => setDraft(d)} />
      ) : null}
      <Runs seedId={seedId} appId={appId} schema={schema} />
    </div>
  );
}

const tableOf = (schema: TAdminTable[], name: string) => {
  const tb = schema.find((x) => x.name === name);
  return tb ? tableLabel(tb) : name;
};

/** The secret, shown once after create or rotate, with a copy button and how to verify a delivery. */
function SecretBox({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{u.secretTitle}</CardTitle>
        <CardDescription className="break-keep">{u.secretNote}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-muted px-2 py-1 text-sm" data-testid="ad-action-secret">
          {secret}
        </code>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(secret)
              .then(() => setCopied(true))
              .catch(() => setCopied(false));
          }}
        >
          {u.copy}
        </Button>
        {copied ? (
          <span role="status" className="text-sm text-green-700 dark:text-green-400">
            {u.copied}
          </span>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ActionEditor({
  seedId,
  appId,
  schema,
  draft: start,
  onSecret,
  onDone,
}: {
  seedId: string;
  appId: string;
  schema: TAdminTable[];
  draft: TDraft;
  onSecret: (s: string) => void;
  onDone: (d: TDraft | null) => void;
}) {
  const [d, setD] = useState<TDraft>(start);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const [confirming, setConfirming] = useState(false);
  const save = useSaveAction(seedId, appId);
  const rotate = useRotateAction(seedId, appId);
  const del = useDeleteAction(seedId, appId);
  const roles = useRoles(seedId, appId);
  const roleChoices = [
    { id: 'admin', name: u.roleNames.admin! },
    { id: 'member', name: u.roleNames.member! },
    ...(roles.data?.data.roles ?? []).map((x) => ({ id: x.id, name: x.name })),
  ];
  const submit = () => {
    setSaved('');
    const parsed = ZAdminActionInput.safeParse(d);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ko.errors.validation);
      return;
    }
    setError('');
    save.mutate(
      { id: d.id, body: parsed.data },
      {
        onSuccess: (res) => {
          setSaved(res.message);
          if (res.secret) onSecret(res.secret);
          setD(fromAction(res.data));
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  const field = (id: string, label: string, input: React.ReactNode) => (
    <div className="grid gap-1 sm:max-w-xl">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {input}
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{d.id ? d.label || u.label : u.add}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {field(
          'ad-action-label',
          u.label,
          <Input id="ad-action-label" value={d.label} maxLength={40} onChange={(e) => setD({ ...d, label: e.target.value })} />,
        )}
        {field(
          'ad-action-table',
          u.table,
          <NativeSelect id="ad-action-table" value={d.table} onChange={(e) => setD({ ...d, table: e.target.value })}>
            {schema.map((tb) => (
              <option key={tb.name} value={tb.name}>
                {tableLabel(tb)}
              </option>
            ))}
          </NativeSelect>,
        )}
        {field(
          'ad-action-kind',
          u.kind,
          <NativeSelect id="ad-action-kind" value={d.kind} onChange={(e) => setD({ ...d, kind: e.target.value as TDraft['kind'] })}>
            {(['webhook', 'function'] as const).map((k) => (
              <option key={k} value={k}>
                {u.kinds[k]}
              </option>
            ))}
          </NativeSelect>,
        )}
        {field(
          'ad-action-target',
          d.kind === 'function' ? u.functionName : u.target,
          <Input
            id="ad-action-target"
            type={d.kind === 'function' ? 'text' : 'url'}
            value={d.target}
            placeholder={d.kind === 'function' ? 'mark_done' : 'https://'}
            onChange={(e) => setD({ ...d, target: e.target.value })}
          />,
        )}
        {d.kind === 'function' ? <Note>{u.functionHint}</Note> : null}
        {field(
          'ad-action-scope',
          u.scope,
          <NativeSelect id="ad-action-scope" value={d.scope} onChange={(e) => setD({ ...d, scope: e.target.value as TDraft['scope'] })}>
            {(['row', 'selection'] as const).map((s) => (
              <option key={s} value={s}>
                {u.scopes[s]}
              </option>
            ))}
          </NativeSelect>,
        )}
        {field(
          'ad-action-confirm',
          u.confirmText,
          <Input
            id="ad-action-confirm"
            value={d.confirmText}
            maxLength={200}
            placeholder={u.confirmPlaceholder}
            onChange={(e) => setD({ ...d, confirmText: e.target.value })}
          />,
        )}
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium break-keep">{u.roles}</legend>
          <div className="flex flex-wrap gap-3">
            {roleChoices.map((x) => (
              <label key={x.id} className="flex items-center gap-1 text-sm">
                <Checkbox
                  checked={d.roles.includes(x.id)}
                  onCheckedChange={(v) => setD({ ...d, roles: v === true ? [...d.roles, x.id] : d.roles.filter((r) => r !== x.id) })}
                />
                {x.name}
              </label>
            ))}
          </div>
        </fieldset>
        {error ? <Note alert>{error}</Note> : null}
        {saved ? (
          <p role="status" className="text-sm text-green-700 dark:text-green-400">
            {saved}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={submit} disabled={save.isPending}>
            {u.save}
          </Button>
          {d.id ? (
            <>
              <Button
                variant="outline"
                hidden={d.kind !== 'webhook'}
                disabled={rotate.isPending}
                onClick={() =>
                  rotate.mutate(d.id!, {
                    onSuccess: (res) => {
                      setSaved(res.message);
                      if (res.secret) onSecret(res.secret);
                    },
                    onError: (e) => setError(e.message),
                  })
                }
              >
                {u.rotate}
              </Button>
              <Button variant="destructive" onClick={() => setConfirming(true)}>
                {u.remove}
              </Button>
            </>
          ) : null}
          <Button variant="ghost" onClick={() => onDone(null)}>
            {u.cancel}
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={u.deleteConfirm(d.label)}
          confirmLabel={u.remove}
          destructive
          pending={del.isPending}
          onConfirm={() => del.mutate(d.id!, { onSuccess: () => onDone(null), onError: (e) => setError(e.message), onSettled: () => setConfirming(false) })}
        />
      </CardContent>
    </Card>
  );
}

function Runs({ seedId, appId, schema }: { seedId: string; appId: string; schema: TAdminTable[] }) {
  const runs = useActionRuns(seedId, appId);
  const cols = u.runCols;
  const list = runs.data?.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{u.runs}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {runs.isError ? <Note alert>{runs.error.message}</Note> : null}
        {runs.data && !list.length ? <Note>{u.runsEmpty}</Note> : null}
        {list.length ? (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-sm" data-testid="ad-action-runs">
              <thead>
                <tr className="border-b text-left">
                  {(['at', 'action', 'actor', 'table', 'rows', 'status'] as const).map((k) => (
                    <th key={k} className="p-2">
                      {cols[k]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.map((e) => (
                  <tr key={e.id} className="border-b">
                    <td className="p-2 whitespace-nowrap">{new Date(e.at).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' })}</td>
                    <td className="p-2">{e.actionLabel}</td>
                    <td className="p-2">{e.actorName}</td>
                    <td className="p-2">{tableOf(schema, e.table)}</td>
                    <td className="p-2">{e.rows}</td>
                    <td className="p-2 break-keep">
                      {`${u.statuses[e.status] ?? e.status}${e.httpStatus ? ` (HTTP ${e.httpStatus})` : ''}${e.status === 'failed' && e.error && !e.httpStatus ? ` ${e.error}` : ''}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
