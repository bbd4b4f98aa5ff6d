/**
 * The little of iCalendar (RFC 5545) that CalDAV sync needs: one VEVENT written for a booking, and the fields of a
 * remote VEVENT read back (UID, slot, title, organizer, attendees with their PARTSTAT). Lines are unfolded on read and
 * folded at 75 octets on write; times are written in UTC and read as UTC, Asia/Seoul, or any TZID Intl knows.
 */

import { icalJoin, icalParam as param, icalStamp as stamp, icalText as text, icalUnText as unText } from '../../lib/ical-text.ts';

export type TIcalAttendee = { email: string; partstat: string; name?: string | undefined };
export type TIcalEvent = {
  uid: string;
  title: string;
  description: string;
  start: Date;
  end: Date;
  organizer: string;
  attendees: TIcalAttendee[];
  cancelled: boolean;
  recurring: boolean;
};

export type TIcalInput = {
  uid: string;
  title: string;
  description: string;
  start: Date;
  end: Date;
  organizer: { email: string; name: string };
  attendees: { email: string; name?: string | null | undefined }[];
  room: { email: string; name: string };
  now: Date;
  sequence: number;
};

/** One VEVENT in a VCALENDAR: the organiser, the attendees and the room (CUTYPE=ROOM, accepted). */
export function buildIcal(e: TIcalInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//company-tools//calendar-sync//KO',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${stamp(e.now)}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTART:${stamp(e.start)}`,
    `DTEND:${stamp(e.end)}`,
    `SUMMARY:${text(e.title)}`,
    ...(e.description ? [`DESCRIPTION:${text(e.description)}`] : []),
    `ORGANIZER;CN=${param(e.organizer.name)}:mailto:${e.organizer.email}`,
    ...e.attendees.map((a) => `ATTENDEE;${a.name ? `CN=${param(a.name)};` : ''}ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION:mailto:${a.email}`),
    `ATTENDEE;CN=${param(e.room.name)};CUTYPE=ROOM;ROLE=NON-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${e.room.email}`,
    `LOCATION:${text(e.room.name)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return icalJoin(lines);
}

type TLine = { name: string; params: Record<string, string>; value: string };

function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]|\n[ \t]/g, '').split(/\r\n|\n|\r/);
}

function parseLine(line: string): TLine | undefined {
  // NAME;P=V;P="V:with colon":value — the first colon outside quotes ends the parameters.
  let inQuote = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') inQuote = !inQuote;
    else if (c === ':' && !inQuote) {
      colon = i;
      break;
    }
  }
  if (colon < 0) return undefined;
  const head = line.slice(0, colon);
  const parts = head.match(/(?:[^;"]|"[^"]*")+/g) ?? [head];
  const params: Record<string, string> = {};
  for (const p of parts.slice(1)) {
    const eq = p.indexOf('=');
    if (eq > 0) params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { name: parts[0]!.toUpperCase(), params, value: line.slice(colon + 1) };
}

/** Minutes the zone is ahead of UTC at `utc` (Intl; Asia/Seoul is +540 all year). */
function zoneOffsetMinutes(zone: string, utc: Date): number {
  try {
    const f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    const p = Object.fromEntries(f.formatToParts(utc).map((x) => [x.type, x.value]));
    const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
    return Math.round((local - Math.floor(utc.getTime() / 60_000) * 60_000) / 60_000);
  } catch {
    return 540;
  }
}

function parseTime(l: TLine): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(l.value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', z] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (z) return new Date(asUtc);
  // A floating time or an all-day date is read in Seoul; a TZID by its zone.
  const zone = l.params.TZID ?? 'Asia/Seoul';
  const offset = zoneOffsetMinutes(zone, new Date(asUtc));
  return new Date(asUtc - offset * 60_000);
}

const mailto = (v: string) =>
  v
    .replace(/^mailto:/i, '')
    .trim()
    .toLowerCase();

/** The first VEVENT of a calendar object, or undefined when it has none or no usable slot. */
export function parseIcal(ics: string): TIcalEvent | undefined {
  const lines = unfold(ics);
  const begin = lines.findIndex((l) => l.trim().toUpperCase() === 'BEGIN:VEVENT');
  if (begin < 0) return undefined;
  const ev: Partial<TIcalEvent> & { attendees: TIcalAttendee[] } = {
    attendees: [],
    title: '',
    description: '',
    organizer: '',
    cancelled: false,
    recurring: false,
  };
  for (const raw of lines.slice(begin + 1)) {
    if (raw.trim().toUpperCase() === 'END:VEVENT') break;
    const l = parseLine(raw);
    if (!l) continue;
    if (l.name === 'UID') ev.uid = l.value.trim();
    else if (l.name === 'SUMMARY') ev.title = unText(l.value);
    else if (l.name === 'DESCRIPTION') ev.description = unText(l.value);
    else if (l.name === 'DTSTART') ev.start = parseTime(l);
    else if (l.name === 'DTEND') ev.end = parseTime(l);
    else if (l.name === 'ORGANIZER') ev.organizer = mailto(l.value);
    else if (l.name === 'STATUS') ev.cancelled = l.value.trim().toUpperCase() === 'CANCELLED';
    else if (l.name === 'RRULE') ev.recurring = true;
    else if (l.name === 'ATTENDEE')
      ev.attendees.push({ email: mailto(l.value), partstat: (l.params.PARTSTAT ?? 'NEEDS-ACTION').toUpperCase(), name: l.params.CN });
  }
  if (!ev.uid || !ev.start || !ev.end) return undefined;
  return ev as TIcalEvent;
}

/**
 * The same calendar object with the room's ATTENDEE answered: PARTSTAT set and, on a decline, the reason as the
 * attendee's X-RESPONSE-COMMENT (what Apple Calendar shows) and a COMMENT line. Everything else is kept as it was.
 */
export function answerRoom(ics: string, roomEmail: string, partstat: 'ACCEPTED' | 'DECLINED', reason?: string): string {
  const lines = unfold(ics).filter((l) => l !== '');
  const out: string[] = [];
  let inEvent = false;
  for (const raw of lines) {
    const upper = raw.trim().toUpperCase();
    if (upper === 'BEGIN:VEVENT') inEvent = true;
    if (inEvent && upper === 'END:VEVENT') {
      if (partstat === 'DECLINED' && reason) out.push(`COMMENT:${text(reason)}`);
      inEvent = false;
    }
    const l = inEvent ? parseLine(raw) : undefined;
    if (l?.name === 'COMMENT') continue;
    if (l?.name === 'ATTENDEE' && mailto(l.value) === roomEmail.toLowerCase()) {
      const params = Object.entries(l.params).filter(([k]) => k !== 'PARTSTAT' && k !== 'X-RESPONSE-COMMENT' && k !== 'RSVP');
      params.push(['PARTSTAT', partstat]);
      if (partstat === 'DECLINED' && reason) params.push(['X-RESPONSE-COMMENT', reason]);
      const head = params.map(([k, v]) => `${k}=${/[;:,"\s]/.test(v) || k === 'CN' || k === 'X-RESPONSE-COMMENT' ? param(v) : v}`).join(';');
      out.push(`ATTENDEE;${head}:${l.value}`);
      continue;
    }
    out.push(raw);
  }
  return icalJoin(out);
}

/** The same calendar object moved to a new slot (DTSTART/DTEND in UTC), its SEQUENCE raised. */
export function moveIcal(ics: string, start: Date, end: Date): string {
  const lines = unfold(ics).filter((l) => l !== '');
  const out = lines.map((raw) => {
    const l = parseLine(raw);
    if (l?.name === 'DTSTART') return `DTSTART:${stamp(start)}`;
    if (l?.name === 'DTEND') return `DTEND:${stamp(end)}`;
    if (l?.name === 'SEQUENCE') return `SEQUENCE:${Number(l.value) + 1 || 1}`;
    return raw;
  });
  return icalJoin(out);
}
