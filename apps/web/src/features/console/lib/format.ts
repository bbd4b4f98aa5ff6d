const date = new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Seoul' });
const dateTime = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' });

/** Korean date format, e.g. 2026년 11월 22일. */
export const koDate = (iso: string) => date.format(new Date(iso));
export const koDateTime = (iso: string) => dateTime.format(new Date(iso));
