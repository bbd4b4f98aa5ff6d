import { ko } from '@suite/shared';
import { useParams } from 'react-router';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TAdminAppDetailResponse, TAdminTable } from '@suite/shared/schemas/admin-builder';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useSeeds } from '@/lib/seed-context';
import { useApp } from '../api/get-app';

export const t = ko.adminBuilder.ui;
export const root = '/admin/services/admin-builder';
export const appPath = (appId: string) => `${root}/apps/${appId}`;
export const tablePath = (appId: string, table: string) => `${root}/apps/${appId}/${encodeURIComponent(table)}`;
export const rowPath = (appId: string, table: string, key: string) => `${tablePath(appId, table)}/row?key=${encodeURIComponent(key)}`;
export const auditPath = (appId: string) => `${root}/audit/${appId}`;
export const rolesPath = (appId: string) => `${root}/roles/${appId}`;
/** A right's Korean name (custom roles add export, import and 열람: decision 092). */
export const rightName = (right: string) => ko.adminBuilder.roles.ui.rightNames[right] ?? right;

export function useSelectedSeed() {
  const { selected, isLoading } = useSeeds();
  return { seed: selected, isLoading };
}

export const isManager = (role: string | undefined) => role === 'owner' || role === 'admin';

export function Note({ children, alert }: { children: React.ReactNode; alert?: boolean }) {
  return alert ? (
    <p role="alert" className="text-sm text-destructive break-keep">
      {children}
    </p>
  ) : (
    <p className="text-sm text-muted-foreground break-keep">{children}</p>
  );
}

/** A search form's row: the search input and its button, then the input's error. */
export function SearchRow({
  label,
  placeholder,
  error,
  field,
}: {
  label: string;
  placeholder: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  return (
    <>
      <div className="flex gap-2">
        <Input aria-label={label} placeholder={placeholder} aria-invalid={error ? true : undefined} {...field} />
        <Button type="submit" variant="outline">
          {t.search}
        </Button>
      </div>
      {error ? <Note alert>{error}</Note> : null}
    </>
  );
}

type TAppTable = { seedId: string; appId: string; app: TAdminAppDetailResponse['data']; table: TAdminTable };

/** The selected seed's app and the table the path names (:appId/:table), or the note for what is missing. */
export function WithAppTable({ children }: { children: (p: TAppTable) => React.ReactNode }) {
  const { appId = '', table = '' } = useParams();
  const { seed } = useSelectedSeed();
  const app = useApp(seed?.id ?? '', appId);
  if (!seed) return <Note>{t.noSeed}</Note>;
  if (app.isError) return <Note alert>{app.error.message}</Note>;
  if (!app.data) return <Note>{t.loading}</Note>;
  const tb = app.data.schema.find((x) => x.name === table);
  if (!tb) return <Note alert>{t.noRows}</Note>;
  return children({ seedId: seed.id, appId, app: app.data, table: tb });
}

export const labelOf = (table: TAdminTable, column: string) => table.settings.columnLabels[column] || column;
export const tableLabel = (table: TAdminTable) => table.settings.label || table.name;
export const keyOf = (table: TAdminTable, row: Record<string, unknown>) => JSON.stringify(table.primaryKey.map((k) => row[k]));

const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:\d{2}|Z)$/;
const ZONELESS = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?(\.\d+)?$/;
const seoulParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A time from the server (ISO 8601, as PostgREST sends it) as Asia/Seoul wall-clock time for a datetime-local field:
 * `2026-06-01T10:16:00+00:00` → `2026-06-01T19:16`. A zoneless time (MariaDB DATETIME) stays as it is.
 */
export function seoulLocal(v: string): string {
  if (ZONED.test(v)) {
    const p = Object.fromEntries(seoulParts.formatToParts(new Date(v)).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
  }
  const z = ZONELESS.exec(v.replace(' ', 'T'));
  return z ? `${z[1]}T${z[2]}` : v;
}

/** Whether a datetime column keeps the offset (PostgreSQL timestamptz): its field's value is sent as +09:00. */
export const zoned = (type: string) => /with time zone|timestamptz/i.test(type);
/** A datetime-local field's value for the server: Asia/Seoul for a zoned column, as it is otherwise. */
export const fromLocal = (type: string, v: string) => (v && zoned(type) ? `${v.length === 16 ? `${v}:00` : v}+09:00` : v);

export function show(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? t.yes : t.no;
  if (typeof v === 'object') return JSON.stringify(v);
  const s = String(v);
  // Times in Asia/Seoul (the audit log does the same), not the raw UTC the database sends.
  if (ZONED.test(s) || ZONELESS.test(s)) return seoulLocal(s).replace('T', ' ');
  return s;
}

export const inputClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base md:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';
