/**
 * Excel workbooks (.xlsx) of an admin app's table. Export: the list's rows (the CSV export's rows, filters and sort)
 * as typed cells — numbers as numbers, dates and times as Excel dates, yes/no as booleans, the rest as text (a text
 * cell is never a formula, so no formula escaping is needed and the text round-trips exactly). Import: the first
 * sheet's cells as records for the same checks as a CSV import; Excel dates become `YYYY-MM-DD` for date columns and
 * Asia/Seoul wall-clock times for time columns (how the admin builder shows times), which is also how they are written.
 * Libraries: write-excel-file and read-excel-file (both on fflate).
 */
import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/node';
import type { TAdminColumn } from '@suite/shared/schemas/admin-builder';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What a workbook may unpack to (its declared sizes), checked before any XML is parsed: a zip bomb is refused. */
const UNZIPPED_MAX = 50 * 1024 * 1024;
const SEOUL_MS = 9 * 3600_000;
/** Characters XML 1.0 cannot carry: a cell with them would make Excel call the file corrupt. */
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** Digits a double keeps exactly; a longer number (bigint, wide decimal) is written as text so no digit is lost. */
const EXACT_DIGITS = 15;

type TKind = TAdminColumn['kind'];

/** A workbook Excel cannot read either: not a zip, no sheet, broken XML, or unpacking to more than the limit. */
export class XlsxReadError extends Error {
  readonly reason: 'unreadable' | 'tooLarge';
  constructor(reason: 'unreadable' | 'tooLarge') {
    super(`xlsx ${reason}`);
    this.reason = reason;
  }
}

export type TSheetRecord = { line: number; fields: unknown[] };

const pad = (n: number) => String(n).padStart(2, '0');
const utcDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const utcTime = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

function numberCell(v: unknown): Cell {
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  const s = String(v);
  const x = /^-?(\d+)(?:\.(\d+))?$/.exec(s);
  return x && x[1]!.replace(/^0+(?=\d)/, '').length + (x[2]?.length ?? 0) <= EXACT_DIGITS ? Number(s) : s;
}

/** A time as Excel shows it: the wall clock in Asia/Seoul for a time with an offset, a zoneless time as it is. */
function dateTimeCell(v: unknown): Cell {
  const s = v instanceof Date ? v.toISOString() : String(v);
  const x = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(s.trim());
  if (!x) return s;
  const ms = x[3] ? Date.parse(s) + SEOUL_MS : Date.parse(`${x[1]}T${x[2]}Z`);
  return Number.isNaN(ms) ? s : { value: new Date(ms), format: 'yyyy-mm-dd hh:mm:ss' };
}

/** One exported value as a typed cell for its column's kind. */
export function xlsxCell(kind: TKind, v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (kind === 'number' && (typeof v === 'number' || typeof v === 'string')) return numberCell(v);
  if (kind === 'boolean' && (typeof v === 'boolean' || typeof v === 'number')) return typeof v === 'boolean' ? v : v !== 0;
  if (kind === 'date') {
    const x = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v instanceof Date ? utcDay(v) : String(v));
    if (x) return { value: new Date(Date.UTC(Number(x[1]), Number(x[2]) - 1, Number(x[3]))), format: 'yyyy-mm-dd' };
  }
  if (kind === 'datetime') return dateTimeCell(v);
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.replace(XML_INVALID, '');
}

/** A sheet name Excel accepts: at most 31 characters, none of \ / ? * : [ ]. */
const sheetName = (table: string) => table.replace(/[\\/?*:[\]]/g, '_').slice(0, 31) || 'Sheet1';

/** The workbook of one table: a bold header of column names (what the import matches), then the rows. */
export async function xlsxWorkbook(table: string, cols: { name: string; kind: TKind }[], rows: Record<string, unknown>[]): Promise<Buffer> {
  const header: Row = cols.map((c) => ({ value: c.name, fontWeight: 'bold' }));
  const data: Row[] = rows.map((r) => cols.map((c) => xlsxCell(c.kind, r[c.name])));
  return writeXlsxFile([header, ...data], { sheet: sheetName(table), stickyRowsCount: 1 }).toBuffer();
}

/**
 * The first sheet's non-empty rows with their Excel row numbers. The header's cells are text (trailing empty cells
 * dropped); a data row is cut or padded to the header's width, unless it has a value beyond it (then it keeps its
 * length, so the import reports it as a row with another number of fields).
 */
export async function readXlsxRecords(bytes: Buffer): Promise<TSheetRecord[]> {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new XlsxReadError('unreadable');
  let unpacked = 0;
  try {
    unzipSync(bytes, {
      filter: (f) => {
        unpacked += f.originalSize;
        return false;
      },
    });
  } catch {
    throw new XlsxReadError('unreadable');
  }
  if (unpacked > UNZIPPED_MAX) throw new XlsxReadError('tooLarge');
  let sheet: unknown[][];
  try {
    sheet = await readSheet(bytes);
  } catch {
    throw new XlsxReadError('unreadable');
  }
  const empty = (c: unknown) => c === null || c === undefined || c === '';
  const lastFilled = (row: unknown[]) => row.findLastIndex((c) => !empty(c));
  const records: TSheetRecord[] = [];
  let width = -1;
  sheet.forEach((row, i) => {
    const last = lastFilled(row);
    if (last < 0) return;
    if (width < 0) {
      width = last + 1;
      records.push({ line: i + 1, fields: row.slice(0, width).map((c) => (empty(c) ? '' : c instanceof Date ? utcDay(c) : String(c))) });
      return;
    }
    const fields = last >= width ? row.slice(0, last + 1) : [...row.slice(0, width), ...Array<null>(Math.max(0, width - row.length)).fill(null)];
    records.push({ line: i + 1, fields });
  });
  return records;
}

/**
 * One imported cell as the column's value rule takes it (a CSV cell is text; a workbook cell may be a number, a
 * yes/no or a date). Empty → ''; a date → `YYYY-MM-DD` for a date column, `YYYY-MM-DDTHH:MM:SS+09:00` for a time
 * column (Excel's dates carry no zone: Asia/Seoul, as exported), `YYYY-MM-DD[ HH:MM:SS]` for text.
 */
export function xlsxValue(kind: TKind, v: unknown): unknown {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    if (kind === 'date') return utcDay(v);
    if (kind === 'datetime') return `${utcDay(v)}T${utcTime(v)}+09:00`;
    const time = utcTime(v);
    return time === '00:00:00' ? utcDay(v) : `${utcDay(v)} ${time}`;
  }
  if (typeof v === 'boolean') return kind === 'boolean' ? v : String(v);
  if (typeof v === 'number') return kind === 'number' || kind === 'text' ? v : String(v);
  return v;
}
