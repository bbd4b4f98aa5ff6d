import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useParams } from 'react-router';
import { ZAdminAuditQuery } from '@suite/shared/schemas/admin-builder';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useApp } from '../api/get-app';
import { useAudit } from '../api/list-audit';
import { appPath, labelOf, Note, SearchRow, show, t, tableLabel, useSelectedSeed } from '../components/common';

/** The audit query's search term (the server checks the same rule). */
const ZSearch = z.object({ q: ZAdminAuditQuery.shape.q });

/** /admin/services/admin-builder/audit/:appId: who changed what, when, with before/after, searchable. */
export function AdminBuilderAuditPage() {
  const { appId = '' } = useParams();
  const { seed } = useSelectedSeed();
  const [applied, setApplied] = useState('');
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZSearch>, unknown, z.output<typeof ZSearch>>({
    resolver: zodResolver(ZSearch),
    defaultValues: { q: '' },
  });
  const searchError = formState.errors.q?.message;
  const [page, setPage] = useState(1);
  const audit = useAudit(seed?.id ?? '', appId, applied, page);
  // Tables and columns by the labels the builder set (the raw name where none is set or the table left the app).
  const app = useApp(seed?.id ?? '', appId);
  const tableOf = (name: string) => app.data?.schema.find((x) => x.name === name);
  const tableName = (name: string) => {
    const tb = tableOf(name);
    return tb ? tableLabel(tb) : name;
  };
  const columnName = (table: string, column: string) => {
    const tb = tableOf(table);
    return tb ? labelOf(tb, column) : column;
  };
  if (!seed) return <Note>{t.noSeed}</Note>;
  const pages = Math.max(1, Math.ceil((audit.data?.total ?? 0) / 50));
  return (
    <div className="grid gap-4">
      <Link to={appPath(appId)} className="text-sm underline">
        {t.back}
      </Link>
      <form
        className="grid gap-1"
        onSubmit={handleSubmit((v) => {
          setApplied(v.q?.trim() ?? '');
          setPage(1);
        })}
        noValidate
      >
        <SearchRow label={t.auditSearch} placeholder={t.auditSearch} error={searchError} field={register('q')} />
      </form>
      {audit.isError ? <Note alert>{audit.error.message}</Note> : null}
      {audit.data?.data.length === 0 ? <Note>{t.auditEmpty}</Note> : null}
      <ul className="grid gap-2">
        {audit.data?.data.map((e) => (
          <li key={e.id}>
            <Card>
              <CardContent className="grid gap-1 p-3 text-sm" data-testid="ad-audit">
                <div className="flex flex-wrap gap-2">
                  <span className="font-medium">{t.actions[e.action]}</span>
                  <span>{tableName(e.table)}</span>
                  <span className="font-mono">{`${t.key} ${e.rowKey}`}</span>
                  <span>{e.actorName}</span>
                  <time className="ml-auto text-muted-foreground" dateTime={e.at}>
                    {new Date(e.at).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' })}
                  </time>
                </div>
                <ul className="grid gap-0.5">
                  {[...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])].map((k) => (
                    <li key={k} className="break-all">
                      <span data-testid="ad-audit-col">{columnName(e.table, k)}</span>:{' '}
                      {e.before ? <span className="text-muted-foreground line-through">{show(e.before[k])}</span> : null}
                      {e.before && e.after ? ' → ' : null}
                      {e.after ? <span>{show(e.after[k])}</span> : null}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-2 text-sm">
        <span>{t.page(page, pages)}</span>
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t.prev}
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t.next}
        </Button>
      </div>
    </div>
  );
}
