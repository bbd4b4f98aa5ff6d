import { ko } from '@suite/shared';
import { cn } from '@/lib/utils';
import { useGuide } from '../api/get-guide';
import { useGuides } from '../api/list-guides';
import { DocHtml } from './doc-html';

const t = ko.docs.guides;

/** The guide list beside the chosen guide (stacked on a phone); the choice lives in the URL (`?guide=`). */
export function GuidesView({ slug, onChoose }: { slug: string | undefined; onChoose: (slug: string) => void }) {
  const list = useGuides();
  const current = slug ?? list.data?.[0]?.slug;
  const guide = useGuide(current);
  if (list.isPending) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  if (list.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {list.error.message || t.loadFailed}
      </p>
    );
  if (list.data.length === 0) return <p className="text-sm text-muted-foreground">{t.empty}</p>;
  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <nav aria-label={t.listLabel}>
        <ul className="grid gap-1">
          {list.data.map((g) => (
            <li key={g.slug}>
              <button
                type="button"
                aria-current={g.slug === current ? 'page' : undefined}
                onClick={() => onChoose(g.slug)}
                className={cn(
                  'grid w-full gap-0.5 rounded-md px-3 py-2 text-left hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  g.slug === current && 'bg-muted',
                )}
              >
                <span className="text-sm font-medium break-keep">{g.title}</span>
                <span className="line-clamp-2 text-xs break-keep text-muted-foreground">{g.summary}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <article className="min-w-0">
        {guide.isPending ? <p className="text-sm text-muted-foreground">{ko.common.loading}</p> : null}
        {guide.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {guide.error.message || t.loadFailed}
          </p>
        ) : null}
        {guide.data ? (
          <>
            <h2 className="text-xl font-bold break-keep">{guide.data.title}</h2>
            <p className="mt-1 text-sm break-keep text-muted-foreground">{guide.data.summary}</p>
            <DocHtml html={guide.data.html} className="mt-4" />
          </>
        ) : null}
      </article>
    </div>
  );
}
