import { ko } from '@suite/shared';
import { TRAFFIC_WINDOWS, type TTrafficWindow } from '@suite/shared/schemas/traffic';
import { Button } from '@/components/ui/button';

/** 1시간 / 24시간 / 7일: a group of toggle buttons (the pressed one is the window shown). */
export function WindowSwitcher({ value, onChange, label }: { value: TTrafficWindow; onChange: (w: TTrafficWindow) => void; label: string }) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md border p-0.5">
      {TRAFFIC_WINDOWS.map((w) => (
        <Button
          key={w}
          type="button"
          size="sm"
          variant={w === value ? 'default' : 'ghost'}
          aria-pressed={w === value}
          className="h-7 px-3"
          onClick={() => onChange(w)}
        >
          {ko.traffic.windows[w]}
        </Button>
      ))}
    </div>
  );
}
