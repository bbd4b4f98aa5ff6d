import { useId, useState } from 'react';
import { Search, X } from 'lucide-react';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { useDebounced } from '@/lib/use-debounced';
import { useArticleSearch } from '../api/search-articles';
import { groupByService } from '../lib/group-by-service';
import type { THrefOf } from '../lib/help-href';
import { ArticleGroups } from './article-groups';

const t = koHelpUi;

/**
 * The help centre's search (debounced, the server's Korean matching) over the article index: with no query every
 * article grouped by service in catalogue order, with one the matches grouped by service, best group first.
 */
export function ArticleSearch({ hrefOf, level = 2 }: { hrefOf: THrefOf; level?: 2 | 3 }) {
  const [q, setQ] = useState('');
  const settled = useDebounced(q.trim());
  const query = useArticleSearch(settled);
  const id = useId();
  const searching = settled.length > 0;
  const articles = query.data ?? [];
  const groups = groupByService(articles, searching ? 'rank' : 'catalogue');
  const Heading = level === 2 ? 'h2' : 'h3';

  return (
    <div className="grid gap-4">
      <form role="search" onSubmit={(e) => e.preventDefault()} className="relative">
        <label htmlFor={id} className="sr-only">
          {t.search.label}
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id={id}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t.search.placeholder}
          maxLength={200}
          autoComplete="off"
          className="pr-10 pl-9"
        />
        {q ? (
          <button
            type="button"
            onClick={() => setQ('')}
            aria-label={t.search.clear}
            className="absolute top-1/2 right-2 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </form>
      <p className="sr-only" role="status" aria-live="polite">
        {query.isFetching ? t.search.searching : searching && query.isSuccess ? t.search.results(articles.length) : ''}
      </p>
      {query.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{t.list.loadError}</AlertDescription>
        </Alert>
      ) : query.isPending ? (
        <p className="text-sm text-muted-foreground">{t.search.searching}</p>
      ) : (
        <>
          <Heading className="text-lg font-semibold break-keep">{searching ? t.search.results(articles.length) : t.list.heading}</Heading>
          {groups.length ? (
            <ArticleGroups groups={groups} hrefOf={hrefOf} level={level === 2 ? 3 : 4} />
          ) : (
            <p className="text-sm text-muted-foreground break-keep" data-testid="help-none">
              {searching ? t.search.none(settled) : t.list.empty}
            </p>
          )}
        </>
      )}
    </div>
  );
}
