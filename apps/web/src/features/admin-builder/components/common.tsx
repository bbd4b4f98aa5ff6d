import { ko } from '@suite/shared';
import type { TAdminTable } from '@suite/shared/schemas/admin-builder';
import { useSeeds } from '@/lib/seed-context';

export const t = ko.adminBuilder.ui;
export const root = '/admin/services/admin-builder';
export const appPath = (appId: string) => `${root}/apps/${appId}`;
export const tablePath = (appId: string, table: string) => `${root}/apps/${appId}/${encodeURIComponent(table)}`;
export const rowPath = (appId: string, table: string, key: string) => `${tablePath(appId, table)}/row?key=${encodeURIComponent(key)}`;
export const auditPath = (appId: string) => `${root}/audit/${appId}`;

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

export const labelOf = (table: TAdminTable, column: string) => table.settings.columnLabels[column] || column;
export const tableLabel = (table: TAdminTable) => table.settings.label || table.name;
export const keyOf = (table: TAdminTable, row: Record<string, unknown>) => JSON.stringify(table.primaryKey.map((k) => row[k]));

export function show(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? t.yes : t.no;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export const inputClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base md:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';
