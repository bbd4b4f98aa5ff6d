import { koNotificationsUi } from '@suite/shared/messages/ko-notifications-ui';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const q = koNotificationsUi.quiet;
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
        <div className="grid gap-1.5">
          <Label htmlFor="quiet-start">{q.start}</Label>
          <Input
            id="quiet-start"
            type="time"
            step={60}
            className="w-32"
            value={value.start}
            disabled={disabled || !value.enabled}
            onChange={(e) => onChange({ ...value, start: e.target.value })}
          />
        </div>
        <span aria-hidden="true" className="pb-2 text-muted-foreground">
          ~
        </span>
        <div className="grid gap-1.5">
          <Label htmlFor="quiet-end">{q.end}</Label>
          <Input
            id="quiet-end"
            type="time"
            step={60}
            className="w-32"
            value={value.end}
            disabled={disabled || !value.enabled}
            onChange={(e) => onChange({ ...value, end: e.target.value })}
          />
        </div>
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
