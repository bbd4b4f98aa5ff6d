import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMealReport } from '@suite/shared/schemas/meal-policy';
import { api, apiRaw } from '@/lib/api';
import { mealKeys } from './keys';

export const getMealReport = (seedId: string, month: string) => api<TMealReport>(`/api/seeds/${seedId}/meal-report?month=${encodeURIComponent(month)}`);
export const mealReportQuery = (seedId: string, month: string) =>
  queryOptions({ queryKey: [...mealKeys.all(seedId), 'report', month], queryFn: () => getMealReport(seedId, month), retry: false });
export const useMealReport = (seedId: string, month: string) => useQuery(mealReportQuery(seedId, month));

/** The report as a CSV file (UTF-8 with BOM). */
export async function exportMealReportCsv(seedId: string, month: string): Promise<Blob> {
  return (await apiRaw(`/api/seeds/${seedId}/meal-report.csv?month=${encodeURIComponent(month)}`, { headers: { accept: 'text/csv' } })).blob();
}
