import { useState } from 'react';
import { koChatbotHandoff } from '@suite/shared/messages/ko-chatbot-handoff';
import { ZOfficeHours, type TOfficeHours } from '@suite/shared/schemas/chatbot-handoff';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useOfficeHours, useSaveOfficeHours } from '../api/inbox';
import { ErrorText } from './error-text';

const c = koChatbotHandoff.console;

/** The bot's office hours (설정 tab): weekdays and hours in Korean time, open on public holidays or not. */
export function OfficeHours({ seedId, botId, canManage }: { seedId: string; botId: string; canManage: boolean }) {
  const hours = useOfficeHours(seedId, botId);
  if (!hours.data) return <ErrorText error={hours.error} />;
  const { openNow, nextOpeningText, ...initial } = hours.data;
  return (
    <div className="space-y-2 border-t pt-4">
      <p className="font-medium">{c.hoursTitle}</p>
      <p className="text-xs text-muted-foreground break-keep">{c.hoursHint}</p>
      <p className="text-sm">{openNow ? c.openNow : c.closedNow(nextOpeningText ?? '—')}</p>
      <HoursForm key={JSON.stringify(initial)} seedId={seedId} botId={botId} canManage={canManage} initial={initial} />
    </div>
  );
}

function HoursForm({ seedId, botId, canManage, initial }: { seedId: string; botId: string; canManage: boolean; initial: TOfficeHours }) {
  const save = useSaveOfficeHours(seedId, botId);
  const [h, setH] = useState<TOfficeHours>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = (d: number) => setH({ ...h, weekdays: h.weekdays.includes(d) ? h.weekdays.filter((x) => x !== d) : [...h.weekdays, d] });
  return (
    <form
      className="space-y-3"
      aria-label={c.hoursTitle}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = ZOfficeHours.safeParse(h);
        if (!parsed.success) return setProblem(parsed.error.issues[0]!.message);
        setProblem(null);
        save.mutate(parsed.data);
      }}
    >
      <fieldset className="flex flex-wrap gap-3" disabled={!canManage}>
        {c.weekdayShort.map((label, i) => (
          <label key={label} className="flex items-center gap-1 text-sm">
            <input type="checkbox" className="size-4 accent-primary" checked={h.weekdays.includes(i + 1)} onChange={() => toggle(i + 1)} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="flex items-center gap-2">
          {c.opens}
          <Input type="time" className="w-32" value={h.opensAt} readOnly={!canManage} onChange={(e) => setH({ ...h, opensAt: e.target.value })} />
        </label>
        <label className="flex items-center gap-2">
          {c.closes}
          <Input type="time" className="w-32" value={h.closesAt} readOnly={!canManage} onChange={(e) => setH({ ...h, closesAt: e.target.value })} />
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={h.openOnHolidays}
            disabled={!canManage}
            onChange={(e) => setH({ ...h, openOnHolidays: e.target.checked })}
          />
          {c.openOnHolidays}
        </label>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-destructive break-keep">
          {problem}
        </p>
      )}
      <ErrorText error={save.error} />
      {save.data && <p className="text-sm text-muted-foreground">{save.data.message}</p>}
      {canManage && (
        <Button type="submit" size="sm" disabled={save.isPending}>
          {c.saveHours}
        </Button>
      )}
    </form>
  );
}
