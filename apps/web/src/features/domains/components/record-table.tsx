import { Check, X } from 'lucide-react';
import { ko, type TDomainRecord } from '@suite/shared';
import { ScrollRegion } from '@/components/scroll-region';
import { CopyButton } from './copy-button';

const t = ko.domains.ui;

function Found({ found }: { found: boolean | undefined }) {
  if (found === undefined) return <span className="text-muted-foreground">{t.notChecked}</span>;
  return found ? (
    <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-300">
      <Check className="size-4" aria-hidden="true" />
      {t.found}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-destructive">
      <X className="size-4" aria-hidden="true" />
      {t.notFound}
    </span>
  );
}

/** The DNS records to add for one host: type, full name, value (each copyable), role in Korean and whether it was seen. */
export function RecordTable({ host, records }: { host: string; records: TDomainRecord[] }) {
  return (
    <ScrollRegion label={t.recordsRegion(host)} className="rounded-md border" tableClassName="w-full min-w-[40rem] text-sm">
      <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
        <tr>
          <th scope="col" className="px-3 py-2 font-medium">
            {t.columns.type}
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            {t.columns.name}
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            {t.columns.value}
          </th>
          <th scope="col" className="px-3 py-2 font-medium break-keep">
            {t.columns.role}
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            {t.columns.found}
          </th>
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={`${r.role}-${r.type}-${r.name}`} className="border-t align-top" data-testid="domain-record">
            <td className="px-3 py-2 font-mono">{r.type}</td>
            <td className="px-3 py-2">
              <div className="flex items-start gap-2">
                <code className="min-w-0 flex-1 break-all font-mono text-xs">{r.name}</code>
                <CopyButton value={r.name} label={t.copyName(`${r.type} ${t.roles[r.role]}`)} />
              </div>
            </td>
            <td className="px-3 py-2">
              <div className="flex items-start gap-2">
                <code className="max-h-24 min-w-0 flex-1 overflow-y-auto break-all font-mono text-xs">{r.value}</code>
                <CopyButton value={r.value} label={t.copyValue(`${r.type} ${t.roles[r.role]}`)} />
              </div>
            </td>
            <td className="px-3 py-2 break-keep">{t.roles[r.role]}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              <Found found={r.found} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollRegion>
  );
}
