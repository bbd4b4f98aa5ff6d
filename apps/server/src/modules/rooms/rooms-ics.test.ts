import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import type { TBookingRow } from './bookings.repository.ts';
import { toIcs } from './rooms.ics.ts';

function row(over: { title: string; agenda?: string; organizerName?: string; attendeeName?: string }): TBookingRow {
  const now = new Date('2026-11-23T01:00:00Z');
  return {
    b: {
      id: '7d0f6a3e-0000-4000-8000-000000000001',
      seedId: 's',
      roomId: 'r',
      organizerId: 'u',
      title: over.title,
      startsAt: now,
      endsAt: new Date(now.getTime() + 3_600_000),
      attendees: [{ email: 'guest@example.com', userId: null, name: over.attendeeName ?? null }],
      agenda: over.agenda ?? '',
      minutes: '',
      status: 'confirmed',
      seriesId: null,
      checkedInAt: null,
      createdAt: now,
      updatedAt: now,
    },
    roomName: '대회의실; 3층, 동관',
    organizerName: over.organizerName ?? '김소유',
    organizerEmail: 'owner@example.com',
  } as unknown as TBookingRow;
}

const parse = (ics: string) => new ICAL.Component(ICAL.parse(ics));

describe('.ics output (RFC 5545)', () => {
  it('keeps an injected CR/LF, ; and , inside the title: one event, the attacker’s attendee never appears', () => {
    const title = 'Sync\rATTENDEE:mailto:evil@x.example\rEND:VEVENT';
    const ics = toIcs(
      [row({ title, agenda: 'a\nb\r\nc, d; e \\ f', organizerName: 'Eve";X=1:mailto:evil@x.example', attendeeName: '손님:"이름"' })],
      'http://localhost:3000',
      title,
    );
    const cal = parse(ics);
    const events = cal.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const ev = events[0]!;
    expect(ev.getFirstPropertyValue('summary')).toBe('Sync\nATTENDEE:mailto:evil@x.example\nEND:VEVENT');
    expect(ev.getFirstPropertyValue('description')).toBe('a\nb\nc, d; e \\ f');
    expect(ev.getFirstPropertyValue('location')).toBe('대회의실; 3층, 동관');
    const attendees = ev.getAllProperties('attendee').map((p) => String(p.getFirstValue()));
    expect(attendees).toEqual(['mailto:guest@example.com']);
    expect(String(ev.getFirstPropertyValue('organizer'))).toBe('mailto:owner@example.com');
    expect(ev.getFirstProperty('organizer')!.getParameter('cn')).toBe('Eve;X=1:mailto:evil@x.example');
    // No raw CR outside CRLF line ends, and no line over 75 octets.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('folds long Korean text at 75 octets without splitting a character, and unfolds to the same text', () => {
    const title = '분기 계획 회의: 매출 목표, 채용 계획; 그리고 사무실 이전 일정과 예산 검토를 모두 다루는 아주 긴 제목';
    const ics = toIcs([row({ title })], 'http://localhost:3000', '회의실');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(ics).toContain('\r\n ');
    expect(parse(ics).getFirstSubcomponent('vevent')!.getFirstPropertyValue('summary')).toBe(title);
  });
});
