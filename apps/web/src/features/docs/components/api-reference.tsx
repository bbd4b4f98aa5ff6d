import { useMemo, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { ko } from '@suite/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { filterOperations, groupByTag, toOperations, type TOpenApiDoc, type TOperation } from '../lib/openapi';
import { OperationRow } from './operation-row';

const t = ko.docs.reference;

/**
 * The API reference: every operation of the OpenAPI document grouped by tag, filtered by a search box. A tag's
 * operations render when it is opened (a search opens every matching tag), so ~300 operations cost little.
 */
export function ApiReference({ doc, origin }: { doc: TOpenApiDoc; origin: string }) {
  const all = useMemo(() => toOperations(doc, t.untagged, t.tagNames), [doc]);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterOperations(all, query), [all, query]);
  const groups = useMemo(() => groupByTag(shown), [shown]);
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5 sm:max-w-md">
        <Label htmlFor="docs-api-search">{t.searchLabel}</Label>
        <Input id="docs-api-search" type="search" value={query} placeholder={t.searchPlaceholder} onChange={(e) => setQuery(e.target.value)} />
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {t.count(shown.length, all.length)}
        </p>
      </div>
      {groups.length === 0 ? <p className="text-sm text-muted-foreground">{t.empty}</p> : null}
      <div className="grid gap-2">
        {groups.map(([tag, ops]) => (
          <TagGroup key={tag} tag={ops[0]!.tagLabel} ops={ops} doc={doc} origin={origin} forceOpen={query.trim() !== ''} />
        ))}
      </div>
    </div>
  );
}

function TagGroup({ tag, ops, doc, origin, forceOpen }: { tag: string; ops: TOperation[]; doc: TOpenApiDoc; origin: string; forceOpen: boolean }) {
  const [open, setOpen] = useState(false);
  const expanded = open || forceOpen;
  return (
    <section aria-label={tag} className="rounded-lg border">
      <h2>
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setOpen(!expanded)}
          className="flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-left font-semibold hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ChevronRight className={cn('size-4 shrink-0 transition-transform', expanded && 'rotate-90')} aria-hidden="true" />
          <span className="break-keep">{t.openTag(tag, ops.length)}</span>
        </button>
      </h2>
      {expanded ? (
        <ul className="grid gap-1.5 px-2 pb-2">
          {ops.map((op) => (
            <OperationRow key={op.id} doc={doc} op={op} origin={origin} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
