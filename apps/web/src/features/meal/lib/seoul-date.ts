/** Dates and times of meal rounds, shown in Asia/Seoul. */
export function seoulToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function seoulTime(iso: string): string {
  return new Intl.DateTimeFormat('ko-KR', {
    timeZone: 'Asia/Seoul',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

/** A datetime-local value (Seoul wall time) → ISO instant with +09:00. */
export function seoulLocalToIso(local: string): string {
  return new Date(`${local}:00+09:00`).toISOString();
}

/** Now + minutes as a datetime-local value in Seoul wall time. */
export function seoulLocalIn(minutes: number, now = new Date()): string {
  const d = new Date(now.getTime() + minutes * 60_000 + 9 * 3_600_000);
  return d.toISOString().slice(0, 16);
}

/** The deadline as short as is clear beside the round's date: only the time when it falls on that Seoul day. */
export function deadlineBeside(date: string, iso: string): string {
  if (seoulToday(new Date(iso)) !== date) return seoulTime(iso);
  return new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));
}
