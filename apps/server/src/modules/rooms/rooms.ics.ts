/** iCalendar (RFC 5545) text for one booking or a feed of bookings. Times in UTC; Seoul has no daylight saving. */
import type { TBookingRow } from './bookings.repository.ts';

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** RFC 5545 TEXT (3.3.11): backslash, `;`, `,` escaped; every line break (CRLF, CR or LF) as `\n`; other controls dropped. */
const escape = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
/** A parameter value (CN=…): always quoted; DQUOTE and controls cannot appear inside (3.2), so they are dropped. */
// eslint-disable-next-line no-control-regex
const param = (s: string) => `"${s.replace(/["\u0000-\u001f\u007f]/g, '')}"`;

/** Folds lines longer than 75 octets (continuation lines start with a space). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const ch of line) {
    if (Buffer.byteLength(current + ch, 'utf8') > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
    }
    current += ch;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

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
  return lines.map(fold).join('\r\n') + '\r\n';
}
