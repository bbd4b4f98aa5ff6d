/**
 * The writing side of iCalendar (RFC 5545) shared by the rooms' feeds (rooms/rooms.ics.ts) and CalDAV sync
 * (calendar-sync/ical.ts): UTC date-times, TEXT and parameter escaping, and line folding at 75 octets.
 */

/** A UTC DATE-TIME (3.3.5, form 2): 20261128T040000Z. */
export const icalStamp = (d: Date): string =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 5545 TEXT (3.3.11): backslash, `;`, `,` escaped; every line break (CRLF, CR or LF) as `\n`; other controls dropped. */
export const icalText = (s: string): string =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

/** TEXT read back: `\n` (or `\N`) as a line break, `\\`, `\;`, `\,` unescaped. */
export const icalUnText = (s: string): string => s.replace(/\\n/gi, '\n').replace(/\\([\\;,])/g, '$1');

/** A parameter value (CN=…): always quoted; DQUOTE and controls cannot appear inside (3.2), so they are dropped. */
// eslint-disable-next-line no-control-regex
export const icalParam = (s: string): string => `"${s.replace(/["\u0000-\u001f\u007f]/g, '')}"`;

/** Folds a content line longer than 75 octets (3.1): continuation lines start with a space; never splits a character. */
export function icalFold(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= 75) return line;
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

/** Content lines folded and joined with CRLF, ending with CRLF. */
export const icalJoin = (lines: string[]): string => `${lines.map(icalFold).join('\r\n')}\r\n`;
