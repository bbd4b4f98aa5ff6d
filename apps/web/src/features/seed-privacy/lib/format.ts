import type { TSeedPrivacyReceipt } from '@suite/shared';

const dateTime = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' });

/** A request's time as people in Korea read it (KST). */
export const receiptTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');

/** The receipt as a JSON file's contents (what the owner keeps or hands to the customer). */
export function receiptJson(r: TSeedPrivacyReceipt, seedName: string): string {
  const { id, kind, subjectKind, subjectMasked, status, receipt, createdAt, completedAt } = r;
  return JSON.stringify({ seed: seedName, id, kind, subjectKind, subject: subjectMasked, status, rows: receipt, createdAt, completedAt }, null, 2);
}
