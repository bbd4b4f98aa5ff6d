import { useState } from 'react';
import { ChevronRight } from 'lucide-react';
import type { TOpenApiDoc, TOperation } from '../lib/openapi';
import { MethodBadge } from './method-badge';
import { OperationDetails } from './operation-details';
import { cn } from '@/lib/utils';

/** One operation: method, path and summary; its details render only once opened (hundreds of operations stay fast). */
export function OperationRow({ doc, op, origin }: { doc: TOpenApiDoc; op: TOperation; origin: string }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-md border bg-card">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full min-w-0 items-start gap-2 rounded-md px-3 py-2 text-left hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <ChevronRight className={cn('mt-0.5 size-4 shrink-0 transition-transform', open && 'rotate-90')} aria-hidden="true" />
        <MethodBadge method={op.method} />
        <span className="grid min-w-0 gap-0.5 sm:flex sm:flex-1 sm:items-baseline sm:gap-3">
          <span className="font-mono text-xs break-all sm:text-sm">{op.path}</span>
          <span className="text-xs break-keep text-muted-foreground sm:text-sm">{op.summary}</span>
        </span>
      </button>
      {open ? <OperationDetails doc={doc} op={op} origin={origin} /> : null}
    </li>
  );
}
