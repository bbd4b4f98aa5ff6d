import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { CalendarClock, CheckCircle2, DoorOpen, WifiOff } from 'lucide-react';
import { koRoomsDoor } from '@suite/shared/messages/ko-rooms-door';
import type { TDisplayBooking, TDisplayState } from '@suite/shared/schemas/rooms-door';
import { ApiError } from '@/lib/api';
import { usePageTitle } from '@/lib/page-title';
import { QrCode } from '../components/qr-code';
import { useDisplayAction, useDisplayState } from '../api/door';
import { hhmm, seoulMinute } from '../lib/seoul';

const t = koRoomsDoor.display;
const time = (iso: string) => hhmm(seoulMinute(iso));

/** The clock in Asia/Seoul, corrected by the server's time of the last answer (a tablet's own clock may drift). */
function useClock(serverTime: string, receivedAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now + (receivedAt ? Date.parse(serverTime) - receivedAt : 0);
}

function Booking({ b, label }: { b: TDisplayBooking; label: string }) {
  return (
    <div className="grid gap-1">
      <p className="text-2xl text-neutral-400">{label}</p>
      <p className="text-4xl font-semibold break-keep" data-testid={`display-${label === t.now ? 'now' : 'next'}-title`}>
        {b.title}
      </p>
      <p className="text-2xl text-neutral-300">
        {time(b.startsAt)}–{time(b.endsAt)} · {t.organiser(b.organizerName)}
      </p>
    </div>
  );
}

function Screen({ token, state, receivedAt }: { token: string; state: TDisplayState; receivedAt: number }) {
  const clock = useClock(state.serverTime, receivedAt);
  const action = useDisplayAction(token);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const run = (a: Parameters<typeof action.mutate>[0]) =>
    action.mutate(a, {
      onSuccess: (r) => setMessage({ ok: true, text: r.message }),
      onError: (e) => setMessage({ ok: false, text: e instanceof ApiError ? e.message : t.offline }),
    });
  const busy = Boolean(state.now);
  const checkInTarget = state.now?.canCheckIn ? state.now : state.next?.canCheckIn ? state.next : null;
  return (
    <div className="grid min-h-dvh grid-rows-[auto_1fr_auto] gap-8 bg-neutral-950 p-10 text-neutral-50">
      <header className="flex items-start justify-between gap-6">
        <div>
          <h1 className="text-5xl font-bold break-keep" data-testid="display-room">
            {state.room.name}
          </h1>
          {state.room.location ? <p className="mt-2 text-2xl text-neutral-400">{state.room.location}</p> : null}
        </div>
        <p className="text-6xl font-semibold tabular-nums" data-testid="display-clock" aria-label={hhmm(seoulMinute(new Date(clock)))}>
          {hhmm(seoulMinute(new Date(clock)))}
        </p>
      </header>
      <main className="grid grid-cols-[1fr_auto] gap-10">
        <section className="grid content-start gap-8">
          <div
            className={`rounded-3xl p-8 ${busy ? 'bg-red-900/60 ring-2 ring-red-500' : 'bg-emerald-900/50 ring-2 ring-emerald-500'}`}
            data-testid="display-status"
          >
            {state.now ? (
              <Booking b={state.now} label={t.now} />
            ) : (
              <div className="grid gap-2">
                <p className="text-2xl text-neutral-300">{t.now}</p>
                <p className="text-5xl font-bold" data-testid="display-free">
                  {t.free}
                </p>
                <p className="text-3xl text-emerald-200" data-testid="display-free-until">
                  {state.closedReason ? t.closedToday(state.closedReason) : state.freeUntil ? t.freeUntil(time(state.freeUntil)) : t.closedNow}
                </p>
              </div>
            )}
          </div>
          <div className="grid gap-4">
            {state.quickMinutes.length ? (
              <div className="grid gap-3">
                <p className="text-2xl font-semibold">
                  <DoorOpen className="mr-2 inline size-7" aria-hidden="true" />
                  {t.useNow}
                </p>
                <div className="flex flex-wrap gap-4" role="group" aria-label={t.useNow}>
                  {state.quickMinutes.map((m) => (
                    <button
                      key={m}
                      type="button"
                      disabled={action.isPending}
                      onClick={() => run({ kind: 'quick', minutes: m })}
                      className="min-h-20 min-w-40 rounded-2xl bg-emerald-500 px-8 text-3xl font-bold text-neutral-950 hover:bg-emerald-400 disabled:opacity-50"
                      aria-label={`${t.useNow} ${t.useFor(m)}`}
                    >
                      {t.useFor(m)}
                    </button>
                  ))}
                </div>
                <p className="text-xl text-neutral-400 break-keep">{t.useNowHint}</p>
              </div>
            ) : null}
            {checkInTarget ? (
              <div className="grid gap-3">
                <button
                  type="button"
                  disabled={action.isPending}
                  onClick={() => run({ kind: 'check-in', bookingId: checkInTarget.id })}
                  className="min-h-20 rounded-2xl bg-sky-500 px-8 text-3xl font-bold text-neutral-950 hover:bg-sky-400 disabled:opacity-50"
                >
                  <CheckCircle2 className="mr-3 inline size-8" aria-hidden="true" />
                  {t.checkIn} · {checkInTarget.title}
                </button>
                <p className="text-xl text-neutral-400 break-keep">{t.checkInHint}</p>
              </div>
            ) : state.now?.status === 'checked_in' ? (
              <p className="text-2xl text-sky-300">
                <CheckCircle2 className="mr-2 inline size-7" aria-hidden="true" />
                {t.checkedIn}
              </p>
            ) : null}
            {message ? (
              <p role="status" className={`text-2xl break-keep ${message.ok ? 'text-emerald-300' : 'text-red-300'}`} data-testid="display-message">
                {message.text}
              </p>
            ) : null}
          </div>
          <div className="rounded-3xl bg-neutral-900 p-8" data-testid="display-next">
            {state.next ? (
              <Booking b={state.next} label={t.next} />
            ) : (
              <div className="grid gap-1">
                <p className="text-2xl text-neutral-400">{t.next}</p>
                <p className="text-3xl">{t.noNext}</p>
              </div>
            )}
          </div>
        </section>
        <aside className="grid content-start justify-items-center gap-4">
          <QrCode value={state.checkInUrl} label={t.scanToCheckIn} className="size-64 rounded-2xl bg-white p-2" testId="display-qr" />
          <p className="text-xl text-neutral-300">{t.scanToCheckIn}</p>
        </aside>
      </main>
      <footer className="flex items-center gap-2 text-lg text-neutral-400">
        <CalendarClock className="size-5" aria-hidden="true" />
        {t.updated(time(state.serverTime))}
      </footer>
    </div>
  );
}

/** /rooms/display/{token}: the tablet by a room's door (public; the token is the only credential). */
export function RoomDisplayPage() {
  const { token = '' } = useParams();
  const state = useDisplayState(token);
  usePageTitle(state.data?.room.name ?? t.loading, { noindex: true });
  const err = state.error instanceof ApiError ? state.error : null;
  // Revoked or unknown: the page says so even if it showed the room a moment ago.
  const refused = err !== null && (err.status === 404 || err.status === 410);
  if (state.data && !refused) {
    return (
      <>
        <Screen token={token} state={state.data} receivedAt={state.dataUpdatedAt} />
        {state.isError && !err ? (
          <p role="alert" className="fixed right-6 bottom-6 flex items-center gap-2 rounded-xl bg-red-900 px-4 py-3 text-lg text-white">
            <WifiOff className="size-5" aria-hidden="true" /> {t.offline}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <div className="grid min-h-dvh place-content-center gap-4 bg-neutral-950 p-10 text-center text-neutral-50">
      {state.isPending ? (
        <p className="text-3xl">{t.loading}</p>
      ) : (
        <>
          <h1 className="text-4xl font-bold">{t.revokedTitle}</h1>
          <p role="alert" className="text-2xl text-neutral-300 break-keep" data-testid="display-error">
            {err ? err.message : t.offline}
          </p>
        </>
      )}
    </div>
  );
}
