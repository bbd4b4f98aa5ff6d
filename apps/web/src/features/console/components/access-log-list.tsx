import { useState } from 'react';
import { ko } from '@suite/shared';
import type { TAccessLogEntry } from '@suite/shared/schemas/privacy';
import { ScrollRegion } from '@/components/scroll-region';
import { useAccessLog, type TAccessLogFilters } from '@/features/console/api/list-access-log';
import { AccessLogFilters } from '@/features/console/components/access-log-filters';
import { ColumnHeads } from '@/features/console/components/column-heads';
import { Pagination } from '@/features/console/components/pagination';
import { koDateTime } from '@/features/console/lib/format';
import { useDebounced } from '@/lib/use-debounced';

const a = ko.privacy.access;
const c = a.columns;

/** The action in Korean (the raw code as a tooltip; an unknown code as it is). */
const actionLabel = (e: TAccessLogEntry) => a.actions[e.action] ?? e.action;

/** 개인정보 접근 기록 (platform admins): who read personal data, when, in which scope, what and why. */
export function AccessLogList() {
  const [filters, setFilters] = useState<TAccessLogFilters>({ actor: '', action: '', from: '', to: '', page: 1 });
  const actor = useDebounced(filters.actor.trim(), 300);
  const log = useAccessLog({ ...filters, actor });
  const rows = log.data?.data ?? [];
  return (
    <div className="grid gap-3">
      <div className="grid gap-1 text-sm text-muted-foreground break-keep">
        <p>{a.intro}</p>
        <p>{a.retentionHint}</p>
      </div>
      <AccessLogFilters value={filters} onChange={setFilters} />
      {log.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {log.error.message || a.loadError}
        </p>
      ) : null}
      {log.data ? <p className="text-sm text-muted-foreground">{a.total(log.data.total)}</p> : null}
      <ScrollRegion label={a.tab} className="rounded-md border" tableClassName="w-full min-w-[760px] text-sm">
        <thead className="bg-muted/50 text-left">
          <tr>
            <ColumnHeads names={[c.at, c.actor, c.scope, c.action, c.subject, c.reason]} />
          </tr>
        </thead>
        <tbody>
          {log.data && rows.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-3 py-10 text-center text-muted-foreground break-keep">
                {a.empty}
              </td>
            </tr>
          ) : null}
          {rows.map((e) => (
            <tr key={e.id} className="border-t align-top">
              <td className="px-3 py-2 whitespace-nowrap">{koDateTime(e.createdAt)}</td>
              <td className="px-3 py-2 break-all" title={e.ip ? `${c.ip} ${e.ip}` : undefined}>
                {e.actorEmail || '—'}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{a.scope[e.scope] ?? e.scope}</td>
              <td className="px-3 py-2 break-keep" title={e.action}>
                {actionLabel(e)}
              </td>
              <td className="px-3 py-2 break-all">{e.subject || '—'}</td>
              <td className="px-3 py-2 break-keep">{e.reason ?? a.noReason}</td>
            </tr>
          ))}
        </tbody>
      </ScrollRegion>
      {log.data ? <Pagination page={log.data.page} totalPages={log.data.totalPages} onPage={(page) => setFilters((f) => ({ ...f, page }))} /> : null}
    </div>
  );
}
