import { useState } from 'react';
import { ko } from '@suite/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { HeadCells } from '@/components/head-cells';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useBookingStats } from '../api/booking-stats';
import { NoSeed, useSelectedSeed } from '../components/use-seed-id';
import { addDays, seoulInstant, seoulToday } from '../lib/seoul';

const t = ko.rooms.ui;

const PALETTE = ['#2563eb', '#16a34a', '#d97706', '#db2777', '#7c3aed', '#0891b2', '#65a30d', '#dc2626'];

type TRow = { key: string; label: string; minutes: number; bookings: number; parts?: { key: string; minutes: number; colour: string; label: string }[] };

/** Horizontal bars in SVG (hours; per person split by room), with the figures in a table beside them. */
function HoursChart({ title, nameLabel, rows, legend }: { title: string; nameLabel: string; rows: TRow[]; legend?: { label: string; colour: string }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.minutes));
  const H = 26;
  return (
    <figure className="grid gap-2">
      <figcaption className="sr-only">{title}</figcaption>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noData}</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 400 ${rows.length * H}`}
            className="w-full"
            style={{ height: rows.length * H }}
            role="img"
            aria-label={title}
            preserveAspectRatio="none"
          >
            {rows.map((r, i) => {
              const parts = r.parts ?? [{ key: r.key, minutes: r.minutes, colour: 'var(--color-primary)', label: r.label }];
              let x = 0;
              return (
                <g key={r.key}>
                  {parts.map((p) => {
                    const w = (p.minutes / max) * 400;
                    const rect = (
                      <rect key={p.key} x={x} y={i * H + 4} width={w} height={H - 8} fill={p.colour}>
                        <title>{`${r.label} · ${p.label}: ${t.hours(p.minutes / 60)}`}</title>
                      </rect>
                    );
                    x += w;
                    return rect;
                  })}
                </g>
              );
            })}
          </svg>
          {legend?.length ? (
            <ul className="flex flex-wrap gap-3 text-xs">
              {legend.map((l) => (
                <li key={l.label} className="flex items-center gap-1.5">
                  <span className="inline-block size-2.5 rounded-sm" style={{ background: l.colour }} aria-hidden="true" />
                  {l.label}
                </li>
              ))}
            </ul>
          ) : null}
          <table className="w-full table-fixed text-sm">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <HeadCells cells={[[nameLabel], [t.hoursLabel, 'w-20 text-right'], [t.countLabel, 'w-14 text-right']]} />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className="border-t">
                  <td className="truncate py-1" title={r.label}>
                    {r.label}
                    {r.parts && r.parts.length > 1 ? (
                      <span className="block truncate text-xs text-muted-foreground">
                        {r.parts.map((p) => `${p.label} ${t.hours(p.minutes / 60)}`).join(' · ')}
                      </span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap text-right tabular-nums">{t.hours(r.minutes / 60)}</td>
                  <td className="whitespace-nowrap text-right tabular-nums">{t.bookingsN(r.bookings)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}

export function RoomUsersPage() {
  const { seed } = useSelectedSeed();
  const [from, setFrom] = useState(addDays(seoulToday(), -30));
  const [to, setTo] = useState(seoulToday());
  const valid = from <= to;
  const stats = useBookingStats(seed?.id, seoulInstant(from).toISOString(), seoulInstant(addDays(valid ? to : from, 1)).toISOString());
  if (!seed) return <NoSeed />;
  // Who books what: each person's bar split by room, one colour per room (the busiest rooms first).
  const colourOf = new Map((stats.data?.byRoom ?? []).map((r, i) => [r.roomId, { colour: PALETTE[i % PALETTE.length]!, label: r.name }]));
  const legend = [...colourOf.values()];
  const personRows: TRow[] = (stats.data?.byPerson ?? []).map((p) => ({
    key: p.userId,
    label: `${p.name} (${p.email})`,
    minutes: p.minutes,
    bookings: p.bookings,
    parts: (stats.data?.byPersonRoom ?? [])
      .filter((x) => x.userId === p.userId)
      .sort((a, b) => b.minutes - a.minutes)
      .map((x) => ({ key: x.roomId, minutes: x.minutes, colour: colourOf.get(x.roomId)?.colour ?? '#888', label: colourOf.get(x.roomId)?.label ?? '' })),
  }));
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="us-from">{t.from}</Label>
          <Input id="us-from" type="date" value={from} onChange={(e) => e.target.value && setFrom(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="us-to">{t.to}</Label>
          <Input id="us-to" type="date" value={to} onChange={(e) => e.target.value && setTo(e.target.value)} />
        </div>
      </div>
      {stats.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {stats.error.message}
        </p>
      ) : null}
      {!stats.data ? (
        <p className="text-sm text-muted-foreground">{t.loading}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t.byPerson}</CardTitle>
            </CardHeader>
            <CardContent>
              <HoursChart title={t.byPerson} nameLabel={t.person} rows={personRows} legend={legend} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t.byRoom}</CardTitle>
            </CardHeader>
            <CardContent>
              <HoursChart
                title={t.byRoom}
                nameLabel={t.room}
                rows={stats.data.byRoom.map((r) => ({
                  key: r.roomId,
                  label: r.name,
                  minutes: r.minutes,
                  bookings: r.bookings,
                  parts: [{ key: r.roomId, minutes: r.minutes, colour: colourOf.get(r.roomId)?.colour ?? '#888', label: r.name }],
                }))}
              />
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}
