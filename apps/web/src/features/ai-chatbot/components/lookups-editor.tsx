import { useState } from 'react';
import { koChatbotLookups } from '@suite/shared/messages/ko-chatbot-lookups';
import { ZLookupInput, type TLookup } from '@suite/shared/schemas/chatbot-lookups';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useConnectionTables, useDeleteLookup, useLookups, usePublishedApis, useSaveLookup } from '../api/lookups';
import { ErrorText } from './error-text';
import { LabelledField } from './labelled-field';

const t = koChatbotLookups.ui;

type TDraft = {
  id?: string | undefined;
  name: string;
  apiId: string;
  table: string;
  keyColumn: string;
  verifyColumn: string;
  verifyRule: 'last4' | 'equals';
  replyColumns: string[];
  labels: Record<string, string>;
  keywords: string;
};

const empty: TDraft = { name: '', apiId: '', table: '', keyColumn: '', verifyColumn: '', verifyRule: 'last4', replyColumns: [], labels: {}, keywords: '' };
const draftOf = (l: TLookup): TDraft => ({ ...l, keywords: l.keywords.join(' ') });

/**
 * 조회 (설정 tab, issue 29): the bot's lookups over tables the API builder published — a list with edit and delete,
 * and a form that picks API → table → columns from the published schema. Members see the list only.
 */
export function LookupsEditor({ seedId, botId, canManage }: { seedId: string; botId: string; canManage: boolean }) {
  const list = useLookups(seedId, botId);
  const remove = useDeleteLookup(seedId, botId);
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [deleting, setDeleting] = useState<TLookup | null>(null);
  return (
    <section className="space-y-3 border-t pt-4" aria-label={t.title}>
      <p className="font-medium">{t.title}</p>
      <p className="text-sm text-muted-foreground break-keep">{t.intro}</p>
      <ErrorText error={list.error ?? remove.error} />
      {list.data && list.data.length === 0 && <p className="text-sm text-muted-foreground">{t.empty}</p>}
      <ul className="space-y-2">
        {list.data?.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
            <div className="min-w-0">
              <p className="font-medium break-keep">{l.name}</p>
              <p className="text-xs text-muted-foreground break-all">
                {t.summary(l.table, l.keyColumn, l.verifyColumn, l.verifyRule === 'last4' ? t.last4 : t.equals)} → {l.replyColumns.join(', ')}
              </p>
              {(l.lockedLastHour ?? 0) > 0 && <p className="text-xs text-destructive break-keep">{t.locked(l.lockedLastHour ?? 0)}</p>}
            </div>
            {canManage && (
              <div className="flex gap-2">
                <Button type="button" size="sm" variant="outline" onClick={() => setDraft(draftOf(l))}>
                  {t.edit}
                </Button>
                <Button type="button" size="sm" variant="outline" onClick={() => setDeleting(l)}>
                  {t.delete}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {canManage && !draft && (
        <Button type="button" variant="outline" onClick={() => setDraft(empty)}>
          {t.add}
        </Button>
      )}
      {canManage && draft && <LookupForm key={draft.id ?? 'new'} seedId={seedId} botId={botId} initial={draft} onDone={() => setDraft(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? t.confirmDelete(deleting.name) : ''}
        confirmLabel={t.delete}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </section>
  );
}

function LookupForm({ seedId, botId, initial, onDone }: { seedId: string; botId: string; initial: TDraft; onDone: () => void }) {
  const [d, setD] = useState<TDraft>(initial);
  const [problem, setProblem] = useState<string | undefined>();
  const apis = usePublishedApis(seedId, true);
  const api = apis.data?.find((a) => a.id === d.apiId);
  const tables = useConnectionTables(seedId, api?.connectionId);
  const readable = api?.tables.filter((x) => x.methods.includes('GET')).map((x) => x.name) ?? [];
  const columns = tables.data?.find((x) => x.name === d.table)?.columns.map((c) => c.name) ?? [];
  const save = useSaveLookup(seedId, botId);
  const set = (patch: Partial<TDraft>) => setD((cur) => ({ ...cur, ...patch }));
  const used = [...new Set([d.keyColumn, d.verifyColumn, ...d.replyColumns].filter(Boolean))];
  const id = (what: string) => `lookup-${initial.id ?? 'new'}-${what}`;
  if (apis.data && apis.data.length === 0) return <p className="text-sm text-muted-foreground break-keep">{t.noApis}</p>;
  return (
    <form
      className="space-y-3 rounded-md border p-3"
      aria-label={initial.id ? t.edit : t.add}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const labels = Object.fromEntries(used.filter((c) => d.labels[c]?.trim()).map((c) => [c, d.labels[c]!.trim()]));
        const parsed = ZLookupInput.safeParse({ ...d, labels, id: undefined });
        if (!parsed.success) return setProblem(parsed.error.issues[0]!.message);
        setProblem(undefined);
        save.mutate({ id: initial.id, input: parsed.data }, { onSuccess: onDone });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <LabelledField id={id('name')} label={t.name}>
          <Input maxLength={40} value={d.name} placeholder={t.namePlaceholder} onChange={(e) => set({ name: e.target.value })} />
        </LabelledField>
        <LabelledField id={id('keywords')} label={t.keywords}>
          <Input value={d.keywords} placeholder={t.keywordsPlaceholder} onChange={(e) => set({ keywords: e.target.value })} />
        </LabelledField>
        <LabelledField id={id('api')} label={t.api}>
          <NativeSelect value={d.apiId} onChange={(e) => set({ apiId: e.target.value, table: '', keyColumn: '', verifyColumn: '', replyColumns: [] })}>
            <option value="">{t.choose}</option>
            {apis.data?.map((a) => (
              <option key={a.id} value={a.id}>
                {`${a.connectionName} · ${a.tables.map((x) => x.name).join(', ')}`.slice(0, 80)}
              </option>
            ))}
          </NativeSelect>
        </LabelledField>
        <LabelledField id={id('table')} label={t.table}>
          <NativeSelect value={d.table} onChange={(e) => set({ table: e.target.value, keyColumn: '', verifyColumn: '', replyColumns: [] })}>
            <option value="">{t.choose}</option>
            {readable.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </LabelledField>
        <LabelledField id={id('key')} label={t.keyColumn}>
          <NativeSelect value={d.keyColumn} onChange={(e) => set({ keyColumn: e.target.value })}>
            <option value="">{t.choose}</option>
            {columns.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </LabelledField>
        <LabelledField id={id('verify')} label={t.verifyColumn}>
          <NativeSelect
            value={d.verifyColumn}
            onChange={(e) => set({ verifyColumn: e.target.value, replyColumns: d.replyColumns.filter((c) => c !== e.target.value) })}
          >
            <option value="">{t.choose}</option>
            {columns
              .filter((c) => c !== d.keyColumn)
              .map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
          </NativeSelect>
        </LabelledField>
        <LabelledField id={id('rule')} label={t.verifyRule}>
          <NativeSelect value={d.verifyRule} onChange={(e) => set({ verifyRule: e.target.value === 'equals' ? 'equals' : 'last4' })}>
            <option value="last4">{t.last4}</option>
            <option value="equals">{t.equals}</option>
          </NativeSelect>
        </LabelledField>
      </div>
      {columns.length > 0 && (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">{t.replyColumns}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {columns
              .filter((c) => c !== d.verifyColumn)
              .map((c) => (
                <label key={c} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    checked={d.replyColumns.includes(c)}
                    onChange={(e) => set({ replyColumns: e.target.checked ? [...d.replyColumns, c] : d.replyColumns.filter((x) => x !== c) })}
                  />
                  {c}
                </label>
              ))}
          </div>
        </fieldset>
      )}
      {used.length > 0 && (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">{t.labels}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {used.map((c) => (
              <LabelledField key={c} id={id(`label-${c}`)} label={t.labelFor(c)}>
                <Input maxLength={30} value={d.labels[c] ?? ''} onChange={(e) => set({ labels: { ...d.labels, [c]: e.target.value } })} />
              </LabelledField>
            ))}
          </div>
        </fieldset>
      )}
      {problem && (
        <p role="alert" className="text-sm text-destructive break-keep">
          {problem}
        </p>
      )}
      <ErrorText error={save.error ?? apis.error ?? tables.error} />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t.save}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
