import { apiRaw } from '@/lib/api';
import { adTableBase } from './keys';

const TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/**
 * The CSV or Excel workbook of the current filter (every page), fetched through the API client's raw helper. Masked
 * columns come as ●●● unless a 열람 reason is given (the server records it; decision 092).
 */
export async function exportFile(seedId: string, appId: string, table: string, params: URLSearchParams, kind: 'csv' | 'xlsx', reason?: string): Promise<Blob> {
  const p = new URLSearchParams(params);
  p.delete('page');
  p.delete('pageSize');
  p.delete('reason');
  if (reason) p.set('reason', reason);
  return (await apiRaw(`${adTableBase(seedId, appId, table)}/export.${kind}?${p.toString()}`, { headers: { accept: TYPES[kind] } })).blob();
}

/** Saves the export as <table>.csv or <table>.xlsx. */
export async function downloadExport(seedId: string, appId: string, table: string, params: URLSearchParams, kind: 'csv' | 'xlsx' = 'csv', reason?: string) {
  const blob = await exportFile(seedId, appId, table, params, kind, reason);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${table}.${kind}`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
