import { useId } from 'react';
import { Link } from 'react-router';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import type { TArticleGroup } from '../lib/group-by-service';
import type { THrefOf } from '../lib/help-href';

const t = koHelpUi;

/** Articles grouped by service: a heading per service (its Korean name) and a linked list of titles and excerpts. */
export function ArticleGroups({ groups, hrefOf, level = 3 }: { groups: TArticleGroup[]; hrefOf: THrefOf; level?: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  const prefix = useId();
  return (
    <div className="grid gap-6 sm:grid-cols-2" data-testid="help-groups">
      {groups.map((g) => (
        <section key={g.service} aria-labelledby={`${prefix}-${g.service}`} className="min-w-0" data-service={g.service}>
          <Heading id={`${prefix}-${g.service}`} className="flex items-baseline justify-between gap-2 text-base font-semibold break-keep">
            {t.services[g.service]} <span className="text-xs font-normal text-muted-foreground">{t.list.count(g.articles.length)}</span>
          </Heading>
          <ul className="mt-2 grid gap-1">
            {g.articles.map((a) => (
              <li key={a.slug}>
                <Link
                  to={hrefOf(a.slug)}
                  className="block rounded-md px-2 py-2 hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="block text-sm font-medium text-primary break-keep">{a.title}</span>
                  {a.excerpt ? <span className="mt-0.5 line-clamp-2 block text-xs text-muted-foreground break-keep">{a.excerpt}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
