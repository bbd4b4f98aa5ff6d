import { useState } from 'react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useFreeRooms } from '../api/free-rooms';
import { hhmm, seoulInstant } from '../lib/seoul';

const t = ko.rooms.ui;
const times = Array.from({ length: 97 }, (_, i) => i * 15);

/** From–to, capacity and equipment → the rooms free for the whole slot (asked of the server). */
export function Finder({ seedId, date, onBook }: { seedId: string; date: string; onBook: (roomId: string, date: string, start: number, end: number) => void }) {
  const [day, setDay] = useState(date);
  const [start, setStart] = useState(600);
  const [end, setEnd] = useState(660);
  const [capacity, setCapacity] = useState('');
  const [equipment, setEquipment] = useState('');
  const [query, setQuery] = useState<{ from: string; to: string; capacity?: number; equipment?: string } | null>(null);
  const result = useFreeRooms(seedId, query);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setQuery({
      from: seoulInstant(day, start).toISOString(),
      to: seoulInstant(day, Math.max(end, start + 15)).toISOString(),
      ...(Number(capacity) > 0 ? { capacity: Number(capacity) } : {}),
      ...(equipment.trim() ? { equipment: equipment.trim() } : {}),
    });
  };
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{t.finder}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form onSubmit={submit} className="grid gap-2">
          <div className="grid gap-1">
            <Label htmlFor="fd-date">{t.date}</Label>
            <Input id="fd-date" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div className="grid gap-1">
              <Label htmlFor="fd-from">{t.from}</Label>
              <NativeSelect id="fd-from" value={start} onChange={(e) => setStart(Number(e.target.value))}>
                {times.slice(0, 96).map((m) => (
                  <option key={m} value={m}>
                    {hhmm(m)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="fd-to">{t.to}</Label>
              <NativeSelect id="fd-to" value={end} onChange={(e) => setEnd(Number(e.target.value))}>
                {times.slice(1).map((m) => (
                  <option key={m} value={m}>
                    {hhmm(m)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div className="grid gap-1">
              <Label htmlFor="fd-cap">{t.minCapacity}</Label>
              <Input id="fd-cap" type="number" min={1} inputMode="numeric" value={capacity} onChange={(e) => setCapacity(e.target.value)} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="fd-eq">{t.equipment}</Label>
              <Input id="fd-eq" placeholder={t.equipmentHint} value={equipment} onChange={(e) => setEquipment(e.target.value)} />
            </div>
          </div>
          <Button type="submit" variant="secondary">
            {t.find}
          </Button>
        </form>
        {result.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {result.error.message}
          </p>
        ) : null}
        {result.data ? (
          <div aria-live="polite" className="grid gap-1.5">
            <p className="text-sm text-muted-foreground">{t.found(result.data.length)}</p>
            <ul className="grid gap-1">
              {result.data.map((r) => (
                <li key={r.id} className="flex items-center justify-between gap-2 text-sm">
                  <span className="truncate">{`${r.name} · ${t.capacityN(r.capacity)}${r.equipment.length ? ` · ${r.equipment.join(', ')}` : ''}`}</span>
                  <Button size="sm" variant="outline" onClick={() => onBook(r.id, day, start, Math.max(end, start + 15))}>
                    {t.book}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
