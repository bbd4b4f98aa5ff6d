import { Link } from 'react-router';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import type { THelpService } from '@suite/shared/schemas/help';
import { useArticleSearch } from '../api/search-articles';
import type { THrefOf } from '../lib/help-href';

const t = koHelpUi.article;

/** The other articles of the same service (from the full index); nothing when there are none. */
export function RelatedArticles({ slug, service, hrefOf }: { slug: string; service: THelpService; hrefOf: THrefOf }) {
  const all = useArticleSearch('');
  const related = (all.data ?? []).filter((a) => a.service === service && a.slug !== slug).slice(0, 8);
  if (!related.length) return null;
  return (
    <nav aria-label={t.related} className="rounded-lg border bg-card p-4">
      <h2 className="text-sm font-semibold break-keep">{t.related}</h2>
      <ul className="mt-2 grid gap-1">
        {related.map((a) => (
          <li key={a.slug}>
            <Link to={hrefOf(a.slug)} className="text-sm text-primary underline-offset-2 hover:underline break-keep">
              {a.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
