import { apiRaw } from '@/lib/api';
import { adTableBase } from './keys';

/** The CSV of the current filter (every page), fetched through the API client's raw helper and saved as <table>.csv. */
export async function exportCsv(seedId: string, appId: string, table: string, params: URLSearchParams): Promise<Blob> {
  const p = new URLSearchParams(params);
  p.delete('page');
  p.delete('pageSize');
  return (await apiRaw(`${adTableBase(seedId, appId, table)}/export.csv?${p.toString()}`, { headers: { accept: 'text/csv' } })).blob();
}

export async function downloadCsv(seedId: string, appId: string, table: string, params: URLSearchParams) {
  const blob = await exportCsv(seedId, appId, table, params);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${table}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
