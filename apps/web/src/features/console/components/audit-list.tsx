import { useState } from 'react';
import { ko, type TAuditEntry } from '@suite/shared';
import { NoResults } from '@/components/no-results';
import { ScrollRegion } from '@/components/scroll-region';
import { useAudit } from '@/features/console/api/list-audit';
import { Pagination } from '@/features/console/components/pagination';
import { koDateTime } from '@/features/console/lib/format';
import { useDebounced } from '@/lib/use-debounced';
import { ColumnHeads } from '@/features/console/components/column-heads';
import { ListSearch } from '@/features/console/components/list-search';

const t = ko.consoleUi.users;

/** The action in Korean: its label, and one line of what happened to whom (the raw code only as a tooltip). */
function AuditAction({ entry }: { entry: TAuditEntry }) {
  const line = ko.audit.actions[entry.action] ?? ko.audit.unknown(entry.action);
  const who = entry.actor_email ?? ko.audit.system;
  const target = entry.target_label ?? entry.target_id ?? '';
  return (
    <div className="grid gap-0.5" title={entry.action}>
      <span className="font-medium">{line.label}</span>
      <span className="text-xs text-muted-foreground break-keep">{line.describe(who, target)}</span>
    </div>
  );
}

export function AuditList() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const audit = useAudit(page, debounced);
  return (
    <div className="grid gap-3">
      <ListSearch label={t.auditSearch} placeholder={t.auditSearch} value={search} setSearch={setSearch} setPage={setPage} className="max-w-sm" />
      {audit.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {audit.error.message}
        </p>
      ) : null}
      <ScrollRegion label={t.auditAction} className="rounded-md border" tableClassName="w-full min-w-[640px] text-sm">
        <thead className="bg-muted/50 text-left">
          <tr>
            <ColumnHeads names={[t.auditWhen, t.auditActor, t.auditAction, t.auditTarget]} />
          </tr>
        </thead>
        <tbody>
          {audit.data?.data.length === 0 ? (
            <tr>
              <td colSpan={4} className="px-3 py-10 text-center text-muted-foreground">
                {debounced ? (
                  <NoResults
                    query={debounced}
                    onClear={() => {
                      setSearch('');
                      setPage(1);
                    }}
                  />
                ) : (
                  t.auditEmpty
                )}
              </td>
            </tr>
          ) : null}
          {audit.data?.data.map((e) => (
            <tr key={e.id} className="border-t">
              <td className="px-3 py-2 whitespace-nowrap">{koDateTime(e.created_at)}</td>
              <td className="px-3 py-2 break-all">{e.actor_email ?? '—'}</td>
              <td className="px-3 py-2">
                <AuditAction entry={e} />
              </td>
              <td className="px-3 py-2 break-all">{e.target_label ?? e.target_id ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </ScrollRegion>
      {audit.data ? <Pagination page={audit.data.page} totalPages={audit.data.totalPages} onPage={setPage} /> : null}
    </div>
  );
}
