/**
 * PostgreSQL's text for a timestamptz as the ISO string `Date#toISOString` gives. Raw statements read timestamps as
 * text (drizzle's drivers leave them unparsed); a list of hundreds of rows spent more on `new Date(text)` than on
 * anything else per row. With the session in UTC and DateStyle ISO, the text is `YYYY-MM-DD HH:MM:SS[.ffffff]+00`,
 * which becomes ISO by moving characters (milliseconds truncated, as Date keeps them); any other shape (another
 * time zone or DateStyle, a year beyond 9999) goes through Date, so the answer is the same either way.
 */
export function pgTimestampIso(text: string): string {
  const n = text.length;
  if (
    n >= 22 &&
    n <= 29 &&
    text.charCodeAt(4) === 45 /* - */ &&
    text.charCodeAt(10) === 32 /* space */ &&
    text.charCodeAt(n - 3) === 43 /* + */ &&
    text.charCodeAt(n - 2) === 48 &&
    text.charCodeAt(n - 1) === 48
  ) {
    const day = text.slice(0, 10);
    const time = text.slice(11, 19);
    if (n === 22) return `${day}T${time}.000Z`;
    if (text.charCodeAt(19) === 46 /* . */) return `${day}T${time}.${(text.slice(20, n - 3) + '00').slice(0, 3)}Z`;
  }
  return new Date(text).toISOString();
}
