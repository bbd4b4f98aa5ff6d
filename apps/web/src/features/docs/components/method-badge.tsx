import { cn } from '@/lib/utils';

const COLORS: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  POST: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  PUT: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  PATCH: 'bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-100',
  DELETE: 'bg-rose-100 text-rose-900 dark:bg-rose-900/60 dark:text-rose-100',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span className={cn('inline-flex w-16 shrink-0 justify-center rounded px-1.5 py-0.5 font-mono text-xs font-semibold', COLORS[method] ?? 'bg-muted')}>
      {method}
    </span>
  );
}
