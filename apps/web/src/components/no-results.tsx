import { SearchX } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';

const t = ko.consoleUi.search;

/**
 * A searched or filtered list that came back empty: says what was searched and offers the way back. (An empty list
 * without a search keeps its own text: 'nothing here yet' is a different message.)
 */
export function NoResults({ query, onClear, filtered = false }: { query: string; onClear: () => void; filtered?: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center" role="status" data-testid="no-results">
      <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="text-sm text-muted-foreground break-keep">{query ? t.noResults(query) : t.noFilterResults}</p>
      <Button variant="outline" size="sm" onClick={onClear}>
        {query && !filtered ? t.clearSearch : t.clearFilters}
      </Button>
    </div>
  );
}
