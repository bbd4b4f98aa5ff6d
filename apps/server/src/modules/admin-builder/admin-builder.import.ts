/**
 * CSV and .xlsx import of an admin app's table: CSV decoded from UTF-8 or CP949, a workbook's first sheet read
 * (admin-builder.xlsx.ts), parsed with per-row errors (an unclosed quote, a row with another number of fields than
 * the header), checked against the columns the role may write, inserted
 * in batches under PostgreSQL's 65,535 bind parameters. Every committed import has its audit rows through its
 * intent (admin-builder.intents.ts); a retry with the same client key (`importId`) gets the first answer and imports
 * nothing again.
 */
import { randomUUID } from 'node:crypto';
import { ko } from '@suite/shared';
import type { TAdminImportResponse } from '@suite/shared/schemas/admin-builder';
import { CsvEncodingError, decodeCsvBytes, parseCsvRecords, type TCsvEncoding } from '../../lib/csv.ts';
import type { TTableInfo } from '../api-builder/data-api.service.ts';
import { auditRow } from './admin-builder.audit.ts';
import { columnsOf, tableIn, visibleColumns, writableColumns, type TAppCtx } from './admin-builder.columns.ts';
import { appContext } from './admin-builder.context.ts';
import { data, rowsOf } from './admin-builder.data.ts';
import type { TActor, TDeps } from './admin-builder.deps.ts';
import { bad, takeIntent, type TRow } from './admin-builder.intents.ts';
import { filter, rowKeyOf } from './admin-builder.query.ts';
import * as repo from './admin-builder.repository.ts';
import { cleanValues } from './admin-builder.values.ts';
import { assertInside } from './admin-builder.rules.ts';
import { AppError } from '../../lib/app-error.ts';
import { readXlsxRecords, XlsxReadError, xlsxValue, type TSheetRecord } from './admin-builder.xlsx.ts';

const m = ko.adminBuilder.server;
const IMPORT_MAX = 2000;
/** Bind parameters per INSERT, well under PostgreSQL's 65,535 (and MariaDB's 65,535 placeholders). */
const PARAM_BUDGET = 30_000;

export type TImportInput = {
  csv?: string | undefined;
  csvBase64?: string | undefined;
  xlsxBase64?: string | undefined;
  commit: boolean;
  importId?: string | undefined;
};

type TReadInput = { records: TSheetRecord[]; unclosedQuoteLine: number | null; encoding: TCsvEncoding | 'xlsx' };

/** The file's records: a workbook's first sheet, or the CSV decoded and parsed. */
async function read(input: TImportInput): Promise<TReadInput> {
  if (input.xlsxBase64 !== undefined) {
    try {
      return { records: await readXlsxRecords(Buffer.from(input.xlsxBase64, 'base64')), unclosedQuoteLine: null, encoding: 'xlsx' };
    } catch (e) {
      if (e instanceof XlsxReadError) throw bad(e.reason === 'tooLarge' ? m.xlsxTooLarge : m.xlsxUnreadable);
      throw e;
    }
  }
  const { text, encoding } = decode(input);
  return { ...parseCsvRecords(text), encoding };
}

function decode(input: TImportInput): { text: string; encoding: TCsvEncoding } {
  if (input.csvBase64 !== undefined) {
    try {
      return decodeCsvBytes(Buffer.from(input.csvBase64, 'base64'));
    } catch (e) {
      if (e instanceof CsvEncodingError) throw bad(m.csvEncoding);
      throw e;
    }
  }
  return { text: input.csv ?? '', encoding: 'utf-8' };
}

export async function importCsv(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, input: TImportInput): Promise<TAdminImportResponse> {
  const ctx = await appContext(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'import');
  const s = ctx.settings.get(table)!;
  const label = (c: string) => s.columnLabels[c] || c;
  const parsed = await read(input);
  const { encoding } = parsed;
  const [header, ...lines] = parsed.records;
  if (!header && parsed.unclosedQuoteLine !== null) throw bad(m.csvUnclosedQuote(parsed.unclosedQuoteLine));
  if (!header || (!lines.length && parsed.unclosedQuoteLine === null)) throw bad(m.csvEmpty);
  if (lines.length > IMPORT_MAX) throw bad(m.csvTooMany(IMPORT_MAX));
  const fileColumns = header.fields.map((h) => String(h).trim());
  const seen = new Set<string>();
  const dup = fileColumns.find((c) => seen.size === seen.add(c).size);
  if (dup !== undefined) throw bad(m.csvDuplicateHeader(dup.slice(0, 64)));
  const visible = visibleColumns(ctx, t, 'row');
  const unknown = fileColumns.find((c) => !visible.includes(c));
  if (unknown !== undefined) throw bad(m.csvHeader(unknown.slice(0, 64)));
  // A column the database numbers (the key of an exported file) is left out: the database numbers the new rows.
  const described = columnsOf(ctx, t);
  const numbered = new Set(described.filter((c) => c.generated).map((c) => c.name));
  const skipped = fileColumns.filter((c) => numbered.has(c));
  const columns = fileColumns.filter((c) => !numbered.has(c));
  if (!columns.length) throw bad(m.csvNotWritable(label(skipped[0]!)));
  const writable = writableColumns(ctx, t);
  const locked = columns.find((c) => !writable.has(c));
  if (locked !== undefined) throw bad(m.csvNotWritable(label(locked)));
  const kinds = new Map(described.map((c) => [c.name, c.kind]));
  const cell = (c: string, v: unknown) => (encoding === 'xlsx' ? xlsxValue(kinds.get(c) ?? 'other', v) : v);
  const rows = lines.map((rec) => {
    if (rec.fields.length !== fileColumns.length)
      return { line: rec.line, values: {} as TRow, errors: [{ path: '', message: m.csvRagged(rec.fields.length, fileColumns.length) }] };
    const raw = Object.fromEntries(fileColumns.flatMap((c, j) => (numbered.has(c) ? [] : [[c, cell(c, rec.fields[j])]])));
    const { values, errors } = cleanValues(ctx, t, raw, 'create');
    // A row outside the role's row rules is a row error in the preview (the write path refuses it too).
    if (!errors.length) {
      try {
        assertInside(ctx, t, [values], 'create');
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        errors.push({ path: '', message: e.message });
      }
    }
    return { line: rec.line, values, errors };
  });
  if (parsed.unclosedQuoteLine !== null)
    rows.push({ line: parsed.unclosedQuoteLine, values: {}, errors: [{ path: '', message: m.csvUnclosedQuote(parsed.unclosedQuoteLine) }] });
  const hasErrors = rows.some((r) => r.errors.length);
  if (!input.commit || hasErrors) {
    // The rows with errors first, so that a long file's problems are in the preview.
    const shown = hasErrors ? [...rows.filter((r) => r.errors.length), ...rows.filter((r) => !r.errors.length)] : rows;
    const message = hasErrors ? m.csvHasErrors : skipped.length ? m.importSkipsNumbered(skipped.map(label).join(', ')) : '';
    return { success: !hasErrors, message, columns, rows: shown.slice(0, 200), imported: 0, encoding };
  }
  const values = rows.map((r) => r.values);
  const key = input.importId ?? `auto-${randomUUID()}`;
  const intent = await takeIntent(deps, ctx, t, key, actor, values);
  if ('result' in intent) return intent.result;
  const inserted: TRow[] = [];
  const perBatch = Math.max(1, Math.floor(PARAM_BUDGET / Math.max(1, columns.length)));
  try {
    for (let i = 0; i < values.length; i += perBatch) {
      const res = await data(deps, ctx, {
        table,
        method: 'POST',
        query: { columns },
        body: values.slice(i, i + perBatch),
        prefer: 'return=representation,missing=default',
      });
      inserted.push(...rowsOf(res));
    }
  } catch (e) {
    await undo(deps, ctx, t, inserted);
    await repo.failImport(deps.db, intent.id, deps.now());
    throw e;
  }
  const result: TAdminImportResponse = { success: true, message: m.imported(inserted.length), columns, rows: [], imported: inserted.length, encoding };
  await repo.finishImport(
    deps.db,
    intent.id,
    result,
    inserted.map((r) => auditRow(ctx, actor, t, 'create', t.primaryKey.length ? rowKeyOf(t, r) : '', null, r)),
    deps.now(),
  );
  return result;
}

/** Takes back the batches already inserted when a later one is refused (the import is all or nothing). */
async function undo(deps: TDeps, ctx: TAppCtx, t: TTableInfo, inserted: TRow[]) {
  if (!inserted.length || t.primaryKey.length !== 1) return;
  const pk = t.primaryKey[0]!;
  for (let i = 0; i < inserted.length; i += 500) {
    const keys = inserted.slice(i, i + 500).map((r) => String(r[pk]));
    await data(deps, ctx, { table: t.name, method: 'DELETE', query: { where: [filter(pk, 'in', keys)] } }).catch(() => undefined);
  }
}
