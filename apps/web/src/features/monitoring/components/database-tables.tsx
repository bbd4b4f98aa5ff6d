import { Fragment } from 'react';
import { ko } from '@suite/shared';
import type { TDatabaseResponse } from '@suite/shared/schemas/monitoring';
import { HeadCells } from '@/components/head-cells';
import { ScrollRegion } from '@/components/scroll-region';
import { formatBytes, formatCount, formatDateTime, formatMs } from '../lib/health-format';

const d = ko.monitoring.database;
const th = 'px-3 py-2 font-medium';
const num = 'whitespace-nowrap px-3 py-2 text-right font-medium';
const moduleName = (m: string) => d.modules[m] ?? m;

/** Every table, grouped by the module whose schema file declares it, biggest module first. */
export function ModuleTables({ modules }: { modules: TDatabaseResponse['modules'] }) {
  return (
    <ScrollRegion label={d.tables} className="rounded-md border" tableClassName="w-full min-w-[18rem] text-sm">
      <thead className="bg-muted/50 text-left">
        <tr>
          <HeadCells
            cells={[
              [d.table, th],
              [d.rows, num],
              [d.size, num],
            ]}
          />
        </tr>
      </thead>
      <tbody>
        {modules.map((m) => (
          <Fragment key={m.module}>
            <tr className="border-t bg-muted/30" data-testid="db-module" data-module={m.module}>
              <th scope="rowgroup" colSpan={3} className="px-3 py-2 text-left font-semibold">
                {moduleName(m.module)} <span className="font-normal text-muted-foreground">· {d.moduleTotal(m.tables.length, formatBytes(m.sizeBytes))}</span>
              </th>
            </tr>
            {m.tables.map((t) => (
              <tr key={t.name} className="border-t" data-testid="db-table" data-table={t.name}>
                <td className="break-all px-3 py-1.5 pl-4 font-mono text-xs sm:pl-6">{t.name}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">
                  {formatCount(t.rows)}
                  {t.rowsAtLeast ? '+' : ''}
                </td>
                <td className="whitespace-nowrap px-3 py-1.5 text-right tabular-nums">{formatBytes(t.sizeBytes)}</td>
              </tr>
            ))}
          </Fragment>
        ))}
      </tbody>
    </ScrollRegion>
  );
}

export function MigrationsList({ migrations }: { migrations: TDatabaseResponse['migrations'] }) {
  return (
    <div className="grid gap-2">
      <ScrollRegion label={d.migrations} className="max-h-80 overflow-y-auto rounded-md border" tableClassName="w-full min-w-[24rem] text-sm">
        <thead className="sticky top-0 bg-muted text-left">
          <tr>
            <HeadCells
              cells={[
                [d.migrationName, th],
                [d.migrationWhen, th],
              ]}
            />
          </tr>
        </thead>
        <tbody>
          {[...migrations].reverse().map((m) => (
            <tr key={m.name} className="border-t" data-testid="migration">
              <td className="break-all px-3 py-1.5 font-mono text-xs">{m.name}</td>
              <td className="whitespace-nowrap px-3 py-1.5 tabular-nums">{formatDateTime(m.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollRegion>
      <p className="text-xs text-muted-foreground break-keep">{d.migrationWhenHint}</p>
    </div>
  );
}

export function SlowStatements({ slow }: { slow: TDatabaseResponse['slowStatements'] }) {
  if (!slow.available) return <p className="text-sm text-muted-foreground break-keep">{d.slowUnavailable}</p>;
  if (!slow.statements.length) return <p className="text-sm text-muted-foreground">{d.noSlow}</p>;
  return (
    <ScrollRegion label={d.slow} className="rounded-md border" tableClassName="w-full min-w-[40rem] text-sm">
      <thead className="bg-muted/50 text-left">
        <tr>
          <HeadCells
            cells={[
              [d.query, th],
              [d.calls, num],
              [d.meanMs, num],
              [d.totalMs, num],
            ]}
          />
        </tr>
      </thead>
      <tbody>
        {slow.statements.map((s, i) => (
          <tr key={i} className="border-t align-top">
            <td className="max-w-md break-all px-3 py-1.5 font-mono text-xs">{s.query}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(s.calls)}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{formatMs(s.meanMs)}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{formatMs(s.totalMs)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollRegion>
  );
}
