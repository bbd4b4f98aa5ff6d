const dateTime = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' });

/** A check's time as people in Korea read it (KST); null when it has not happened. */
export const checkTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : null);
