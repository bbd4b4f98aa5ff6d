import { koNotificationsUi } from '@suite/shared/messages/ko-notifications-ui';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

const q = koNotificationsUi.quiet;
/** Every half hour of the day in 24-hour time, plus a stored value off that grid (set through the API). */
function timesWith(current: string): string[] {
  const grid = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
  return grid.includes(current) ? grid : [...grid, current].sort();
}

function TimeSelect({ id, label, value, disabled, onChange }: { id: string; label: string; value: string; disabled: boolean; onChange: (v: string) => void }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} className="w-28 tabular-nums" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {timesWith(value).map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export type TQuietDraft = { enabled: boolean; start: string; end: string; digest: boolean };

/** Quiet hours on/off with their start and end (Asia/Seoul), and the digest that folds held mail into one. */
export function QuietHoursFields({ value, onChange, disabled }: { value: TQuietDraft; onChange: (v: TQuietDraft) => void; disabled: boolean }) {
  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="text-base font-semibold">{q.title}</legend>
      <p className="text-sm text-muted-foreground break-keep">{q.description}</p>
      <div className="flex items-center gap-2">
        <Checkbox id="quiet-enabled" checked={value.enabled} onCheckedChange={(v) => onChange({ ...value, enabled: v === true })} />
        <Label htmlFor="quiet-enabled">{q.enabled}</Label>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <TimeSelect
          id="quiet-start"
          label={q.start}
          value={value.start}
          disabled={disabled || !value.enabled}
          onChange={(start) => onChange({ ...value, start })}
        />
        <span aria-hidden="true" className="pb-2 text-muted-foreground">
          ~
        </span>
        <TimeSelect id="quiet-end" label={q.end} value={value.end} disabled={disabled || !value.enabled} onChange={(end) => onChange({ ...value, end })} />
      </div>
      <div className="flex items-start gap-2">
        <Checkbox
          id="quiet-digest"
          className="mt-0.5"
          checked={value.enabled && value.digest}
          disabled={disabled || !value.enabled}
          onCheckedChange={(v) => onChange({ ...value, digest: v === true })}
        />
        <Label htmlFor="quiet-digest" className="leading-snug break-keep">
          {q.digest}
        </Label>
      </div>
    </fieldset>
  );
}
