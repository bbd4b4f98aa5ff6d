import type { ReactNode } from 'react';
import { PageContainer } from '@/components/page-container';

/** The centred card every result screen (success, error, 404) sits in. */
export function ResultCard({ children }: { children: ReactNode }) {
  return (
    <PageContainer className="flex justify-center py-12 sm:py-20">
      <div className="relative w-full max-w-lg rounded-xl border bg-card p-6 text-center shadow-sm sm:p-10">{children}</div>
    </PageContainer>
  );
}

export function ResultList({ title, items, icon }: { title: string; items: readonly string[]; icon: ReactNode }) {
  if (!items.length) return null;
  return (
    <section className="mt-6 rounded-lg bg-muted/60 p-4 text-left" aria-label={title}>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-2 grid gap-2">
        {items.map((i) => (
          <li key={i} className="flex gap-2 text-sm text-muted-foreground break-keep">
            <span className="mt-0.5 shrink-0 text-primary">{icon}</span>
            {i}
          </li>
        ))}
      </ul>
    </section>
  );
}
