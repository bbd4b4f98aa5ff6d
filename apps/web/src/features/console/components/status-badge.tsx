import { ko } from '@suite/shared';
import { cn } from '@/lib/utils';

const styles = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  beta: 'bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200',
  development: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200',
  inactive: 'bg-muted text-muted-foreground',
};

export function ServiceStatusBadge({ status }: { status: keyof typeof styles }) {
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', styles[status])}>{ko.consoleUi.status[status]}</span>;
}
