/** iCalendar (RFC 5545) text for one booking or a feed of bookings. Times in UTC; Seoul has no daylight saving. */
import { icalJoin, icalParam as param, icalStamp as stamp, icalText as escape } from '../../lib/ical-text.ts';
import type { TBookingRow } from './bookings.repository.ts';

function event(row: TBookingRow, host: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${row.b.id}@${host}`,
    `DTSTAMP:${stamp(row.b.updatedAt)}`,
    `DTSTART:${stamp(row.b.startsAt)}`,
    `DTEND:${stamp(row.b.endsAt)}`,
    `SUMMARY:${escape(row.b.title)}`,
    `LOCATION:${escape(row.roomName)}`,
    `DESCRIPTION:${escape(row.b.agenda)}`,
    `ORGANIZER;CN=${param(row.organizerName)}:mailto:${row.organizerEmail}`,
    ...row.b.attendees.map((a) => `ATTENDEE${a.name ? `;CN=${param(a.name)}` : ''}:mailto:${a.email}`),
    `STATUS:${row.b.status === 'cancelled' || row.b.status === 'released' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
  return lines;
}

export function toIcs(rows: TBookingRow[], appUrl: string, name: string): string {
  const host = new URL(appUrl).host;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Company Tools//Meeting rooms//KO',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escape(name)}`,
    'X-WR-TIMEZONE:Asia/Seoul',
  ];
  for (const row of rows) lines.push(...event(row, host));
  lines.push('END:VCALENDAR');
  return icalJoin(lines);
}
