import { ko } from '@suite/shared';
import type { TPublishApiInput } from '@suite/shared/schemas/api-builder';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useTables } from '../api/list-tables';

const t = ko.apiBuilder.ui;
export const METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;
export type TMethod = (typeof METHODS)[number];
/** Picked tables and, per table, the requests it answers (an absent table is not published). */
export type TPicked = Record<string, TMethod[]>;

/** The picked tables as the publish/update body wants them (ttlSeconds kept from `previous`). */
export function toPublished(picked: TPicked, previous: TPublishApiInput['tables'] = []): TPublishApiInput['tables'] {
  return Object.entries(picked)
    .filter(([, methods]) => methods.length)
    .map(([name, methods]) => {
      const ttl = previous.find((p) => p.name === name)?.ttlSeconds;
      return { name, methods: METHODS.filter((m) => methods.includes(m)), ...(ttl !== undefined ? { ttlSeconds: ttl } : {}) };
    });
}

export const fromPublished = (tables: { name: string; methods: TMethod[] }[]): TPicked => Object.fromEntries(tables.map((x) => [x.name, [...x.methods]]));

/**
 * Tables of a connection with a checkbox each and, per table, the requests to allow (views: GET only). Picking a table
 * allows GET; writes are opt-in. Used by the first run, "새 API 공개" and the editor of a published API.
 */
export function TablePicker({
  seedId,
  connectionId,
  value,
  onChange,
  idPrefix,
}: {
  seedId: string;
  connectionId: string;
  value: TPicked;
  onChange: (next: TPicked) => void;
  idPrefix: string;
}) {
  const tables = useTables(seedId, connectionId);
  const set = (name: string, methods: TMethod[]) => {
    const next = { ...value };
    if (methods.length) next[name] = METHODS.filter((m) => methods.includes(m));
    else delete next[name];
    onChange(next);
  };
  if (tables.isLoading) return <p className="text-sm text-muted-foreground">{t.loading}</p>;
  if (tables.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {tables.error.message}
      </p>
    );
  const list = tables.data?.data ?? [];
  if (!list.length) return <p className="text-sm text-muted-foreground break-keep">{t.publish.noTables}</p>;
  return (
    <ul className="grid gap-2">
      {list.map((tb) => {
        const picked = value[tb.name];
        const id = `${idPrefix}-${tb.name}`;
        const methods = tb.kind === 'view' ? (['GET'] as const) : METHODS;
        return (
          <li key={tb.name} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border p-2">
            <span className="flex min-w-40 items-center gap-2">
              <Checkbox id={id} checked={Boolean(picked)} onCheckedChange={(c) => set(tb.name, c === true ? ['GET'] : [])} />
              <Label htmlFor={id} className="font-mono">
                {tb.name}
              </Label>
              <span className="text-xs text-muted-foreground">{tb.kind === 'view' ? t.view : t.columns(tb.columns.length)}</span>
            </span>
            {methods.map((m) => (
              <span key={m} className="flex items-center gap-1 text-xs">
                <Checkbox
                  id={`${id}-${m}`}
                  aria-label={`${tb.name} ${t.methodLabels[m]}`}
                  checked={picked?.includes(m) ?? false}
                  onCheckedChange={(c) => set(tb.name, c === true ? [...(picked ?? []), m] : (picked ?? []).filter((x) => x !== m))}
                />
                <Label htmlFor={`${id}-${m}`} className="break-keep">
                  {t.methodLabels[m]}
                </Label>
              </span>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
