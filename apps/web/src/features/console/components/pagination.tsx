import { ChevronLeft, ChevronRight } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { pageItems } from '@/features/console/lib/pages';

const t = ko.consoleUi.users;

export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t.pagination} className="flex flex-wrap items-center justify-center gap-1">
      <Button variant="ghost" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" /> {t.prev}
      </Button>
      {pageItems(page, totalPages).map((p, i) =>
        p === 'ellipsis' ? (
          <span key={`e${i}`} className="px-2 text-muted-foreground" aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={p}
            variant={p === page ? 'default' : 'ghost'}
            size="sm"
            className="min-w-9"
            aria-label={t.page(p)}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onPage(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button variant="ghost" size="sm" onClick={() => onPage(page + 1)} disabled={page >= totalPages}>
        {t.next} <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
