/** Dates, periods and months of the 결제 내역 screens, in Seoul time (the suite bills by the Asia/Seoul month). */
import type { TInvoiceSummary } from '@suite/shared/schemas/billing';

const day = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' });
const dayTime = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** A date the server did not give in a form Date reads (e.g. an empty due date) is shown as it came, or '-'. */
function safe(format: Intl.DateTimeFormat, iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso || '-' : format.format(d);
}

/** '2026. 11. 27.' */
export const formatDay = (iso: string) => safe(day, iso);
/** '2026. 11. 27. 오후 03:00' */
export const formatDayTime = (iso: string) => safe(dayTime, iso);

/**
 * A billing period's first and last day: the stored end is the next period's start (exclusive), so the last day shown
 * is the day before it (['2026. 11. 01.', '2026. 11. 30.']).
 */
export function periodDays(start: string, end: string): [string, string] {
  return [formatDay(start), formatDay(new Date(new Date(end).getTime() - 1).toISOString())];
}

/** 'YYYY-MM' → '2026년 11월'. */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m ? `${m[1]}년 ${Number(m[2])}월` : month;
}

/** Badge colour of an invoice's status. */
export function statusVariant(status: TInvoiceSummary['status']): 'success' | 'destructive' | 'amber' | 'muted' | 'outline' {
  if (status === 'paid') return 'success';
  if (status === 'failed') return 'destructive';
  if (status === 'waiting_deposit') return 'amber';
  if (status === 'open') return 'outline';
  return 'muted';
}
