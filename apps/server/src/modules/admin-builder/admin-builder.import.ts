/**
 * CSV import of an admin app's table: decoded from UTF-8 or CP949, parsed with per-row errors (an unclosed quote,
 * a row with another number of fields than the header), checked against the columns the role may write, inserted
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
import { tableIn, visibleColumns, writableColumns, type TAppCtx } from './admin-builder.columns.ts';
import { appContext } from './admin-builder.context.ts';
import { data, rowsOf } from './admin-builder.data.ts';
import type { TActor, TDeps } from './admin-builder.deps.ts';
import { bad, takeIntent, type TRow } from './admin-builder.intents.ts';
import { filter, rowKeyOf } from './admin-builder.query.ts';
import * as repo from './admin-builder.repository.ts';
import { cleanValues } from './admin-builder.values.ts';

const m = ko.adminBuilder.server;
const IMPORT_MAX = 2000;
/** Bind parameters per INSERT, well under PostgreSQL's 65,535 (and MariaDB's 65,535 placeholders). */
const PARAM_BUDGET = 30_000;

export type TImportInput = { csv?: string | undefined; csvBase64?: string | undefined; commit: boolean; importId?: string | undefined };

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
  const t = tableIn(ctx, table, 'create');
  const s = ctx.settings.get(table)!;
  const label = (c: string) => s.columnLabels[c] || c;
  const { text, encoding } = decode(input);
  const parsed = parseCsvRecords(text);
  const [header, ...lines] = parsed.records;
  if (!header && parsed.unclosedQuoteLine !== null) throw bad(m.csvUnclosedQuote(parsed.unclosedQuoteLine));
  if (!header || (!lines.length && parsed.unclosedQuoteLine === null)) throw bad(m.csvEmpty);
  if (lines.length > IMPORT_MAX) throw bad(m.csvTooMany(IMPORT_MAX));
  const columns = header.fields.map((h) => h.trim());
  const seen = new Set<string>();
  const dup = columns.find((c) => seen.size === seen.add(c).size);
  if (dup !== undefined) throw bad(m.csvDuplicateHeader(dup.slice(0, 64)));
  const visible = visibleColumns(ctx, t, 'row');
  const unknown = columns.find((c) => !visible.includes(c));
  if (unknown !== undefined) throw bad(m.csvHeader(unknown.slice(0, 64)));
  const writable = writableColumns(ctx, t);
  const locked = columns.find((c) => !writable.has(c));
  if (locked !== undefined) throw bad(m.csvNotWritable(label(locked)));
  const rows = lines.map((rec) => {
    if (rec.fields.length !== columns.length)
      return { line: rec.line, values: {} as TRow, errors: [{ path: '', message: m.csvRagged(rec.fields.length, columns.length) }] };
    const { values, errors } = cleanValues(ctx, t, Object.fromEntries(columns.map((c, j) => [c, rec.fields[j]!])), 'create');
    return { line: rec.line, values, errors };
  });
  if (parsed.unclosedQuoteLine !== null)
    rows.push({ line: parsed.unclosedQuoteLine, values: {}, errors: [{ path: '', message: m.csvUnclosedQuote(parsed.unclosedQuoteLine) }] });
  const hasErrors = rows.some((r) => r.errors.length);
  if (!input.commit || hasErrors) {
    // The rows with errors first, so that a long file's problems are in the preview.
    const shown = hasErrors ? [...rows.filter((r) => r.errors.length), ...rows.filter((r) => !r.errors.length)] : rows;
    return { success: !hasErrors, message: hasErrors ? m.csvHasErrors : '', columns, rows: shown.slice(0, 200), imported: 0, encoding };
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
