const dateTime = new Intl.DateTimeFormat('ko-KR', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Seoul',
});
const date = new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Seoul' });

/** 2026-12-27T03:00:00Z → '2026년 12월 27일 12:00' (Korean time). */
export const koDateTime = (iso: string) => dateTime.format(new Date(iso));
/** 2026-12-27T03:00:00Z → '2026년 12월 27일' (Korean time). */
export const koDate = (iso: string) => date.format(new Date(iso));

/** A file size for people: 512 B, 12.3 KB, 4.5 MB. */
export function fileSize(n: number): string {
  if (n < 1_000) return `${n} B`;
  if (n < 1_000_000) return `${(n / 1_000).toFixed(1)} KB`;
  return `${(n / 1_000_000).toFixed(1)} MB`;
}
