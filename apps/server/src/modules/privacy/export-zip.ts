/**
 * The export ZIP's contents (issue 32): per table with rows `<table>.json` and `<table>.csv` (UTF-8 with BOM), a
 * Korean README.txt (each file's label, the personal columns' categories and purposes, retention) and summary.json
 * (rows per table). Columns the data map marks `exportable: false` keep their name with a fixed note instead of the
 * value; so do columns whose name says they hold a secret, unless the map explicitly allows them (a safety net for a
 * map entry that forgot to mark one).
 */
import { strToU8, zipSync } from 'fflate';
import { ko } from '@suite/shared';
import { csvDocument } from '../../lib/csv.ts';
import type { TRetention, TTableMap } from './data-map.types.ts';

const m = ko.privacy.export;
const seoulTime = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'medium' });

const SECRET_NAME = /(^|_)(password|secret|token|totp|otp)(_|$)|_hash$|_hashes$|_enc$|_encrypted$|sealed/;

/** Whether a column's value may leave in an export. */
export function exportable(entry: TTableMap, column: string): boolean {
  const flag = entry.personal[column]?.exportable;
  if (flag !== undefined) return flag;
  return !SECRET_NAME.test(column);
}

/** One value as plain JSON: dates in ISO, bigints as strings, binary data as a note of its size. */
export function plainValue(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Uint8Array) return m.binary(v.byteLength);
  return v;
}

/** A row as it appears in the export (secrets replaced by the note). */
export function exportRow(entry: TTableMap, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = exportable(entry, k) ? plainValue(v) : m.excluded;
  return out;
}

function retentionText(r: TRetention): string {
  const t = m.retention;
  if (r.kind === 'account') return t.account;
  if (r.kind === 'days') return r.note ? `${t.days(r.days)} (${r.note})` : t.days(r.days);
  if (r.kind === 'law') return t.law(r.years, r.law);
  if (r.kind === 'transient') return t.transient(r.note);
  return t.none;
}

function readme(subjectLabel: string, at: Date, tables: { entry: TTableMap; rows: number }[]): string {
  const lines = [m.readmeTitle, '', m.readmeIntro(subjectLabel, `${seoulTime.format(at)} (한국 시간)`), m.readmeFiles, m.readmeExcluded, m.readmeEmpty, ''];
  for (const { entry, rows } of tables) {
    if (!rows) continue;
    lines.push(m.readmeTable(entry.table, entry.label, rows));
    for (const [col, p] of Object.entries(entry.personal)) lines.push(m.readmeColumn(col, m.category[p.category], m.purpose[p.purpose]));
    lines.push(m.readmeRetention(retentionText(entry.retention)), '');
  }
  return lines.join('\r\n');
}

export type TExportTable = { entry: TTableMap; rows: Record<string, unknown>[] };

/** The ZIP bytes and the row counts per table. */
export function buildZip(subjectLabel: string, at: Date, tables: TExportTable[]): { bytes: Uint8Array; counts: Record<string, number> } {
  const files: Record<string, Uint8Array> = {};
  const counts: Record<string, number> = {};
  for (const { entry, rows } of tables) {
    counts[entry.table] = rows.length;
    if (!rows.length) continue;
    const shown = rows.map((r) => exportRow(entry, r));
    const header = Object.keys(shown[0]!);
    files[`${entry.table}.json`] = strToU8(JSON.stringify({ table: entry.table, label: entry.label, rows: shown }, null, 2));
    files[`${entry.table}.csv`] = strToU8(
      csvDocument(
        header,
        shown.map((r) => header.map((h) => r[h])),
      ),
    );
  }
  files['summary.json'] = strToU8(JSON.stringify({ createdAt: at.toISOString(), rows: counts }, null, 2));
  files['README.txt'] = strToU8(
    `\uFEFF${readme(
      subjectLabel,
      at,
      tables.map((t) => ({ entry: t.entry, rows: t.rows.length })),
    )}`,
  );
  return { bytes: zipSync(files, { level: 6, mtime: at }), counts };
}
