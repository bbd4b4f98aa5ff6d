import { cn } from '@/lib/utils';

export function SectionHeading({ title, lead, id, className }: { title: string; lead?: string; id?: string; className?: string }) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <h2 id={id} className="text-2xl font-bold tracking-tight break-keep sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 text-muted-foreground break-keep">{lead}</p> : null}
    </div>
  );
}
