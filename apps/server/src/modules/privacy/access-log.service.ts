/**
 * The access records' reader (GET /api/admin/privacy/access-log, platform admins). Writing is lib/access-log.ts's
 * recordAccess, which every module calls where personal data is read.
 */
import type { TAccessLogPage, TAccessLogQuery } from '@suite/shared/schemas/privacy';
import type { TTx } from '../../db/client.ts';
import { listAccessLog, type TAccessLogFilter } from './access-log.repository.ts';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date (YYYY-MM-DD, a Seoul day) or an instant; `to` as a date runs to the end of that day. */
export function boundOf(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  if (DATE_ONLY.test(value)) {
    const start = new Date(`${value}T00:00:00+09:00`);
    return end ? new Date(start.getTime() + DAY_MS) : start;
  }
  return new Date(value);
}

export async function accessLogPage(db: TTx, q: TAccessLogQuery): Promise<TAccessLogPage> {
  const filter: TAccessLogFilter = {
    ...(q.actor ? { actor: q.actor } : {}),
    ...(q.action ? { action: q.action } : {}),
    ...(q.from ? { from: boundOf(q.from, false) } : {}),
    ...(q.to ? { to: boundOf(q.to, true) } : {}),
  };
  const { rows, total } = await listAccessLog(db, filter, q.page, q.limit);
  return { data: rows, total, page: q.page, totalPages: Math.ceil(total / q.limit) };
}
