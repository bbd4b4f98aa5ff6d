import { describe, expect, it } from 'vitest';
import { icalFold, icalJoin, icalParam, icalStamp, icalText, icalUnText } from './ical-text.ts';

describe('iCalendar text', () => {
  it('folds long Korean lines at 75 octets without splitting a character, and unfolding restores them', () => {
    const line = `SUMMARY:${'주간 회의실 예약 확인 '.repeat(12)}`;
    const folded = icalFold(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(75);
    for (const p of parts.slice(1)) expect(p.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(icalFold('SUMMARY:짧은 제목')).toBe('SUMMARY:짧은 제목');
  });

  it('escapes TEXT and reads it back; parameters are quoted without quotes or controls', () => {
    const raw = '회의; 안건, 준비\\메모\r\n둘째 줄\u0007';
    const escaped = icalText(raw);
    expect(escaped).toBe('회의\\; 안건\\, 준비\\\\메모\\n둘째 줄');
    expect(icalUnText(escaped)).toBe('회의; 안건, 준비\\메모\n둘째 줄');
    expect(icalParam('김 "철수"\n')).toBe('"김 철수"');
  });

  it('writes UTC stamps and joins folded lines with CRLF', () => {
    expect(icalStamp(new Date('2026-11-28T04:05:06.789Z'))).toBe('20261128T040506Z');
    expect(icalJoin(['BEGIN:VCALENDAR', 'END:VCALENDAR'])).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });
});
