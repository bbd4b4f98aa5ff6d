import { Check, X } from 'lucide-react';
import { ko, type TDomainRecord } from '@suite/shared';
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

/** A record's name or value: monospace, broken anywhere (DKIM keys are long), scrolled when very long, copyable. */
function Copyable({ term, value, label }: { term: string; value: string; label: string }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[4rem_minmax(0,1fr)] sm:items-start sm:gap-3">
      <dt className="text-xs text-muted-foreground sm:pt-2">{term}</dt>
      <dd className="flex min-w-0 items-start gap-2">
        <code className="min-w-0 flex-1 rounded bg-muted px-2 py-1.5 font-mono text-xs break-all">{value}</code>
        <CopyButton value={value} label={label} />
      </dd>
    </div>
  );
}

/**
 * The DNS records to add for one host, one block each (readable at 360 px and with a 400-character DKIM key): type,
 * role in Korean, whether the last check saw it, then the full name and the value, each with a copy button.
 */
export function RecordTable({ host, records }: { host: string; records: TDomainRecord[] }) {
  return (
    <ul className="grid gap-2" aria-label={t.recordsRegion(host)}>
      {records.map((r) => {
        const what = `${r.type} ${t.roles[r.role]}`;
        return (
          <li key={`${r.role}-${r.type}-${r.name}`} className="grid gap-2 rounded-md border p-3 text-sm" data-testid="domain-record">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="rounded bg-secondary px-1.5 py-0.5 font-mono text-xs font-semibold text-secondary-foreground">{r.type}</span>
              <span className="font-medium break-keep">{t.roles[r.role]}</span>
              <span className="ml-auto text-xs">
                <span className="sr-only">{t.columns.found}: </span>
                <Found found={r.found} />
              </span>
            </div>
            <dl className="grid gap-2">
              <Copyable term={t.columns.name} value={r.name} label={t.copyName(what)} />
              <Copyable term={t.columns.value} value={r.value} label={t.copyValue(what)} />
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
