/**
 * CSV import of an admin app's table: decoded from UTF-8 or CP949, parsed with per-row errors (an unclosed quote,
 * a row with another number of fields than the header), checked against the columns the role may write, inserted
 * in batches under PostgreSQL's 65,535 bind parameters. Every committed import has its audit rows: an intent is
 * written to the suite's database before the customer's database, and the audit rows with the answer after; an
 * intent left pending by a killed process is reconciled against the customer's database. A retry with the same
 * client key (`importId`) gets the first answer and imports nothing again.
 */
import { randomUUID } from 'node:crypto';
import { ko } from '@suite/shared';
import type { TAdminImportResponse } from '@suite/shared/schemas/admin-builder';
import { AppError } from '../../lib/app-error.ts';
import { CsvEncodingError, decodeCsvBytes, parseCsvRecords, type TCsvEncoding } from '../../lib/csv.ts';
import type { TTableInfo } from '../api-builder/data-api.service.ts';
import * as repo from './admin-builder.repository.ts';
import {
  audit,
  auditRow,
  cleanValues,
  failIf,
  keyFilter,
  presentRow,
  ctxOf,
  data,
  rowKeyOf,
  selectOf,
  tableIn,
  visibleColumns,
  appContext,
  writableColumnsOf,
  type TActor,
  type TAppCtx,
  type TDeps,
} from './admin-builder.service.ts';

const m = ko.adminBuilder.server;
const IMPORT_MAX = 2000;
/** Bind parameters per INSERT, well under PostgreSQL's 65,535 (and MariaDB's 65,535 placeholders). */
const PARAM_BUDGET = 30_000;
/** A pending intent older than this belongs to a process that died (an import takes seconds). */
export const STALE_IMPORT_MS = 2 * 60_000;

export type TImportInput = { csv?: string | undefined; csvBase64?: string | undefined; commit: boolean; importId?: string | undefined };
type TRow = Record<string, unknown>;

const bad = (message: string, status = 400) => new AppError('ADMIN_BAD_INPUT', message, { status });

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
  const writable = writableColumnsOf(ctx, t);
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
        query: [['columns', selectOf(columns)]],
        body: values.slice(i, i + perBatch),
        prefer: 'return=representation,missing=default',
      });
      inserted.push(...(res.body as TRow[]));
    }
  } catch (e) {
    await undo(deps, ctx, t, inserted);
    await repo.failImport(deps.db, intent.id);
    throw e;
  }
  const result: TAdminImportResponse = { success: true, message: m.imported(inserted.length), columns, rows: [], imported: inserted.length, encoding };
  await repo.finishImport(
    deps.db,
    intent.id,
    result,
    inserted.map((r) => auditRow(ctx, actor, t, 'create', t.primaryKey.length ? rowKeyOf(t, r) : '', null, r)),
  );
  return result;
}

/** The intent for `key`: a new one, a failed one taken up again, or the first answer of an import already done. */
async function takeIntent(
  deps: TDeps,
  ctx: TAppCtx,
  t: TTableInfo,
  key: string,
  actor: TActor,
  values: TRow[],
): Promise<{ id: string } | { result: TAdminImportResponse }> {
  let prior = await repo.findImport(deps.db, ctx.app.id, key);
  // A key answers only the import it was made for: another table's or another user's answer is not replayed.
  if (prior && (prior.tableName !== t.name || (prior.actorId !== null && prior.actorId !== actor.id))) throw bad(m.importKeyInUse, 409);
  if (prior?.status === 'pending' && Date.now() - prior.updatedAt.getTime() > STALE_IMPORT_MS) {
    await reconcileOne(deps, prior);
    prior = await repo.findImport(deps.db, ctx.app.id, key);
  }
  if (prior?.status === 'done') return { result: prior.result as TAdminImportResponse };
  if (prior?.status === 'pending') throw bad(m.importPending, 409);
  const probeBefore = await probe(deps, ctx, t, values[0]!);
  if (prior) {
    if (!(await repo.restartImport(deps.db, prior.id, { rows: values, probeBefore }))) throw bad(m.importPending, 409);
    return { id: prior.id };
  }
  const row = await repo.insertImportIntent(deps.db, {
    appId: ctx.app.id,
    importKey: key,
    tableName: t.name,
    actorId: actor.id,
    actorName: actor.name,
    rows: values,
    probeBefore,
  });
  if (!row) throw bad(m.importPending, 409);
  return { id: row.id };
}

/** Filters that match rows equal to `values` (JSON values are left out: they do not compare as text). */
function equalTo(t: TTableInfo, values: TRow): [string, string][] {
  const out: [string, string][] = [];
  for (const [c, v] of Object.entries(values)) {
    if (!t.columns.some((x) => x.name === c)) continue;
    if (v === null) out.push([c, 'is.null']);
    else if (typeof v === 'boolean') out.push([c, `is.${v}`]);
    else if (typeof v === 'string' || typeof v === 'number') out.push([c, `eq.${v}`]);
  }
  return out;
}

/** How many rows of the table equal `values` now. */
async function probe(deps: TDeps, ctx: TAppCtx, t: TTableInfo, values: TRow): Promise<number> {
  const res = await data(deps, ctx, {
    table: t.name,
    method: 'GET',
    query: [['select', selectOf([t.primaryKey[0] ?? t.columns[0]!.name])], ...equalTo(t, values), ['limit', '1']],
    prefer: 'count=exact',
  });
  return Number(/\/(\d+)$/.exec(res.headers['content-range'] ?? '')?.[1] ?? 0);
}

/** Takes back the batches already inserted when a later one is refused (the import is all or nothing). */
async function undo(deps: TDeps, ctx: TAppCtx, t: TTableInfo, inserted: TRow[]) {
  if (!inserted.length || t.primaryKey.length !== 1) return;
  const pk = t.primaryKey[0]!;
  for (let i = 0; i < inserted.length; i += 500) {
    const keys = inserted.slice(i, i + 500).map((r) => `"${String(r[pk]).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
    await data(deps, ctx, { table: t.name, method: 'DELETE', query: [[pk, `in.(${keys.join(',')})`]] }).catch(() => undefined);
  }
}

/**
 * A pending intent whose process died: if the customer's database has the rows (the first row's count grew; the
 * insert is one statement per batch), each row found is audited and the intent done; otherwise it failed.
 */
export async function reconcileOne(deps: TDeps, intent: repo.TImportRow): Promise<'done' | 'failed'> {
  const app = await repo.findAppById(deps.db, intent.appId);
  const ctx = app ? await ctxOf(deps, app, 'owner') : undefined;
  const t = ctx?.tables.get(intent.tableName);
  const values = intent.rows as TRow[];
  if (!ctx || !t || !values.length) {
    await repo.failImport(deps.db, intent.id);
    return 'failed';
  }
  if ((await probe(deps, ctx, t, values[0]!)) <= intent.probeBefore) {
    await repo.failImport(deps.db, intent.id);
    return 'failed';
  }
  const actor = { id: intent.actorId ?? '', ip: '', name: intent.actorName };
  const audit = [];
  const order = t.primaryKey.map((k) => `${k}.desc`).join(',');
  for (const v of values) {
    const res = await data(deps, ctx, {
      table: t.name,
      method: 'GET',
      query: [...equalTo(t, v), ...(order ? ([['order', order]] as [string, string][]) : []), ['limit', '1']],
    });
    const row = (res.body as TRow[])[0];
    if (row) audit.push({ ...auditRow(ctx, actor, t, 'create', t.primaryKey.length ? rowKeyOf(t, row) : '', null, row), actorId: intent.actorId });
  }
  const result: TAdminImportResponse = {
    success: true,
    message: m.imported(audit.length),
    columns: Object.keys(values[0]!),
    rows: [],
    imported: audit.length,
    encoding: 'utf-8',
  };
  await repo.finishImport(deps.db, intent.id, result, audit);
  return 'done';
}

/** On start: every intent left pending by a process that died is settled (audited or failed). */
export async function reconcileImports(deps: TDeps, olderThanMs = STALE_IMPORT_MS): Promise<number> {
  const stale = await repo.staleImports(deps.db, new Date(Date.now() - olderThanMs));
  for (const intent of stale) await reconcileOne(deps, intent);
  return stale.length + (await reconcileAudit(deps, olderThanMs));
}

/**
 * A new row, audited like an import of one row: the intent before the customer's database, the audit row with the
 * intent's end after it (a process killed in between is reconciled by the same rule).
 */
export async function createRow(deps: TDeps, actor: TActor, seedId: string, appId: string, table: string, input: Record<string, unknown>) {
  const ctx = await appContext(deps, actor, seedId, appId);
  const t = tableIn(ctx, table, 'create');
  const { values, errors } = cleanValues(ctx, t, input, 'create');
  failIf(errors);
  const intent = await takeIntent(deps, ctx, t, `row-${randomUUID()}`, actor, [values]);
  if ('result' in intent) throw bad(m.importPending, 409);
  let row: TRow;
  try {
    const res = await data(deps, ctx, {
      table,
      method: 'POST',
      query: [],
      body: values,
      prefer: 'return=representation',
      accept: 'application/vnd.pgrst.object+json',
    });
    row = res.body as TRow;
  } catch (e) {
    await repo.failImport(deps.db, intent.id);
    throw e;
  }
  const rowKey = t.primaryKey.length ? rowKeyOf(t, row) : '';
  await repo.finishImport(deps.db, intent.id, { rowKey }, [auditRow(ctx, actor, t, 'create', rowKey, null, row)]);
  return presentRow(ctx, t, row);
}

const same = (a: unknown, b: unknown) => {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  if (String(a) === String(b)) return true;
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && String(a).trim() !== '' && String(b).trim() !== '') return na === nb;
  const da = Date.parse(String(a));
  return !Number.isNaN(da) && da === Date.parse(String(b));
};

/**
 * Pending change records whose process died between writing them and confirming them: an update is confirmed when
 * the row holds the values it wrote, a delete when the row is gone; otherwise the record is dropped (nothing changed).
 */
export async function reconcileAudit(deps: TDeps, olderThanMs = STALE_IMPORT_MS, appId?: string): Promise<number> {
  const stale = await repo.stalePendingAudit(deps.db, new Date(Date.now() - olderThanMs), appId);
  const ctxs = new Map<string, TAppCtx | null>();
  for (const rec of stale) {
    if (!ctxs.has(rec.appId)) {
      const app = await repo.findAppById(deps.db, rec.appId);
      ctxs.set(rec.appId, app ? await ctxOf(deps, app, 'owner').catch(() => null) : null);
    }
    const ctx = ctxs.get(rec.appId);
    const t = ctx?.tables.get(rec.tableName);
    if (!ctx || !t) {
      await repo.dropAudit(deps.db, [rec.id]);
      continue;
    }
    const res = await data(deps, ctx, {
      table: t.name,
      method: 'GET',
      query: [['select', selectOf(visibleColumns(ctx, t, 'row'))], ...keyFilter(t, rec.rowKey)],
    });
    const now = (res.body as TRow[])[0];
    if (rec.action === 'delete') {
      if (now) await repo.dropAudit(deps.db, [rec.id]);
      else await repo.confirmAudit(deps.db, rec.id);
      continue;
    }
    const intended = (rec.after ?? {}) as TRow;
    const before = (rec.before ?? {}) as TRow;
    const row = now ? presentRow(ctx, t, now) : undefined;
    if (!row || !Object.keys(intended).every((k) => same(intended[k], row[k]))) {
      await repo.dropAudit(deps.db, [rec.id]);
      continue;
    }
    const keys = Object.keys(intended).filter((k) => !same(before[k], row[k]));
    if (!keys.length) await repo.dropAudit(deps.db, [rec.id]);
    else
      await repo.confirmAudit(deps.db, rec.id, {
        before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
        after: Object.fromEntries(keys.map((k) => [k, row[k] ?? null])),
      });
  }
  return stale.length;
}

/** The change log, with this app's stale pending records settled first (so that it lists every committed change). */
export async function auditLog(deps: TDeps, actor: TActor, seedId: string, appId: string, query: Parameters<typeof audit>[4]) {
  const result = await audit(deps, actor, seedId, appId, query);
  if (!(await reconcileAudit(deps, STALE_IMPORT_MS, appId))) return result;
  return audit(deps, actor, seedId, appId, query);
}
