const dateTime = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** When a notice came, in Korean: 방금, N분 전, N시간 전, then the date and time (Asia/Seoul). */
export function noticeTime(iso: string, now: number = Date.now()): string {
  const ms = now - new Date(iso).getTime();
  if (ms < 60_000) return '방금';
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)}분 전`;
  if (ms < 86_400_000) return `${Math.floor(ms / 3_600_000)}시간 전`;
  return dateTime.format(new Date(iso));
}

/** A link of the app's own (`/admin/…`) is followed in the app; anything else is not a link we follow. */
export const isAppLink = (link: string | null): link is string => Boolean(link && link.startsWith('/') && !link.startsWith('//'));
