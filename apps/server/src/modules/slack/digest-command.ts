/**
 * The `/digest` grammar (decision 087), Korean first:
 *   (빈 칸) | 설정 | 상태            → this channel's settings
 *   도움말 | help                    → the commands
 *   구독 | 구독 취소                 → DM subscription (anyone)
 *   매일 18:00 | 매주 금 17:00       → the schedule (admins); times also as '오후 6시', '18시 30분'
 *   채널 게시 | 채널 게시 끄기        → post in the channel too, or only to subscribers (admins)
 *   끄기                             → digest off (admins)
 */
export type TDigestCommand =
  | { kind: 'status' }
  | { kind: 'help' }
  | { kind: 'subscribe' }
  | { kind: 'unsubscribe' }
  | { kind: 'off' }
  | { kind: 'post'; on: boolean }
  | { kind: 'schedule'; frequency: 'daily' | 'weekly'; weekday: number; minuteOfDay: number }
  | { kind: 'error'; error: 'badTime' | 'badWeekday' | 'unknown' };

const WEEKDAYS = '일월화수목금토';

/** '18:00', '9:30', '18시', '6시 30분', '오후 6시', '오전 9시 30분' → minutes after midnight; null when not a time. */
export function parseTime(raw: string): number | null {
  const t = raw.replace(/\s+/g, ' ').trim();
  const colon = /^(\d{1,2}):(\d{2})$/.exec(t);
  if (colon) {
    const h = Number(colon[1]);
    const m = Number(colon[2]);
    return h <= 23 && m <= 59 ? h * 60 + m : null;
  }
  const ko = /^(오전|오후|아침|저녁|밤)?\s?(\d{1,2})\s?시(?:\s?(\d{1,2})\s?분|\s?반)?$/.exec(t);
  if (!ko) return null;
  let h = Number(ko[2]);
  const m = ko[3] !== undefined ? Number(ko[3]) : t.endsWith('반') ? 30 : 0;
  const pm = ko[1] === '오후' || ko[1] === '저녁' || ko[1] === '밤';
  if (ko[1] && (h < 1 || h > 12)) return null;
  if (pm && h < 12) h += 12;
  if ((ko[1] === '오전' || ko[1] === '아침') && h === 12) h = 0;
  return h <= 23 && m <= 59 ? h * 60 + m : null;
}

export function parseDigestCommand(text: string): TDigestCommand {
  const t = text.replace(/\s+/g, ' ').trim();
  const lower = t.toLowerCase();
  if (!t || t === '설정' || t === '상태' || lower === 'status') return { kind: 'status' };
  if (t === '도움말' || lower === 'help' || t === '?') return { kind: 'help' };
  if (/^구독(하기)?$/.test(t) || lower === 'subscribe') return { kind: 'subscribe' };
  if (/^구독\s?(취소|해지|끊기)$/.test(t) || lower === 'unsubscribe') return { kind: 'unsubscribe' };
  if (/^(끄기|끔|중지|off)$/i.test(t)) return { kind: 'off' };
  if (/^채널(에)?\s?게시(\s?켜기)?$/.test(t)) return { kind: 'post', on: true };
  if (/^채널(에)?\s?게시\s?(끄기|안\s?함)$/.test(t) || t === '구독자만') return { kind: 'post', on: false };
  const daily = /^(매일|daily)\s?(.*)$/i.exec(t);
  if (daily) {
    const minute = parseTime(daily[2] ?? '');
    return minute === null ? { kind: 'error', error: 'badTime' } : { kind: 'schedule', frequency: 'daily', weekday: 5, minuteOfDay: minute };
  }
  const weekly = /^(매주|weekly)\s?(\S*)\s?(.*)$/i.exec(t);
  if (weekly) {
    const day = /^([월화수목금토일])(요일)?$/.exec(weekly[2] ?? '');
    if (!day) return { kind: 'error', error: 'badWeekday' };
    const minute = parseTime(weekly[3] ?? '');
    return minute === null
      ? { kind: 'error', error: 'badTime' }
      : { kind: 'schedule', frequency: 'weekly', weekday: WEEKDAYS.indexOf(day[1]!), minuteOfDay: minute };
  }
  return { kind: 'error', error: 'unknown' };
}
