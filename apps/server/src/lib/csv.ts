import iconv from 'iconv-lite';

/**
 * The suite's one CSV writer and reader (RFC 4180: quoted fields, doubled quotes, CRLF). Every CSV the server sends
 * (the admin builder's export.csv, the meal ledger) is written with `csvHead`/`csvLine`/`csvDocument` below, so one
 * formula-escaping rule applies to all of them (decision 037).
 *
 * Writing guards against formula injection (OWASP "CSV Injection"): a cell starting with = + - @ tab or CR (also
 * after leading whitespace, and the full-width ＝ ＋ － ＠) is prefixed with `'` unless the whole cell is a plain number such as `-12.5`. `-2+3` and `-2+3+cmd|' /C calc'!A0`
 * are formulas, not numbers. Reading reports an unclosed quote and rows whose field count differs from the header
 * per row instead of importing them silently, and decodes bytes saved as UTF-8 (with or without BOM) or CP949/EUC-KR.
 */

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/**
 * = + - @ (also their full-width forms, which some spreadsheet apps fold to ASCII), after any leading whitespace
 * (spreadsheet apps trim it), or a leading tab or CR.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** One cell, quoted where needed and formula-safe. Objects are written as JSON; null/undefined as empty. */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  const safe = FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record with its CRLF. */
export const csvLine = (values: readonly unknown[]) => `${values.map(csvCell).join(',')}\r\n`;

/** A document's start: UTF-8 BOM (so spreadsheet apps read Hangul) and the header line; for a document written in pieces. */
export const csvHead = (header: readonly unknown[]) => `\uFEFF${csvLine(header)}`;

/** A whole document: UTF-8 BOM, header, rows, CRLF line ends. */
export const csvDocument = (header: readonly unknown[], rows: readonly (readonly unknown[])[]) => `${csvHead(header)}${rows.map(csvLine).join('')}`;

export type TCsvRecord = { line: number; fields: string[] };
export type TCsvParsed = { records: TCsvRecord[]; unclosedQuoteLine: number | null };

/**
 * Records with the line number each starts on (1-based; blank lines skipped). A quote left open at the end of the
 * text is reported with the line it opened on; the fields read so far are not returned as a record.
 */
export function parseCsvRecords(text: string): TCsvParsed {
  const src = text.replace(/^\uFEFF/, '');
  const records: TCsvRecord[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let quoteLine = 0;
  const end = () => {
    row.push(field);
    if (row.some((f) => f !== '')) records.push({ line: start, fields: row });
    row = [];
    field = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && src[i + 1] !== '\n')) line++;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      end();
      line++;
      start = line;
    } else field += c;
  }
  if (quoted) return { records, unclosedQuoteLine: quoteLine };
  if (field !== '' || row.length) end();
  return { records, unclosedQuoteLine: null };
}

/** Rows of fields (blank lines skipped); see parseCsvRecords for line numbers and an unclosed quote. */
export const parseCsv = (text: string): string[][] => parseCsvRecords(text).records.map((r) => r.fields);

export type TCsvEncoding = 'utf-8' | 'cp949';

/** Bytes that are neither UTF-8 nor CP949 (Latin-1, UTF-16, a binary file): decoding them would import U+FFFD. */
export class CsvEncodingError extends Error {
  constructor() {
    super('CSV bytes are neither UTF-8 nor CP949');
  }
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Bytes of a CSV file as text: UTF-8 (a BOM is dropped) when the bytes are valid UTF-8, otherwise CP949/EUC-KR
 * (what Excel on Korean Windows saves; a UTF-8 BOM some tools put before it is dropped too). iconv-lite's cp949
 * table: ICU's `euc-kr` TextDecoder in Node drops the CP949 extension syllables such as 똠 (0x8C63). Bytes that
 * CP949 cannot read either throw CsvEncodingError instead of turning into replacement characters.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: TCsvEncoding } {
  const body = UTF8_BOM.every((b, i) => bytes[i] === b) ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body), encoding: 'utf-8' };
  } catch {
    const text = iconv.decode(Buffer.from(body), 'cp949');
    if (text.includes('\uFFFD')) throw new CsvEncodingError();
    return { text, encoding: 'cp949' };
  }
}
