import { apiRaw } from '@/lib/api';

/** Downloads the ledger CSV (a file, not JSON) through the API client's raw helper. */
export async function exportLedgerCsv(seedId: string): Promise<Blob> {
  return (await apiRaw(`/api/seeds/${seedId}/meal-ledger/export`, { headers: { accept: 'text/csv' } })).blob();
}
