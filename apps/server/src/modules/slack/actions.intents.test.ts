import { describe, expect, it } from 'vitest';
import { detectIntent, parseDate, parseDuration, parsePeople, parseTime, seoulInstant, type TBookIntent } from './actions.intents.ts';
import { HELD_OUT } from './testing/actions-heldout.ts';

// Saturday 28 November 2026, 13:00 in Seoul.
const NOW = new Date('2026-11-28T04:00:00Z');

describe('Korean dates and times (Asia/Seoul)', () => {
  it('reads relative days and weekdays', () => {
    expect(parseDate('내일 3시', NOW)).toBe('2026-11-29');
    expect(parseDate('모레', NOW)).toBe('2026-11-30');
    expect(parseDate('오늘', NOW)).toBe('2026-11-28');
    expect(parseDate('이번 주 금요일', NOW)).toBe('2026-11-27');
    expect(parseDate('다음 주 월요일', NOW)).toBe('2026-11-30');
    expect(parseDate('다음주 금요일', NOW)).toBe('2026-12-04');
    expect(parseDate('화요일', NOW)).toBe('2026-12-01');
    expect(parseDate('12월 3일', NOW)).toBe('2026-12-03');
    expect(parseDate('1월 5일', NOW)).toBe('2027-01-05');
    expect(parseDate('회의실 잡아줘', NOW)).toBeNull();
  });
  it('a Seoul day just after midnight is already the next date', () => {
    expect(parseDate('내일', new Date('2026-11-28T15:30:00Z'))).toBe('2026-11-30');
  });
  it('reads clock times', () => {
    expect(parseTime('오후 3시')).toBe(15 * 60);
    expect(parseTime('3시')).toBe(15 * 60);
    expect(parseTime('15:00')).toBe(15 * 60);
    expect(parseTime('3시 반')).toBe(15 * 60 + 30);
    expect(parseTime('오전 10시 20분')).toBe(10 * 60 + 20);
    expect(parseTime('9시')).toBe(9 * 60);
    expect(parseTime('12시 마감')).toBe(12 * 60);
    expect(parseTime('두 시')).toBe(14 * 60);
    expect(parseTime('정오')).toBe(12 * 60);
    expect(parseTime('회의실')).toBeNull();
    expect(parseTime('2시간')).toBeNull();
  });
  it('reads durations and headcounts', () => {
    expect(parseDuration('내일 3시 회의실')).toBe(60);
    expect(parseDuration('2시간')).toBe(120);
    expect(parseDuration('1시간 반')).toBe(90);
    expect(parseDuration('30분만')).toBe(30);
    expect(parseDuration('3시 30분 1시간')).toBe(60);
    expect(parseDuration('3시 30분')).toBe(60);
    expect(parsePeople('4명')).toBe(4);
    expect(parsePeople('네 명')).toBe(4);
    expect(parsePeople('10인')).toBe(10);
    expect(parsePeople('회의실')).toBe(1);
  });
  it('turns a Seoul date and time into the UTC instant', () => {
    expect(seoulInstant('2026-11-29', 15 * 60).toISOString()).toBe('2026-11-29T06:00:00.000Z');
  });
});

/** Phrasings the rules were tuned on. */
const TUNING: { text: string; kind: 'book' | 'meal' | 'myBookings' | null }[] = [
  { text: '<@UBOT0001> 내일 3시 4명 회의실 잡아줘', kind: 'book' },
  { text: '다음 주 월요일 오후 3시 회의실 예약해줘', kind: 'book' },
  { text: '회의실 잡아줘', kind: 'book' },
  { text: '내일 15:00 1시간 미팅룸 예약 부탁해요', kind: 'book' },
  { text: '점심 모집 12시 마감', kind: 'meal' },
  { text: '<@UBOT0001> 저녁 먹을 사람 모아줘', kind: 'meal' },
  { text: '내 예약 보여줘', kind: 'myBookings' },
  { text: '제 예약 알려줘', kind: 'myBookings' },
  { text: '회의실 예약은 어떻게 해요?', kind: null },
  { text: '회의실 예약 방법 알려줘', kind: null },
  { text: '점심 모집 어떻게 해?', kind: null },
  { text: '회의실 몇 명까지 들어가나요?', kind: null },
  { text: '휴가 규정 알려줘', kind: null },
  { text: '요약', kind: null },
];

describe('intents', () => {
  it.each(TUNING)('$text → $kind', ({ text, kind }) => {
    expect(detectIntent(text, NOW)?.kind ?? null).toBe(kind);
  });

  it('a booking request carries its date, time, length and headcount', () => {
    const i = detectIntent('내일 3시 반 4명 2시간 회의실 잡아줘', NOW) as TBookIntent;
    expect(i).toEqual({ kind: 'book', date: '2026-11-29', startMin: 15 * 60 + 30, durationMin: 120, people: 4 });
  });

  it('held-out phrasings (never tuned on): the share detected right', () => {
    const right = HELD_OUT.filter((h) => (detectIntent(h.text, NOW)?.kind ?? null) === h.kind);
    const wrong = HELD_OUT.filter((h) => !right.includes(h)).map((h) => h.text);
    console.info(`slack action intents, held-out: ${right.length}/${HELD_OUT.length} right; wrong: ${JSON.stringify(wrong)}`);
    // No question about a service may become an action.
    expect(HELD_OUT.filter((h) => h.kind === null && detectIntent(h.text, NOW) !== null).map((h) => h.text)).toEqual([]);
    expect(right.length / HELD_OUT.length).toBeGreaterThanOrEqual(0.8);
  });
});
