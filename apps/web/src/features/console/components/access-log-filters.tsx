import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { TAccessLogFilters } from '@/features/console/api/list-access-log';

const a = ko.privacy.access;

type TProps = { value: TAccessLogFilters; onChange: (next: TAccessLogFilters) => void };

/** Actor, action and period of the access records; any change starts again from the first page. */
export function AccessLogFilters({ value, onChange }: TProps) {
  const set = (patch: Partial<TAccessLogFilters>) => onChange({ ...value, ...patch, page: 1 });
  const blank = !value.actor && !value.action && !value.from && !value.to;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,1fr)_minmax(12rem,1fr)_auto_auto_auto] lg:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor="access-actor">{a.filters.actor}</Label>
        <Input id="access-actor" type="search" value={value.actor} placeholder={a.filters.actor} onChange={(e) => set({ actor: e.target.value })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="access-action">{a.filters.action}</Label>
        <NativeSelect id="access-action" value={value.action} onChange={(e) => set({ action: e.target.value })}>
          <option value="">{a.filters.allActions}</option>
          {Object.entries(a.actions).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="access-from">{a.filters.from}</Label>
        <Input id="access-from" type="date" value={value.from} max={value.to || undefined} onChange={(e) => set({ from: e.target.value })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="access-to">{a.filters.to}</Label>
        <Input id="access-to" type="date" value={value.to} min={value.from || undefined} onChange={(e) => set({ to: e.target.value })} />
      </div>
      <Button type="button" variant="outline" disabled={blank} onClick={() => onChange({ actor: '', action: '', from: '', to: '', page: 1 })}>
        {a.filters.reset}
      </Button>
    </div>
  );
}
