import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ko } from '@suite/shared';
import type { TAdminTable } from '@suite/shared/schemas/admin-builder';
import { ADMIN_ROLE_RIGHTS, ZAdminRoleInput, type TAdminRoleRight, type TAdminRoleView, type TAdminRowRule } from '@suite/shared/schemas/admin-builder-roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useApp } from '../api/get-app';
import { useAssignRole, useDeleteRole, useReveals, useRoles, useSaveRole } from '../api/roles';
import { appPath, labelOf, Note, t, tableLabel, useSelectedSeed } from '../components/common';

const r = ko.adminBuilder.roles.ui;

type TDraft = { id: string | null; name: string; rights: Record<string, TAdminRoleRight[]>; rules: Record<string, TAdminRowRule[]> };
const blank = (): TDraft => ({ id: null, name: '', rights: {}, rules: {} });
const fromRole = (x: TAdminRoleView): TDraft => ({ id: x.id, name: x.name, rights: structuredClone(x.rights), rules: structuredClone(x.rules) });

/** /admin/services/admin-builder/roles/:appId: the app's custom roles (rights, row rules), members' roles, 열람 records. */
export function AdminBuilderRolesPage() {
  const { appId = '' } = useParams();
  const { seed } = useSelectedSeed();
  const seedId = seed?.id ?? '';
  const app = useApp(seedId, appId);
  const roles = useRoles(seedId, appId);
  const [draft, setDraft] = useState<TDraft | null>(null);
  if (!seed) return <Note>{t.noSeed}</Note>;
  if (app.isError) return <Note alert>{app.error.message}</Note>;
  if (!app.data) return <Note>{t.loading}</Note>;
  if (!app.data.canManage) return <Note alert>{r.managersOnly}</Note>;
  const list = roles.data?.data.roles ?? [];
  return (
    <div className="grid gap-4">
      <Link to={appPath(appId)} className="text-sm underline">
        {t.back}
      </Link>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{`${app.data.name} — ${r.title}`}</CardTitle>
          <CardDescription className="break-keep">{r.intro}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {roles.isError ? <Note alert>{roles.error.message}</Note> : null}
          {roles.data && !list.length ? <Note>{r.empty}</Note> : null}
          <div className="flex flex-wrap gap-2" role="list" aria-label={r.tab}>
            {list.map((x) => (
              <Button key={x.id} role="listitem" size="sm" variant={draft?.id === x.id ? 'default' : 'outline'} onClick={() => setDraft(fromRole(x))}>
                {x.name}
              </Button>
            ))}
            <Button size="sm" variant={draft && !draft.id ? 'default' : 'secondary'} onClick={() => setDraft(blank())}>
              {`+ ${r.newRole}`}
            </Button>
          </div>
        </CardContent>
      </Card>
      {draft ? <RoleEditor key={draft.id ?? 'new'} seedId={seedId} appId={appId} tables={app.data.schema} draft={draft} onDone={(d) => setDraft(d)} /> : null}
      <Members seedId={seedId} appId={appId} roles={list} />
      <Reveals seedId={seedId} appId={appId} schema={app.data.schema} />
    </div>
  );
}

function RoleEditor({
  seedId,
  appId,
  tables,
  draft: start,
  onDone,
}: {
  seedId: string;
  appId: string;
  tables: TAdminTable[];
  draft: TDraft;
  onDone: (d: TDraft | null) => void;
}) {
  const [d, setD] = useState<TDraft>(start);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const [confirming, setConfirming] = useState(false);
  const save = useSaveRole(seedId, appId);
  const del = useDeleteRole(seedId, appId);
  const has = (table: string, right: TAdminRoleRight) => d.rights[table]?.includes(right) ?? false;
  const toggle = (table: string, right: TAdminRoleRight, on: boolean) =>
    setD((x) => {
      const cur = new Set(x.rights[table] ?? []);
      if (on) cur.add(right);
      else cur.delete(right);
      // Every other right needs view; without view the others go too.
      if (on && right !== 'view') cur.add('view');
      if (!on && right === 'view') cur.clear();
      return { ...x, rights: { ...x.rights, [table]: ADMIN_ROLE_RIGHTS.filter((k) => cur.has(k)) } };
    });
  const setRules = (table: string, rules: TAdminRowRule[]) => setD((x) => ({ ...x, rules: { ...x.rules, [table]: rules } }));
  const submit = () => {
    setSaved('');
    const parsed = ZAdminRoleInput.safeParse({ name: d.name, rights: d.rights, rules: d.rules });
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
          setD(fromRole(res.data));
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{d.id ? d.name || r.roleName : r.newRole}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1 sm:max-w-sm">
          <label htmlFor="ad-role-name" className="text-sm font-medium">
            {r.roleName}
          </label>
          <Input id="ad-role-name" value={d.name} maxLength={40} placeholder={r.roleNamePlaceholder} onChange={(e) => setD({ ...d, name: e.target.value })} />
        </div>
        <section className="grid gap-2" aria-labelledby="ad-role-rights">
          <h3 id="ad-role-rights" className="text-sm font-medium">
            {r.rights}
          </h3>
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full min-w-[36rem] text-sm">
              <thead>
                <tr className="border-b bg-muted/50 text-left">
                  <th className="p-2">{r.revealColumns.table}</th>
                  {ADMIN_ROLE_RIGHTS.map((k) => (
                    <th key={k} className="p-2 text-center font-medium">
                      {r.rightNames[k]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {tables.map((tb) => (
                  <tr key={tb.name} className="border-b last:border-0">
                    <th scope="row" className="p-2 text-left font-normal">
                      {tableLabel(tb)}
                    </th>
                    {ADMIN_ROLE_RIGHTS.map((k) => (
                      <td key={k} className="p-2 text-center">
                        <Checkbox
                          aria-label={`${tableLabel(tb)} ${r.rightNames[k]}`}
                          checked={has(tb.name, k)}
                          onCheckedChange={(v) => toggle(tb.name, k, v === true)}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="grid gap-2" aria-labelledby="ad-role-rules">
          <h3 id="ad-role-rules" className="text-sm font-medium">
            {r.rules}
          </h3>
          <Note>{r.rulesHint}</Note>
          {tables
            .filter((tb) => has(tb.name, 'view'))
            .map((tb) => (
              <RuleList key={tb.name} table={tb} rules={d.rules[tb.name] ?? []} onChange={(x) => setRules(tb.name, x)} />
            ))}
        </section>
        {error ? <Note alert>{error}</Note> : null}
        {saved ? (
          <p role="status" className="text-sm text-green-700 dark:text-green-400">
            {saved}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={submit} disabled={save.isPending}>
            {r.save}
          </Button>
          {d.id ? (
            <Button variant="destructive" onClick={() => setConfirming(true)}>
              {r.delete}
            </Button>
          ) : null}
          <Button variant="ghost" onClick={() => onDone(null)}>
            {t.cancel}
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={r.deleteConfirm(d.name)}
          confirmLabel={r.delete}
          destructive
          pending={del.isPending}
          onConfirm={() => del.mutate(d.id!, { onSuccess: () => onDone(null), onSettled: () => setConfirming(false) })}
        />
      </CardContent>
    </Card>
  );
}

/** One table's row rules: column, condition, value (or 나). */
function RuleList({ table, rules, onChange }: { table: TAdminTable; rules: TAdminRowRule[]; onChange: (r: TAdminRowRule[]) => void }) {
  const cols = table.columns.filter((c) => ['text', 'number', 'date', 'datetime', 'boolean'].includes(c.kind));
  const set = (i: number, patch: Partial<TAdminRowRule>) => onChange(rules.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm">{tableLabel(table)}</legend>
      {rules.map((rule, i) => {
        const id = `ad-rule-${table.name}-${i}`;
        const col = table.columns.find((c) => c.name === rule.column);
        return (
          <div key={i} className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,9rem)_minmax(0,1.4fr)_auto] sm:items-center" data-testid="ad-rule">
            <NativeSelect
              aria-label={`${r.ruleColumn} ${i + 1}`}
              id={`${id}-c`}
              value={rule.column}
              onChange={(e) => set(i, { column: e.target.value, me: false })}
            >
              {cols.map((c) => (
                <option key={c.name} value={c.name}>
                  {labelOf(table, c.name)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              aria-label={`${r.ruleOp} ${i + 1}`}
              value={rule.op}
              onChange={(e) => set(i, { op: e.target.value as TAdminRowRule['op'], ...(e.target.value === 'in' ? { me: false } : {}) })}
            >
              {(['eq', 'ne', 'in'] as const).map((op) => (
                <option key={op} value={op}>
                  {r.ops[op]}
                </option>
              ))}
            </NativeSelect>
            <div className="flex items-center gap-2">
              <Input
                aria-label={`${r.ruleValue} ${i + 1}`}
                disabled={rule.me}
                value={rule.me ? '' : rule.values.join(rule.op === 'in' ? ', ' : '')}
                placeholder={rule.me ? r.me : rule.op === 'in' ? r.ruleValueHint : ''}
                onChange={(e) =>
                  set(i, {
                    values:
                      rule.op === 'in'
                        ? e.target.value
                            .split(',')
                            .map((v) => v.trim())
                            .filter((v, k, all) => v || k === all.length - 1)
                        : [e.target.value],
                  })
                }
              />
              {rule.op !== 'in' && col?.kind === 'text' ? (
                <label className="flex shrink-0 items-center gap-1 text-sm">
                  <Checkbox checked={rule.me} onCheckedChange={(v) => set(i, { me: v === true, values: v === true ? [] : [''] })} />
                  {r.me}
                </label>
              ) : null}
            </div>
            <Button size="sm" variant="ghost" aria-label={`${r.removeRule} ${i + 1}`} onClick={() => onChange(rules.filter((_, j) => j !== i))}>
              {r.removeRule}
            </Button>
          </div>
        );
      })}
      <Button
        size="sm"
        variant="outline"
        className="w-fit"
        disabled={!cols.length || rules.length >= 10}
        onClick={() => onChange([...rules, { column: cols[0]!.name, op: 'eq', values: [''], me: false }])}
      >
        {`+ ${r.addRule}`}
      </Button>
    </fieldset>
  );
}

function Members({ seedId, appId, roles }: { seedId: string; appId: string; roles: TAdminRoleView[] }) {
  const data = useRoles(seedId, appId);
  const assign = useAssignRole(seedId, appId);
  const [status, setStatus] = useState('');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{r.members}</CardTitle>
        <CardDescription>{r.membersHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {assign.isError ? <Note alert>{assign.error.message}</Note> : null}
        {status ? (
          <p role="status" className="text-sm text-green-700 dark:text-green-400">
            {status}
          </p>
        ) : null}
        <ul className="grid gap-2">
          {data.data?.data.members.map((mb) => (
            <li key={mb.userId} className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm">
              <span className="font-medium">{mb.name}</span>
              <span className="break-all text-muted-foreground">{mb.email}</span>
              <Badge variant="secondary">{r.seedRoles[mb.seedRole] ?? mb.seedRole}</Badge>
              <span className="ml-auto w-full sm:w-56">
                {mb.seedRole === 'member' ? (
                  <NativeSelect
                    aria-label={`${mb.name} ${r.tab}`}
                    value={mb.roleId ?? ''}
                    disabled={assign.isPending}
                    onChange={(e) => assign.mutate({ userId: mb.userId, roleId: e.target.value || null }, { onSuccess: (res) => setStatus(res.message) })}
                  >
                    <option value="">{r.noRole}</option>
                    {roles.map((x) => (
                      <option key={x.id} value={x.id}>
                        {x.name}
                      </option>
                    ))}
                  </NativeSelect>
                ) : (
                  <span className="text-muted-foreground">{r.fullRights}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function Reveals({ seedId, appId, schema }: { seedId: string; appId: string; schema: TAdminTable[] }) {
  const [page, setPage] = useState(1);
  const log = useReveals(seedId, appId, page);
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / 50));
  const tb = (name: string) => schema.find((x) => x.name === name);
  const cols = r.revealColumns;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{r.revealLog}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {log.isError ? <Note alert>{log.error.message}</Note> : null}
        {log.data && !log.data.data.length ? <Note>{r.revealLogEmpty}</Note> : null}
        {log.data?.data.length ? (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-sm" data-testid="ad-reveals">
              <thead>
                <tr className="border-b text-left">
                  {(['at', 'actor', 'table', 'row', 'column', 'reason'] as const).map((k) => (
                    <th key={k} className="p-2">
                      {cols[k]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {log.data.data.map((e) => {
                  const table = tb(e.table);
                  return (
                    <tr key={e.id} className="border-b">
                      <td className="p-2 whitespace-nowrap">{new Date(e.at).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' })}</td>
                      <td className="p-2">{e.actorName}</td>
                      <td className="p-2">{table ? tableLabel(table) : e.table}</td>
                      <td className="p-2 font-mono">{e.rowKey}</td>
                      <td className="p-2">{table ? labelOf(table, e.column) : e.column}</td>
                      <td className="p-2 break-keep">{e.reason}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
        {pages > 1 ? (
          <div className="flex items-center gap-2 text-sm">
            <span>{t.page(page, pages)}</span>
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t.prev}
            </Button>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t.next}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
